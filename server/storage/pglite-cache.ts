/**
 * PGlite only: a read cache for the statements every signed-in request runs (the session, the session with the
 * application the path names, the application), inside the embedded database's wrapper (pglite.ts).
 *
 * Why this is not API state kept in memory (issue 12): PGlite runs inside this process, and only one process can
 * open its data folder, so every write to it goes through the wrapper that holds this cache. The cache is part of
 * the embedded database, coherent by construction:
 *
 * - it answers only reads made outside a transaction, of the statements listed in `cachedReads`, and never an
 *   empty answer;
 * - every other statement that could change a cached table (any statement that is not a plain SELECT and names
 *   applications, sessions or users; every `exec` script) drops the entries it could change, before it runs and
 *   again after (a transaction's, when the transaction ends, whether it committed or rolled back): the known writes
 *   by key (an application's id, a session's token hash), anything else everything;
 * - a read that missed fills the cache only if nothing was dropped while it ran (PGlite runs one statement or one
 *   whole transaction at a time, in order, so a read either ran before a write, and is refused, or after it);
 * - an answer that carries a session's `expires_at` is checked against the clock again each time it is reused,
 *   so a session expires on time, not when the row is next read;
 * - each hit returns a copy, so callers can change what they get; except a statement's `shared` columns, read only by
 *   code that never changes them (the document read with the session: the access check and GET /applications/{id}
 *   answer from it), which every hit hands out as one deeply frozen value, so a change throws instead of reaching the
 *   cache. Parsing the document again on every hit was the largest part of a cached GET.
 *
 * PostgreSQL never gets this: openPostgres (postgres.ts) does not use this module, and several API instances on one
 * PostgreSQL keep nothing in memory.
 */
import { applicationSql } from './applications.ts';
import { sessionSql } from './sessions.ts';
import { userSql } from './users.ts';

type Row = Record<string, unknown>;

/** A cached statement: the tags an answer depends on (a table and key), and whether a cached answer is still live. */
interface CachedRead {
  tags(params: unknown[], rows: Row[]): string[];
  live?(row: Row): boolean;
  /** Columns handed out as one frozen value (see above). */
  shared?: readonly string[];
  /** A short name of the statement, for cache keys. */
  id: string;
}

/** A session answer is live until its `expires_at`, by the clock. */
const sessionLive = (row: Row): boolean => new Date(row.expires_at as Date | string).getTime() > Date.now();

/** The statements the cache answers (exact texts from the repositories). */
const cachedReads = new Map<string, CachedRead>([
  [
    sessionSql.user,
    {
      id: 'session',
      tags: (params, rows) => [`sessions:${params[0]}`, ...rows.map((r) => `users:${r.id}`)],
      live: sessionLive,
    },
  ],
  [
    sessionSql.userWithApplication,
    {
      id: 'session+application',
      tags: (params, rows) => [
        `sessions:${params[0]}`,
        `applications:${params[1]}`,
        ...rows.map((r) => `users:${r.user_id}`),
      ],
      live: sessionLive,
      shared: ['document'],
    },
  ],
  [applicationSql.find, { id: 'application', tags: (params) => [`applications:${params[0]}`] }],
]);

/** Writes whose effect on cached rows is known: the tags they change. */
const knownWrites = new Map<string, (params: unknown[]) => string[]>([
  [applicationSql.insert, (params) => [`applications:${params[0]}`]],
  [applicationSql.saveDocument, (params) => [`applications:${params[0]}`]],
  [applicationSql.saveIfUnchanged, (params) => [`applications:${params[0]}`]],
  [applicationSql.createWithKey, (params) => [`applications:${params[0]}`]],
  [sessionSql.insert, (params) => [`sessions:${params[0]}`]],
  [sessionSql.delete, (params) => [`sessions:${params[0]}`]],
  [userSql.insert, (params) => [`users:${params[0]}`]],
]);

/** The tables whose rows the cached statements read. A statement naming none of them cannot change a cached answer. */
const cachedTables = /\b(applications|sessions|users)\b/i;

