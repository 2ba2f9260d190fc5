/**
 * npm run funnel:report [-- --data-dir <PGlite folder>] [--out <file>] [--require-events]: reads the stored analytics events (DATABASE_URL, else
 * the PGlite folder, default .data/pglite) and prints, per market and portal, how many applicants started,
 * completed and abandoned each funnel screen of rules/funnel.json, and per field how many started, completed,
 * abandoned and saw which error (message key). Counts are events, each sent once per browser session.
 * `npm test` runs it on the events the end-to-end journeys stored (their server's data folder), writes
 * reports/funnel.txt, and fails with --require-events when the journeys stored no funnel event at all.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import type { FunnelRules } from '../engine/analytics/funnel-core.ts';

/** A stored event. */
export interface StoredEvent {
  type: string;
  params: Record<string, unknown>;
}

/** Counts of one field. */
export interface FieldCounts {
  started: number;
  completed: number;
  abandoned: number;
  errors: Record<string, number>;
}

/** Counts of one screen in one segment. */
export interface ScreenCounts {
  started: number;
  completed: number;
  abandoned: number;
  fields: Record<string, FieldCounts>;
}

/** segment ("market=US portal=domain") → screen → counts. */
export type FunnelReport = Record<string, Record<string, ScreenCounts>>;

const text = (value: unknown): string => (typeof value === 'string' && value ? value : '?');

/** Groups funnel events by segment, screen and field. Events of other types are ignored. */
export function funnelReport(events: StoredEvent[], rules: FunnelRules): FunnelReport {
  const e = rules.events;
  const report: FunnelReport = {};
  const segmentNames = Object.keys(rules.segments);
  for (const { type, params } of events) {
    if (!Object.values(e).includes(type)) continue;
    const segment = segmentNames.map((name) => `${name}=${text(params[name])}`).join(' ');
    const screen = text(params.screen);
    const screens = (report[segment] ??= {});
    const counts = (screens[screen] ??= { started: 0, completed: 0, abandoned: 0, fields: {} });
    if (type === e.screenStarted) counts.started += 1;
    else if (type === e.screenCompleted) counts.completed += 1;
    else if (type === e.screenAbandoned) counts.abandoned += 1;
    else {
      const field = (counts.fields[text(params.field)] ??= { started: 0, completed: 0, abandoned: 0, errors: {} });
      if (type === e.fieldStarted) field.started += 1;
      else if (type === e.fieldCompleted) field.completed += 1;
      else if (type === e.fieldAbandoned) field.abandoned += 1;
      else if (type === e.fieldError) field.errors[text(params.key)] = (field.errors[text(params.key)] ?? 0) + 1;
    }
  }
  return report;
}

const pad = (value: string | number, width: number): string => String(value).padStart(width);
const percent = (part: number, whole: number): string => (whole === 0 ? '-' : `${Math.round((100 * part) / whole)}%`);

/** The report as text: screens in funnel order (rules/funnel.json), then any other screen seen. */
export function formatFunnelReport(report: FunnelReport, rules: FunnelRules): string {
  const lines: string[] = [];
  const segments = Object.keys(report).sort();
  if (segments.length === 0) return 'No funnel events stored.\n';
  for (const segment of segments) {
    lines.push(`== ${segment}`);
    lines.push(
      `${'screen / field'.padEnd(34)}${pad('started', 9)}${pad('done', 7)}${pad('left', 7)}${pad('done%', 7)}  errors (message key × count)`,
    );
    const screens = report[segment]!;
    const order = [
      ...rules.screens.filter((id) => screens[id]),
      ...Object.keys(screens)
        .filter((id) => !rules.screens.includes(id))
        .sort(),
    ];
    for (const id of order) {
      const s = screens[id]!;
      lines.push(
        `${id.padEnd(34)}${pad(s.started, 9)}${pad(s.completed, 7)}${pad(s.abandoned, 7)}${pad(percent(s.completed, s.started), 7)}`,
      );
      for (const [name, f] of Object.entries(s.fields).sort(([a], [b]) => a.localeCompare(b))) {
        const errors = Object.entries(f.errors)
          .sort(([, a], [, b]) => b - a)
          .map(([key, n]) => `${key} × ${n}`)
          .join(', ');
        lines.push(
          `  ${name.padEnd(32)}${pad(f.started, 9)}${pad(f.completed, 7)}${pad(f.abandoned, 7)}${pad('', 7)}  ${errors}`,
        );
      }
    }
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
  const args = process.argv.slice(2);
  const at = args.indexOf('--data-dir');
  const dataDir = at >= 0 ? args[at + 1] : (process.env.DATA_DIR ?? join(root, '.data', 'pglite'));
  const rules = JSON.parse(readFileSync(join(root, 'rules', 'funnel.json'), 'utf8')) as FunnelRules;
  const { openStorage } = await import('../server/storage/index.ts');
  const { listAnalyticsEvents } = await import('../server/storage/analytics.ts');
  const db = await openStorage(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir });
  try {
    const events = await listAnalyticsEvents(db);
    const report = funnelReport(events, rules);
    const textReport = formatFunnelReport(report, rules);
    process.stdout.write(textReport);
    const out = args.indexOf('--out');
    if (out >= 0 && args[out + 1]) {
      mkdirSync(dirname(resolve(args[out + 1]!)), { recursive: true });
      writeFileSync(resolve(args[out + 1]!), textReport);
    }
    if (args.includes('--require-events') && Object.keys(report).length === 0) {
      process.stderr.write(`funnel:report: no funnel events stored in ${dataDir}\n`);
      process.exitCode = 1;
    }
  } finally {
    await db.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    process.stderr.write(`funnel:report failed: ${(error as Error).message}\n`);
    process.exit(1);
  });
}
