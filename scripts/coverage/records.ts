/**
 * What a journey run recorded (tests/e2e/fixtures/transitions.ts writes one JSON file per test) and how it
 * turns into covered transitions: consecutive different screens of one page in one context are one move, unless
 * the test typed the second address or pressed back or forward (`typed`). A move no row declares is reported
 * separately, never counted as coverage.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** One screen shown during a test. */
export interface Visit {
  screen: string | null;
  url: string;
  context: string;
  /** Which page of the test showed it (absent: the test's main page; 1, 2, ...: popups and other contexts). */
  page?: number;
  /** Reached by an address the test typed or the back/forward buttons, not by the flow: no move ends here. */
  typed?: boolean;
}

/** The file one test writes. */
export interface TestRecord {
  test: string;
  /** Playwright's status of the test when its record was written; only `passed` records count. */
  status?: string;
  visits: Visit[];
}

/** A move between two screens in a context. */
export interface Move {
  context: string;
  from: string;
  to: string;
  test: string;
}

/**
 * The moves of one test: pairs of consecutive visits of the same page to different known screens in the same
 * context (a second device's page never continues the first page's path).
 */
export function movesOf(record: TestRecord): Move[] {
  const moves: Move[] = [];
  const last = new Map<number, Visit>();
  for (const b of record.visits) {
    const a = last.get(b.page ?? 0);
    last.set(b.page ?? 0, b);
    if (!a || b.typed || !a.screen || !b.screen || a.screen === b.screen || a.context !== b.context) continue;
    moves.push({ context: a.context, from: a.screen, to: b.screen, test: record.test });
  }
  return moves;
}

/** The records that count: a test that failed (or was skipped or timed out) proves no path. */
export function passedOnly(records: TestRecord[]): TestRecord[] {
  return records.filter((record) => record.status === undefined || record.status === 'passed');
}

/** The records folder of the newest run under `dir` (each run writes `dir/<run id>/`), or undefined. */
export function latestRun(dir: string): string | undefined {
  if (!existsSync(dir)) return undefined;
  const runs = readdirSync(dir)
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isDirectory())
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return runs[0];
}

/** Every record of a run folder. */
export function readRun(runDir: string): TestRecord[] {
  return readdirSync(runDir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(runDir, name), 'utf8')) as TestRecord);
}