/** What a statement that is not a cached read changes: nothing, some tags, or possibly everything. */
export function changedBy(sql: string, params: unknown[]): string[] | 'all' | undefined {
  const known = knownWrites.get(sql);
  if (known) return known(params);
  if (/^\s*SELECT\b/i.test(sql)) return undefined;
  return cachedTables.test(sql) ? 'all' : undefined;
}

/** Figures for tests and benchmarks. */
export interface ReadCacheStats {
  hits: number;
  misses: number;
  entries: number;
}

interface Entry {
  rows: StoredRow[];
  tags: string[];
  live?: (row: Row) => boolean;
}

/**
 * A kept row: dates as their time and objects (jsonb) as JSON text, so that each hit hands out a fresh copy cheaply
 * (JSON.parse of the text, a new Date) and nothing a caller does to its copy reaches the cache.
 */
type StoredRow = Map<string, { date: number } | { json: string } | { value: unknown }>;

/** Freezes `value` and everything in it. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** Keeps `row`; its `shared` columns are frozen in place (the caller that read them gets them frozen too). */
function store(row: Row, shared: readonly string[] = []): StoredRow {
  const kept: StoredRow = new Map();
  for (const [column, value] of Object.entries(row)) {
    if (value instanceof Date) kept.set(column, { date: value.getTime() });
    else if (shared.includes(column)) kept.set(column, { value: deepFreeze(value) });
    else if (typeof value === 'object' && value !== null) kept.set(column, { json: JSON.stringify(value) });
    else kept.set(column, { value });
  }
  return kept;
}

function copy(kept: StoredRow): Row {
  const row: Row = {};
  for (const [column, cell] of kept)
    row[column] = 'date' in cell ? new Date(cell.date) : 'json' in cell ? JSON.parse(cell.json) : cell.value;
  return row;
}

/** The cache of one open PGlite database. */
export class ReadCache {
  readonly stats = { hits: 0, misses: 0 };
  private readonly entries = new Map<string, Entry>();
  private readonly byTag = new Map<string, Set<string>>();
  /** Bumped by every drop: a read that started before a drop does not fill. */
  private epoch = 0;

  constructor(private readonly maxEntries = 5000) {}

  /** Whether `sql` is a statement this cache answers. */
  answers(sql: string): boolean {
    return cachedReads.has(sql);
  }

  /** Answers a cached read: from the cache, or by `run` (then kept, unless something was dropped meanwhile). */
  async read(sql: string, params: unknown[], run: () => Promise<Row[]>): Promise<Row[]> {
    const definition = cachedReads.get(sql);
    if (!definition) return run();
    // The statement by its short id, not its text: the key is built and hashed on every read.
    const key = `${definition.id}\u0000${JSON.stringify(params)}`;
    const entry = this.entries.get(key);
    if (entry) {
      const rows = entry.rows.map(copy);
      if (!entry.live || rows.every(entry.live)) {
        this.stats.hits += 1;
        // Least recently used first in line to go.
        this.entries.delete(key);
        this.entries.set(key, entry);
        return rows;
      }
      // A session that expired since: gone by the clock, whatever the row says.
      this.remove(key);
    }
    this.stats.misses += 1;
    const epoch = this.epoch;
    const rows = await run();
    if (rows.length > 0 && epoch === this.epoch)
      this.keep(key, {
        rows: rows.map((row) => store(row, definition.shared)),
        tags: definition.tags(params, rows),
        live: definition.live,
      });
    return rows;
  }

  /** Drops the answers that depend on `changed` (every answer for 'all'). */
  drop(changed: string[] | 'all'): void {
    this.epoch += 1;
    if (changed === 'all') {
      this.entries.clear();
      this.byTag.clear();
      return;
    }
    for (const tag of changed) for (const key of this.byTag.get(tag) ?? []) this.remove(key);
  }

  /** How many answers are kept, and how often it answered. */
  figures(): ReadCacheStats {
    return { ...this.stats, entries: this.entries.size };
  }

  private keep(key: string, entry: Entry): void {
    this.remove(key);
    this.entries.set(key, entry);
    for (const tag of entry.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
    while (this.entries.size > this.maxEntries) this.remove(this.entries.keys().next().value as string);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }
}
