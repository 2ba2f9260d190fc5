import pg from 'pg';
import type { Database, Queryable } from './types.ts';

/** A conservative identifier check: schema names are interpolated into SQL, so allow only [a-z0-9_]. */
function assertIdentifier(name: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Invalid schema name: ${name}`);
}

/**
 * Opens PostgreSQL through a `pg` pool. With `schema`, every connection uses that schema first in its
 * search_path (created here if missing), so parallel test files on one server never see each other's rows.
 */
export async function openPostgres(databaseUrl: string, schema?: string): Promise<Database> {
  if (schema) {
    assertIdentifier(schema);
    const setup = new pg.Client({ connectionString: databaseUrl });
    await setup.connect();
    try {
      await setup.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await setup.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await q.query(sql, params);
      return { rows: result.rows as T[] };
    },
    async exec(sql: string) {
      await q.query(sql);
    },
  });
  const base = wrap(pool);
  return {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
