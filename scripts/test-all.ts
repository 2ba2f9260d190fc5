/**
 * `npm test`: everything, in the order that fails fastest — types in step, type check, lint, content check, unit,
 * component, API (embedded database), build, end-to-end in Chromium. Every step runs even when one fails, so
 * one run shows every problem; the exit code is non-zero when any step failed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The journeys' server keeps its embedded database here, so the funnel report can read the events they stored.
const e2eDataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'onboarding-e2e-')));

const steps: Array<[string, string[]]> = [
  ['types in step', ['npx', 'tsx', 'scripts/gen-types.ts', '--check']],
  ['type check', ['npx', 'tsc', '--noEmit']],
  // issue 26: ESLint (eslint.config.js). Prettier's `npm run format:check` joins once the tree has been formatted.
  ['lint', ['npm', 'run', '--silent', 'lint']],
  ['format', ['npm', 'run', '--silent', 'format:check']],
  ['content check', ['npx', 'tsx', 'scripts/check-content/index.ts']],
  ['unit tests', ['npx', 'vitest', 'run', '--project', 'unit']],
  ['component tests', ['npx', 'vitest', 'run', '--project', 'component']],
  ['API and storage tests', ['npx', 'vitest', 'run', '--project', 'api']],
  ['build', ['npx', 'vite', 'build', '--logLevel', 'warn']],
  ['build has no eval', ['npx', 'tsx', 'scripts/check-build.ts']],
  ['end-to-end (Chromium)', ['npx', 'playwright', 'test']],
  // issue 10: every transition of flows/ and rules/routing/ taken by a passing journey, and every market, portal
  // and locale walked; fails otherwise (reports/coverage/transitions.md lists what is missing).
  ['transition coverage', ['npx', 'tsx', 'scripts/coverage/check.ts', '--strict']],
  // issue 12: the funnel per market and portal, from the analytics events the journeys stored.
  [
    'funnel report (end-to-end events)',
    [
      'npx',
      'tsx',
      'scripts/funnel-report.ts',
      '--data-dir',
      e2eDataDir,
      '--out',
      'reports/funnel.txt',
      '--require-events',
    ],
  ],
];

const only = process.argv.slice(2);
const failed: string[] = [];
let passed = 0;
for (const [name, command] of steps) {
  if (only.length && !only.some((word) => name.includes(word))) continue;
  console.log(`\n=== ${name}: ${command.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command[0], command.slice(1), { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status === 0) {
    passed += 1;
    console.log(`=== ${name}: passed in ${seconds}s`);
  } else {
    failed.push(name);
    console.log(`=== ${name}: FAILED (exit ${result.status ?? result.signal}) in ${seconds}s`);
  }
}
console.log(`\n${failed.length ? `Failed steps: ${failed.join(', ')}` : 'Every step passed.'}`);
console.log(`steps: ${passed} passed, ${failed.length} failed`);
process.exit(failed.length ? 1 : 0);
