/**
 * `npm run check:coverage`: compares the flow graph (scripts/content/load.ts, every market, portal and locale of
 * rules/config.json) with the screen-to-screen moves the newest end-to-end run recorded
 * (reports/transitions/<run>/, written by tests/e2e/fixtures/transitions.ts), writes
 * reports/coverage/transitions.md and .json, and prints the summary and every uncovered transition.
 * Fails (exit 1) on an uncovered transition only with `--strict` or COVERAGE_STRICT=1: most flows are still
 * being written, so scripts/test-all.ts runs it strictly only behind that switch.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadContent } from '../content/load.ts';
import type { CoverageConfig } from './contexts.ts';
import { latestRun, movesOf, readRun } from './records.ts';
import { coverageMarkdown, coverageOf } from './report.ts';
import { enumerateTransitions } from './transitions.ts';

const root = join(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const strict = args.includes('--strict') || process.env.COVERAGE_STRICT === '1';
const runArg = args.find((a) => a.startsWith('--run='))?.slice('--run='.length);
const recordsDir = process.env.TRANSITIONS_DIR ?? join(root, 'reports/transitions');

const bundle = loadContent(root);
const config = JSON.parse(readFileSync(join(root, 'rules/config.json'), 'utf8')) as CoverageConfig;
const transitions = enumerateTransitions(bundle, config);
const runDir = runArg ?? latestRun(recordsDir);
const moves = runDir ? readRun(runDir).flatMap(movesOf) : [];
const report = coverageOf(transitions, moves);

const out = join(root, 'reports/coverage');
mkdirSync(out, { recursive: true });
const markdown = coverageMarkdown(report, runDir);
writeFileSync(join(out, 'transitions.md'), markdown);
writeFileSync(join(out, 'transitions.json'), `${JSON.stringify(report, null, 2)}\n`);

console.log(`Transition coverage: ${report.covered.length} of ${report.total} covered (records: ${runDir ?? 'none'}).`);
for (const [context, c] of Object.entries(report.byContext)) console.log(`  ${context}: ${c.covered}/${c.total}`);
if (report.uncovered.length) {
  console.log(`Uncovered (${report.uncovered.length}):`);
  for (const t of report.uncovered) console.log(`  ${t.context}: ${t.from} -> ${t.to}   [${t.sources[0]}${t.sources.length > 1 ? ` +${t.sources.length - 1}` : ''}]`);
}
if (report.undeclared.length) console.log(`Moves no row declares: ${report.undeclared.map((m) => `${m.from}->${m.to}`).join(', ')}`);
console.log(`Report: ${join(out, 'transitions.md')}`);
if (strict && (report.uncovered.length > 0 || !runDir)) {
  console.log('COVERAGE_STRICT: failing because transitions are uncovered.');
  // exitCode, not exit(): exit() can cut off what is still being written to a pipe.
  process.exitCode = 1;
}
if (!strict && report.uncovered.length > 0) console.log('(not failing: set COVERAGE_STRICT=1 to fail on uncovered transitions)');
