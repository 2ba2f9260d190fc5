/**
 * `npm run check:coverage`: compares the flow graph (transitions.ts: what one transition is and when it counts as
 * covered; tests/README.md says the same in words) with the screen-to-screen moves the newest end-to-end run
 * recorded (reports/transitions/<run>/, written by tests/e2e/fixtures/transitions.ts; a failed test's record does
 * not count), writes reports/coverage/transitions.md and .json, and prints the summary, every uncovered transition
 * and every market, portal or locale no journey ran in.
 * Fails (exit 1) on an uncovered transition or a missing market/portal/locale with `--strict` or
 * COVERAGE_STRICT=1, as `npm test` (scripts/test-all.ts) runs it; without, it only reports (while a new screen's
 * journeys are being written).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadContent } from '../content/load.ts';
import type { CoverageConfig } from './contexts.ts';
import { latestRun, passedOnly, readRun } from './records.ts';
import { coverageMarkdown, coverageOf } from './report.ts';
import { flowGraph } from './transitions.ts';

const root = join(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const strict = args.includes('--strict') || process.env.COVERAGE_STRICT === '1';
const runArg = args.find((a) => a.startsWith('--run='))?.slice('--run='.length);
const recordsDir = process.env.TRANSITIONS_DIR ?? join(root, 'reports/transitions');

const bundle = loadContent(root);
// The co-brands (rules/accounts.json) are launches that set the portal and flags over the configuration.
const config = {
  ...(JSON.parse(readFileSync(join(root, 'rules/config.json'), 'utf8')) as CoverageConfig),
  cobrands: (JSON.parse(readFileSync(join(root, 'rules/accounts.json'), 'utf8')) as Pick<CoverageConfig, 'cobrands'>)
    .cobrands,
};
const graph = flowGraph(bundle, config);
const runDir = runArg ?? latestRun(recordsDir);
const records = runDir ? passedOnly(readRun(runDir)) : [];
const report = coverageOf(graph, records);

const out = join(root, 'reports/coverage');
mkdirSync(out, { recursive: true });
const markdown = coverageMarkdown(report, runDir);
writeFileSync(join(out, 'transitions.md'), markdown);
writeFileSync(join(out, 'transitions.json'), `${JSON.stringify(report, null, 2)}\n`);

console.log(`Transition coverage: ${report.covered.length} of ${report.total} covered (records: ${runDir ?? 'none'}).`);
for (const dimension of ['market', 'portal', 'locale'] as const)
  console.log(
    `  journeys per ${dimension}: ${Object.entries(report.journeys[dimension])
      .map(([value, tests]) => `${value} ${tests.length}`)
      .join(', ')}`,
  );
if (report.missing.length) console.log(`No journey ran in: ${report.missing.join(', ')}`);
if (report.uncovered.length) {
  console.log(`Uncovered (${report.uncovered.length}):`);
  for (const e of report.uncovered)
    console.log(`  ${e.id}   [${e.sources[0]}${e.sources.length > 1 ? ` +${e.sources.length - 1}` : ''}]`);
}
if (report.undeclared.length)
  console.log(`Moves no row declares: ${report.undeclared.map((m) => `${m.from}->${m.to}`).join(', ')}`);
console.log(`Report: ${join(out, 'transitions.md')}`);
if (strict && (report.uncovered.length > 0 || report.missing.length > 0 || !runDir)) {
  console.log(
    'COVERAGE_STRICT: failing because transitions are uncovered or a market, portal or locale has no journey.',
  );
  // exitCode, not exit(): exit() can cut off what is still being written to a pipe.
  process.exitCode = 1;
}
if (!strict && (report.uncovered.length > 0 || report.missing.length > 0))
  console.log('(not failing: set COVERAGE_STRICT=1 to fail on uncovered transitions)');
