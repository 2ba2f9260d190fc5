import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Database, Queryable } from './types.ts';
import { DatabaseUnavailableError, isConnectionFailure } from './unavailable.ts';

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
 * The name is a hash of the text, never a counter: should a pooler ever hand this process a server connection that
 * another process prepared on, one name can only ever mean one text, so no statement runs in place of another.
 */
function statementNames(): (sql: string) => string | undefined {
  const names = new Map<string, string>();
  return (sql) => {
    let name = names.get(sql);
    if (name === undefined && names.size < maxPreparedStatements) {
      name = `s_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
      names.set(sql, name);
    }
    return name;
  };
}

const ignore = () => undefined;

/**
 * A client that always has an error listener, from its birth to after its end. The pool listens only while a client
 * is idle; a connection that breaks while it is being opened, while checked out between two statements, or after
 * it was destroyed would otherwise raise an 'error' event nobody hears, which ends the process. The failure itself
 * still reaches whoever is waiting on that connection, as the rejection of its query or connect.
 */
class ListeningClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', ignore);
  }
}

/** How long a request waits for a free connection (or a new one) before it answers 503 rather than hang. */
const connectTimeoutMs = 10_000;

/** A plain read, safe to run again on a fresh connection when the first one broke under it. */
const isRead = (sql: string) => /^\s*SELECT\b/i.test(sql) && !/\bFOR\s+(UPDATE|SHARE|NO\s+KEY|KEY)\b/i.test(sql);

/** Rethrows a connection failure as DatabaseUnavailableError (the API answers 503); anything else as it is. */
function translate(error: unknown): never {
  if (isConnectionFailure(error) && !(error instanceof DatabaseUnavailableError))
    throw new DatabaseUnavailableError(error);
  throw error;
}

/**
 * Opens PostgreSQL through a `pg` pool. With `schema`, every connection uses that schema first in its
 * search_path (created here if missing), so parallel test files on one server never see each other's rows.
 * Parameterised statements are prepared by name on each connection (see statementNames), unless `prepare` is
 * false (a pooler that does not keep prepared statements, such as PgBouncer before 1.21 in transaction mode).
 *
 * A dropped connection never ends the process: the pool and every client it hands out have an error listener, a
 * broken client is destroyed instead of returned, and the failure reaches the caller as DatabaseUnavailableError
 * (503 with Retry-After); the next request opens a new connection, so service comes back by itself with the
 * database. Nothing here relies on a connection outliving one transaction (no SET, LISTEN, session advisory lock
 * or temporary table), so it also runs behind PgBouncer in transaction pooling mode.
 */
export async function openPostgres(databaseUrl: string, schema?: string, prepare = true): Promise<Database> {
  if (schema) {
    assertIdentifier(schema);
    const setup = new pg.Client({ connectionString: databaseUrl });
    setup.on('error', () => undefined);
    try {
      await setup.connect();
      await setup.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } catch (error) {
      translate(error);
    } finally {
      await setup.end().catch(() => undefined);
    }
  }
  const pool = new pg.Pool({
    Client: ListeningClient,
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: connectTimeoutMs,
    keepAlive: true,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle connection that the server or a pooler closes emits 'error' on the pool; without a listener Node ends
  // the process. The pool has already dropped that client; the next query opens a fresh one.
  pool.on('error', ignore);
  const nameOf = prepare ? statementNames() : () => undefined;

  const run = async (client: pg.ClientBase, sql: string, params: unknown[]) => {
    // Only a parameterised statement is prepared: it is one statement (the extended protocol allows no more).
    const name = params.length > 0 ? nameOf(sql) : undefined;
    const result = await client.query(name ? { name, text: sql, values: params } : { text: sql, values: params });
    return { rows: result.rows };
  };

  const checkout = async (): Promise<pg.PoolClient> => {
    try {
      return await pool.connect();
    } catch (error) {
      translate(error);
    }
  };
  const checkin = (client: pg.PoolClient, failure?: unknown) => {
    // A client whose connection broke is destroyed, not handed to the next request.
    client.release(failure !== undefined && isConnectionFailure(failure) ? (failure as Error) : undefined);
  };

  /** One statement on a pooled connection; a read that meets a broken connection is tried once more on a new one. */
  const once = async (sql: string, params: unknown[], attempt = 1): Promise<{ rows: unknown[] }> => {
    const client = await checkout();
    try {
      const result = await run(client, sql, params);
      checkin(client);
      return result;
    } catch (error) {
      checkin(client, error);
      if (attempt === 1 && isConnectionFailure(error) && isRead(sql)) return once(sql, params, 2);
      translate(error);
    }
  };

  const inTransaction = (client: pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: unknown[] = []) {
      try {
        return (await run(client, sql, params)) as { rows: T[] };
      } catch (error) {
        translate(error);
      }
    },
    async exec(sql: string) {
      try {
        await client.query(sql);
      } catch (error) {
        translate(error);
      }
    },
  });

  return {
    kind: 'postgres',
    query: async <T>(sql: string, params: unknown[] = []) => (await once(sql, params)) as { rows: T[] },
    async exec(sql: string) {
      const client = await checkout();
      try {
        await client.query(sql);
        checkin(client);
      } catch (error) {
        checkin(client, error);
        translate(error);
      }
    },
    async transaction(work) {
      // BEGIN on a connection that turns out broken is tried once more on a new one: nothing of `work` ran yet.
      let client = await checkout();
      try {
        await client.query('BEGIN');
      } catch (error) {
        checkin(client, error);
        if (!isConnectionFailure(error)) throw error;
        client = await checkout();
        try {
          await client.query('BEGIN');
        } catch (again) {
          checkin(client, again);
          translate(again);
        }
      }
      let failure: unknown;
      try {
        const result = await work(inTransaction(client));
        try {
          await client.query('COMMIT');
        } catch (error) {
          // A COMMIT whose answer never came may or may not have committed: the caller gets 503 and retries, and
          // every write the API acknowledges is idempotent on retry (idempotency keys, upserts, per-application state).
          translate(error);
        }
        return result;
      } catch (error) {
        failure = error;
        if (!isConnectionFailure(error))
          await client.query('ROLLBACK').catch((rollback: unknown) => (failure = rollback));
        throw error;
      } finally {
        checkin(client, failure);
      }
    },
    close: () => pool.end(),
  };
}
