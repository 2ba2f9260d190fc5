/**
 * One database per test file: embedded PGlite in memory by default; PostgreSQL when TEST_DATABASE_URL is
 * set, in a fresh schema per file (dropped on close) so parallel files never see each other's rows.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { openStorage, truncateAll, type Database, type StorageOptions } from '../../server/storage/index.ts';

/** The database of one test file. */
export interface TestDatabase {
  db: Database;
  /** The options that opened it (a restart test opens the same storage again). */
  options: StorageOptions;
  /** Empties every data table (between tests). */
  reset(): Promise<void>;
  /** Closes it and, on PostgreSQL, drops its schema. */
  close(): Promise<void>;
}

/** Which engine the suite runs on. */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL;

/**
 * The calling test file's database, opened before its tests, emptied before each and closed after them all: use
 * `t.db` and `t.reset()` inside tests (they exist once the file's tests run).
 */
export function testDatabasePerFile(): TestDatabase {
  let opened: TestDatabase | undefined;
  const current = (): TestDatabase => {
    if (!opened) throw new Error('the test database opens in beforeAll: use it inside tests');
    return opened;
  };
  beforeAll(async () => {
    opened = await openTestDatabase();
  });
  afterAll(async () => opened?.close());
  beforeEach(async () => current().reset());
  return {
    get db() {
      return current().db;
    },
    get options() {
      return current().options;
    },
    reset: () => current().reset(),
    close: () => current().close(),
  };
}

/** Opens a test database; `dataDir` forces a PGlite data folder (restart tests) when no server is configured. */
export async function openTestDatabase(dataDir?: string): Promise<TestDatabase> {
  const options: StorageOptions = testDatabaseUrl
    ? { databaseUrl: testDatabaseUrl, schema: `t_${randomBytes(6).toString('hex')}` }
    : dataDir
      ? { dataDir }
      : { template: pgliteTemplate() };
  const db = await openStorage(options);
  return {
    db,
    options,
    reset: () => truncateAll(db),
    async close() {
      await db.close();
      if (options.databaseUrl && options.schema) await dropSchema(options.databaseUrl, options.schema);
    },
  };
}

/** The migrated template tests/storage/pglite-template.ts dumped (read once per worker), if there is one. */
let template: Blob | undefined;
function pgliteTemplate(): Blob | undefined {
  const file = process.env.PGLITE_TEMPLATE;
  if (!file) return undefined;
  template ??= new Blob([readFileSync(file)]);
  return template;
}

/** Drops a test schema on the PostgreSQL server. */
export async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}
