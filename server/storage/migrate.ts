import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './types.ts';

/** The folder of SQL migrations, `NNN_name.sql`, applied in name order. */
export const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

/** The key of the transaction-scoped advisory lock that lets one instance at a time migrate (any fixed number). */
const migrationLock = 7_302_918_411;

/**
 * Applies every migration not yet recorded in `schema_migrations`, each in its own transaction, in
 * name order. The same files serve PGlite and PostgreSQL. Returns the names applied now.
 *
 * Several instances may start at once on one database: each step takes a transaction-scoped advisory lock and
 * looks again at what is recorded, so a migration runs once and the others wait for it, then skip it. Only
 * transaction-scoped locks are used (a pooler in transaction mode hands each transaction its own connection).
 */
export async function migrate(db: Database, dir: string = migrationsDir): Promise<string[]> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [migrationLock]);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
  });
  const files = readdirSync(dir)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
  const done = new Set(
    (await db.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
  );
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const sql = readFileSync(join(dir, file), 'utf8');
    const ran = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [migrationLock]);
      const { rows } = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file]);
      if (rows.length > 0) return false;
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}
