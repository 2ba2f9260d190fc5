/**
 * Transition coverage: which declared transitions the journeys took, per context, which they did not, and which
 * moves they made that no row declares. Pure; check.ts reads the files and prints or fails.
 */
import type { Move } from './records.ts';
import type { Transition } from './transitions.ts';

/** The result of comparing the graph with what the journeys did. */
export interface CoverageReport {
  total: number;
  covered: Array<Transition & { tests: string[] }>;
  uncovered: Transition[];
  undeclared: Move[];
  byContext: Record<string, { total: number; covered: number }>;
}

const keyOf = (t: { context: string; from: string; to: string }) => `${t.context}\u0000${t.from}\u0000${t.to}`;

/** Compares the declared transitions with the recorded moves. */
export function coverageOf(transitions: Transition[], moves: Move[]): CoverageReport {
  const testsByKey = new Map<string, Set<string>>();
  for (const move of moves) {
    const key = keyOf(move);
    if (!testsByKey.has(key)) testsByKey.set(key, new Set());
    testsByKey.get(key)!.add(move.test);
  }
  const declared = new Set(transitions.map(keyOf));
  const report: CoverageReport = { total: transitions.length, covered: [], uncovered: [], undeclared: [], byContext: {} };
  for (const transition of transitions) {
    const tests = testsByKey.get(keyOf(transition));
    const entry = (report.byContext[transition.context] ??= { total: 0, covered: 0 });
    entry.total += 1;
    if (tests) {
      entry.covered += 1;
      report.covered.push({ ...transition, tests: [...tests].sort() });
    } else report.uncovered.push(transition);
  }
  const seen = new Set<string>();
  for (const move of moves) {
    const key = keyOf(move);
    if (declared.has(key) || seen.has(key)) continue;
    seen.add(key);
    report.undeclared.push(move);
  }
  return report;
}

/** The report as Markdown. */
export function coverageMarkdown(report: CoverageReport, runDir: string | undefined): string {
  const lines = [
    '# Transition coverage',
    '',
    `Journey records: ${runDir ?? 'none found (run the end-to-end journeys first)'}`,
    '',
    `Covered ${report.covered.length} of ${report.total} transitions (market/portal/locale × screen → screen).`,
    '',
    '| context | covered | total |',
    '|---|---|---|',
    ...Object.entries(report.byContext).map(([context, c]) => `| ${context} | ${c.covered} | ${c.total} |`),
    '',
    '## Not taken by any journey',
    '',
    ...(report.uncovered.length ? report.uncovered.map((t) => `- ${t.context}: ${t.from} → ${t.to} (${t.sources.join('; ')})`) : ['None.']),
    '',
    '## Moves no row declares (back button, typed address, or a missing row)',
    '',
    ...(report.undeclared.length ? report.undeclared.map((m) => `- ${m.context}: ${m.from} → ${m.to} (${m.test})`) : ['None.']),
    '',
  ];
  return lines.join('\n');
}
