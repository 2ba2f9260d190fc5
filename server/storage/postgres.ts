import pg from 'pg';
import type { Database, Queryable } from './types.ts';

/** A conservative identifier check: schema names are interpolated into SQL, so allow only [a-z0-9_]. */
function assertIdentifier(name: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Invalid schema name: ${name}`);
}

/** At most this many statement texts are prepared by name on each connection; any further ones run unnamed. */
const maxPreparedStatements = 500;

/**
 * Names for parameterised statements, one per distinct text, so that each pooled connection parses and plans a
 * statement once and then only binds and executes it (PostgreSQL keeps the prepared statement per connection). On
 * the hot read (the session with its application, a three-table join) planning was most of the server's work.
 */
function statementNames(): (sql: string) => string | undefined {
  const names = new Map<string, string>();
  return (sql) => {
    let name = names.get(sql);
    if (name === undefined && names.size < maxPreparedStatements) names.set(sql, (name = `s${names.size}`));
    return name;
  };
}

/**
 * Opens PostgreSQL through a `pg` pool. With `schema`, every connection uses that schema first in its
 * search_path (created here if missing), so parallel test files on one server never see each other's rows.
 * Parameterised statements are prepared by name on each connection (see statementNames), unless `prepare` is
 * false (a pooler that does not keep prepared statements, such as PgBouncer before 1.21 in transaction mode).
 */
export async function openPostgres(databaseUrl: string, schema?: string, prepare = true): Promise<Database> {
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
  const nameOf = prepare ? statementNames() : () => undefined;
  const wrap = (q: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      // Only a parameterised statement is prepared: it is one statement (the extended protocol allows no more).
      const name = params.length > 0 ? nameOf(sql) : undefined;
      const result = await q.query(name ? { name, text: sql, values: params } : { text: sql, values: params });
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
