/**
 * A snapshot of every row of every table in the test database's schema (found from the catalogue, so tables
 * added by later migrations are included), to prove a refused request changed nothing.
 */
import type { Database } from '../../server/storage/index.ts';

/** Table name to its rows (as JSON text, sorted). */
export type Snapshot = Record<string, string[]>;

/**
 * Bookkeeping that a refused request is meant to change: the attempt counters of rate limits (a refused sign-in
 * must still count towards the limit, or the limit could be walked around with bad input).
 */
const BOOKKEEPING = new Set(['schema_migrations', 'rate_counters']);

/** The tables of the current schema, except the migration log and rate-limit counters. */
export async function tablesOf(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  return rows.map((r) => r.table_name).filter((name) => !BOOKKEEPING.has(name));
}

/** Every row of every table. */
export async function snapshot(db: Database): Promise<Snapshot> {
  const result: Snapshot = {};
  for (const table of await tablesOf(db)) {
    const { rows } = await db.query<{ r: string }>(`SELECT row_to_json(t)::text AS r FROM "${table}" t`);
    result[table] = rows.map((row) => row.r).sort();
  }
  return result;
}

/** Per table, the row count and an md5 of every row (computed in the database: cheap to take after every request). */
export async function fingerprint(db: Database): Promise<Record<string, string>> {
  const tables = await tablesOf(db);
  if (tables.length === 0) return {};
  const parts = tables.map(
    (table) =>
      `SELECT '${table}' AS t, count(*)::text || ':' || coalesce(md5(string_agg(row_to_json(x)::text, '|' ORDER BY row_to_json(x)::text)), '') AS f FROM "${table}" x`,
  );
  const { rows } = await db.query<{ t: string; f: string }>(parts.join(' UNION ALL '));
  return Object.fromEntries(rows.map((r) => [r.t, r.f]));
}
