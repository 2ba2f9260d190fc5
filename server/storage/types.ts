/**
 * The storage interface: a small SQL surface that both embedded PGlite and PostgreSQL (through `pg`)
 * satisfy, so repositories are written once against it.
 */

/** Something that runs SQL: the database itself or an open transaction. */
export interface Queryable {
  /** Runs one parameterised statement ($1, $2, ...) and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Runs a script of several statements without parameters (migrations, TRUNCATE). */
  exec(sql: string): Promise<void>;
}

/** An open database. */
export interface Database extends Queryable {
  /** Which engine answers: used in logs and tests only. */
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` inside BEGIN ... COMMIT; any throw rolls back and is rethrown. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Closes connections (and flushes PGlite's data folder). */
  close(): Promise<void>;
  /** PGlite only: the data folder as a tarball, to open copies of it (`StorageOptions.template`). */
  dump?(): Promise<Blob>;
}

/** How to open storage. `databaseUrl` wins over `dataDir`; neither means an in-memory PGlite. */
export interface StorageOptions {
  /** PostgreSQL connection string (`DATABASE_URL`). */
  databaseUrl?: string;
  /** PostgreSQL schema to use (created if missing): lets parallel test files share one server. */
  schema?: string;
  /**
   * PostgreSQL only: prepare parameterised statements by name on each connection (default true). Turn off behind a
   * pooler that does not keep prepared statements (PgBouncer before 1.21 in transaction mode).
   */
  preparedStatements?: boolean;
  /** PGlite data folder (`DATA_DIR`); absent means in memory. */
  dataDir?: string;
  /**
   * PGlite only, in memory: start from this dump of a data folder (`PGlite.dumpDataDir`) instead of an empty
   * cluster. Tests load one migrated template per file (about 1 s) instead of creating and migrating (about 5 s).
   */
  template?: Blob;
}
