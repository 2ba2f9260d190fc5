/**
 * Transition coverage: which edges of the flow graph (transitions.ts says what an edge is) the journeys took,
 * which they did not, which moves they made that no row declares, and which market, portal or locale no journey
 * ran in. Pure; check.ts reads the files and prints or fails.
 */
import { movesOf, type Move, type TestRecord } from './records.ts';
import type { Edge, FlowGraph } from './transitions.ts';

/** The result of comparing the graph with what the journeys did. */
export interface CoverageReport {
  total: number;
  covered: Array<Edge & { tests: string[]; takenIn: string[] }>;
  uncovered: Edge[];
  undeclared: Move[];
  /** Per dimension, every configured value and the tests that ran in it (a screen shown in that context). */
  journeys: Record<'market' | 'portal' | 'locale', Record<string, string[]>>;
  /** `market US`, `portal terminal`, `locale fr-CA`: configured values no journey ran in. */
  missing: string[];
}

const moveKey = (m: { context: string; from: string; to: string }) => `${m.context}\u0000${m.from}\u0000${m.to}`;

/** Compares the graph with the journeys' records. */
export function coverageOf(graph: FlowGraph, records: TestRecord[]): CoverageReport {
  const routesByMove = new Map<string, string[][]>();
  for (const route of graph.routes) {
    const key = moveKey(route);
    if (!routesByMove.has(key)) routesByMove.set(key, []);
    routesByMove.get(key)!.push(route.edges);
  }
  const taken = new Map<string, { tests: Set<string>; contexts: Set<string> }>();
  const undeclared = new Map<string, Move>();
  for (const move of records.flatMap(movesOf)) {
    const routes = routesByMove.get(moveKey(move));
    if (!routes) {
      if (!undeclared.has(moveKey(move))) undeclared.set(moveKey(move), move);
      continue;
    }
    for (const id of new Set(routes.flat())) {
      if (!taken.has(id)) taken.set(id, { tests: new Set(), contexts: new Set() });
      taken.get(id)!.tests.add(move.test);
      taken.get(id)!.contexts.add(move.context);
    }
  }
  const report: CoverageReport = {
    total: graph.edges.length,
    covered: [],
    uncovered: [],
    undeclared: [...undeclared.values()],
    journeys: { market: {}, portal: {}, locale: {} },
    missing: [],
  };
  for (const edge of graph.edges) {
    const hit = taken.get(edge.id);
    if (hit) report.covered.push({ ...edge, tests: [...hit.tests].sort(), takenIn: [...hit.contexts].sort() });
    else report.uncovered.push(edge);
  }
  for (const context of graph.contexts) {
    report.journeys.market[context.market] ??= [];
    report.journeys.portal[context.portal] ??= [];
    report.journeys.locale[context.locale] ??= [];
  }
  for (const record of records) {
    for (const visit of record.visits) {
      if (!visit.screen) continue;
      const [market, portal, locale] = visit.context.split('/');
      for (const [dimension, value] of [
        ['market', market],
        ['portal', portal],
        ['locale', locale],
      ] as const) {
        const tests = report.journeys[dimension][value];
        if (tests && !tests.includes(record.test)) tests.push(record.test);
      }
    }
  }
  for (const dimension of ['market', 'portal', 'locale'] as const)
    for (const [value, tests] of Object.entries(report.journeys[dimension]))
      if (tests.length === 0) report.missing.push(`${dimension} ${value}`);
  return report;
}

/** The report as Markdown. */
export function coverageMarkdown(report: CoverageReport, runDir: string | undefined): string {
  const count = (dimension: 'market' | 'portal' | 'locale') =>
    Object.entries(report.journeys[dimension]).map(([value, tests]) => `| ${dimension} | ${value} | ${tests.length} |`);
  const lines = [
    '# Transition coverage',
    '',
    `Journey records: ${runDir ?? 'none found (run the end-to-end journeys first)'}`,
    '',
    `Covered ${report.covered.length} of ${report.total} transitions. A routing table is a node (screen → table, table → target);`,
    'a transition declared outside variants counts once taken in any context where it exists; one a variant contributes',
    'counts only when taken where the variant applies (scripts/coverage/transitions.ts, tests/README.md).',
    '',
    '| dimension | value | journeys |',
    '|---|---|---|',
    ...count('market'),
    ...count('portal'),
    ...count('locale'),
    '',
    ...(report.missing.length ? [`No journey ran in: ${report.missing.join(', ')}.`, ''] : []),
    '## Not taken by any journey',
    '',
    ...(report.uncovered.length
      ? report.uncovered.map((e) => `- ${e.id} (${e.sources.join('; ')}; exists in ${e.contexts.length} contexts)`)
      : ['None.']),
    '',
    '## Moves no row declares (back button, typed address, or a missing row)',
    '',
    ...(report.undeclared.length
      ? report.undeclared.map((m) => `- ${m.context}: ${m.from} → ${m.to} (${m.test})`)
      : ['None.']),
    '',
    '## Taken',
    '',
    ...report.covered.map((e) => `- ${e.id}: ${e.takenIn.join(', ')}`),
    '',
  ];
  return lines.join('\n');
}
