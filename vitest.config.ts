import { defineConfig } from 'vitest/config';
import { contentPlugin } from './scripts/vite/content-plugin.ts';
import { markdownStubAlias } from './scripts/vite/markdown-stub.ts';

const root = import.meta.dirname;

// Test tiers (see tests/README.md). Each tier is a vitest project so `npm test` can run them in order and a
// developer can run one: `npx vitest run --project unit`. Component tests get the same content plugin as the
// app, so they render the real screens with the real precompiled validators.
export default defineConfig({
  plugins: [contentPlugin(root)],
  resolve: { alias: [markdownStubAlias(root)] },
  test: {
    globals: true,
    // Two workers on the 2-core CI machine (vitest's default there is one): the tiers are CPU-bound.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        // Property tests run many cases; on a loaded 2-core CI machine they need more than the default 5 s.
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/spec/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/component/setup.ts'],
          // A jsdom render of a whole screen with its lazy form takes ~1 s here and several times that on a
          // loaded 2-core CI machine; these are correctness tests, never timings (speed lives in npm run bench).
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts', 'tests/storage/**/*.test.ts', 'tests/attack/**/*.test.ts'],
          environment: 'node',
          // Each file opens its own embedded database: a copy of one migrated template (tests/storage/pglite-template.ts).
          globalSetup: ['tests/storage/pglite-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        // Many instances behind HAProxy on PgBouncer (issue 23): real processes, run by .ci/run with PostgreSQL
        // after the api project, never alongside it (it starts three servers of its own). Skipped without
        // TEST_DATABASE_URL, so `npm test` does not run it.
        test: {
          name: 'scale',
          include: ['tests/scale/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
