// ESLint (flat config): `npm run lint`, one step of `npm test`. Untyped rules only, so the whole tree lints in
// seconds; the type check (tsc) already runs as its own step.
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

/** The React binding of the engine: screens, widgets, the shell, the app, the preview, and hooks or contexts kept
 * beside the pure code they bind (`*.tsx`, `use-*.ts`). Everything else in engine/ is its core: no React. */
const ENGINE_REACT = [
  'engine/main.tsx',
  'engine/app/**',
  'engine/form/**',
  'engine/screens/**',
  'engine/shell/**',
  'engine/preview/**',
  'engine/**/*.tsx',
  'engine/**/use-*.ts',
];

const REACT_PACKAGES = ['react', 'react/*', 'react-dom', 'react-dom/*', 'swr', 'swr/*', '@rjsf/core', '@rjsf/core/*'];

/** Nothing in engine/ reaches into the API, the build scripts or the tests. */
const ENGINE_OUTSIDE = [
  { group: ['**/server', '**/server/**'], message: 'engine/ is the generic engine: it imports nothing from server/.' },
  {
    group: ['**/scripts/**', '#scripts/*'],
    message: 'engine/ imports nothing from scripts/ (the build gives it virtual: modules).',
  },
  { group: ['**/tests/**'], message: 'engine/ imports nothing from tests/.' },
];
/** The engine core knows screens, fields, conditions, calls and messages: no React, and no product code (domain/). */
const ENGINE_CORE_ONLY = [
  {
    group: ['**/domain', '**/domain/**'],
    message: 'The engine core imports no product code (domain/); bind it from a screen or widget.',
  },
];

export default defineConfig(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      '.data/**',
      '.generated/**',
      'reports/**',
      'test-results/**',
      'playwright-report/**',
      'engine/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,ts,tsx}'],
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      // Import cycles are refused: a cycle makes load order matter and hides which module owns what.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
    // No rule is switched off in a comment (issue 26): a fix goes in the code, an exception in this file for all to
    // see. With `noInlineConfig` a comment `eslint-disable…` has no effect and is reported; `npm run lint` runs with
    // `--max-warnings 0`, so the report fails it.
    linterOptions: { noInlineConfig: true },
  },
  {
    // React code: the engine's binding and the component tests (Playwright's fixtures also call a `use`, not a hook).
    files: ['engine/**/*.{ts,tsx}', 'tests/component/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Tests read and break JSON documents of any shape (API answers, content copies); product code has no `any`.
    files: ['tests/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['engine/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...ENGINE_OUTSIDE,
            ...ENGINE_CORE_ONLY,
            {
              group: REACT_PACKAGES,
              message:
                'The engine core is plain functions: React lives in the binding (app/, form/, screens/, shell/, preview/, *.tsx, use-*.ts).',
            },
          ],
          paths: [
            {
              name: 'react-router-dom',
              allowImportNames: ['matchRoutes'],
              message:
                "The engine core may use react-router's pure matcher (matchRoutes) only; components and hooks live in the binding.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ENGINE_REACT,
    rules: {
      'no-restricted-imports': ['error', { patterns: ENGINE_OUTSIDE }],
    },
  },

  {
    // Scripts (the build, the checks, the benchmarks, the screenshots) import nothing from tests/: what both need
    // (the sandbox sign-up) lives in scripts/lib/ or server/, and the tests import it from there.
    files: ['scripts/**/*.{ts,tsx,js}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/tests', '**/tests/**'],
              message: 'scripts/ imports nothing from tests/: move what both need to scripts/lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Browser storage is written in two places only: drafts (engine/state/drafts.ts, which leave sensitive fields out)
    // and engine/state/session-store.ts (which refuses any text shaped like a personal number).
    files: ['engine/**/*.{ts,tsx}'],
    ignores: ['engine/state/drafts.ts', 'engine/state/session-store.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['sessionStorage', 'localStorage'].map((object) => ({
          object,
          property: 'setItem',
          message:
            'Write through engine/state/session-store.ts writeSession: no personal number may reach browser storage.',
        })),
      ],
    },
  },
);
