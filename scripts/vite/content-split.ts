/**
 * Which call definitions (flows/calls.json) and routing tables (rules/routing) the browser's start bundle carries
 * (virtual:content), and which come with the screens that name them (virtual:screen-messages/<locale>/<id>, scripts/vite/content-plugin.ts).
 *
 * The start bundle keeps what may be read before any screen's chunk is in: a call or table named by the content the
 * start bundle carries besides the screens (the shell's rules: beacons, header links, derived values, load failures;
 * the flows' progress `start` rows; analytics, funnel, scripts), by the outlines' step rows (a progress step's `next`
 * rows and the variants that change them, which the progress walk follows), by a rules file the engine's code imports
 * (rules/services.json's lookup), or by the engine's code itself (a quoted name, as the boot routing names its read and
 * table), and every document read (a GET whose result is the document: the host refreshes every cached read of the
 * document after a change, and a screen's context is built from it). Every other call or table comes with each screen
 * whose file names it (any string of the screen equal to its name: its reads, actions, watch, widgets' options, rows),
 * so the screen has it before it runs. A routing table brings the tables and calls its own rows name, wherever it goes.
 */
import type { ContentBundle } from '../../engine/content/types.ts';

/** Every string of a JSON value (object keys aside). */
function* stringsOf(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const item of value) yield* stringsOf(item);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) yield* stringsOf(item);
}

export interface NamedParts {
  calls: string[];
  tables: string[];
}

export interface ContentSplit {
  /** What the start bundle carries. */
  start: NamedParts;
  /** Screen id -> the calls and tables that come with its chunk (none that the start bundle carries). */
  screens: Record<string, NamedParts>;
}

export interface SplitInput {
  bundle: Pick<ContentBundle, 'calls' | 'tables' | 'screens'> & Record<string, unknown>;
  /** The start bundle's screens (outlines, scripts/vite/content-plugin.ts `outlined`). */
  outlines: Record<string, Record<string, unknown>>;
  /** Other texts that run in the browser before any screen's chunk: the engine's code, the rules files it imports. */
  browser: string[];
}

/** The calls and tables named in `values`, with the tables' own rows followed (a table naming a table or a call). */
function named(values: unknown[], bundle: SplitInput['bundle']): NamedParts {
  const calls = new Set<string>();
  const tables = new Set<string>();
  const visit = (value: unknown): void => {
    for (const text of stringsOf(value)) {
      if (Object.hasOwn(bundle.calls, text)) calls.add(text);
      if (Object.hasOwn(bundle.tables, text) && !tables.has(text)) {
        tables.add(text);
        visit(bundle.tables[text]);
      }
    }
  };
  values.forEach(visit);
  return { calls: [...calls].sort(), tables: [...tables].sort() };
}

/** A name the code spells as a whole string literal (`'getAccounts'`, `"after-environment"`). */
function quotedIn(texts: string[], name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const literal = new RegExp(`['"\`]${escaped}['"\`]`);
  return texts.some((text) => literal.test(text));
}

export function splitContent({ bundle, outlines, browser }: SplitInput): ContentSplit {
  const { calls, tables, screens, ...rest } = bundle;
  // The outlines without their reads (`load`): those run only once the whole screen is in (engine/app/screen-host.tsx).
  const outlineParts = Object.values(outlines).map((outline) => ({ ...outline, load: undefined }));
  const inCode = [
    ...Object.keys(calls).filter((name) => quotedIn(browser, name)),
    ...Object.keys(tables).filter((name) => quotedIn(browser, name)),
  ];
  const documentReads = Object.entries(calls)
    .filter(([, call]) => call.method === 'GET' && call.result === 'document')
    .map(([name]) => name);
  const start = named([rest, outlineParts, inCode, documentReads], bundle);
  const startCalls = new Set(start.calls);
  const startTables = new Set(start.tables);
  const perScreen = Object.fromEntries(
    Object.entries(screens).map(([id, screen]) => {
      const own = named([screen], bundle);
      return [
        id,
        {
          calls: own.calls.filter((name) => !startCalls.has(name)),
          tables: own.tables.filter((name) => !startTables.has(name)),
        },
      ];
    }),
  );
  return { start, screens: perScreen };
}

/** The bundle's `calls` and `tables` reduced to `parts`' names. */
export function pick<T extends { calls: Record<string, unknown>; tables: Record<string, unknown> }>(
  bundle: T,
  parts: NamedParts,
): { calls: Record<string, unknown>; tables: Record<string, unknown> } {
  return {
    calls: Object.fromEntries(parts.calls.map((name) => [name, bundle.calls[name]])),
    tables: Object.fromEntries(parts.tables.map((name) => [name, bundle.tables[name]])),
  };
}
