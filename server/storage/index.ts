/**
 * Storage: open PGlite (default) or PostgreSQL (`databaseUrl`), apply migrations, hand back a Database.
 */
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import type { Database, StorageOptions } from './types.ts';

export type { Database, Queryable, StorageOptions } from './types.ts';
export { migrate } from './migrate.ts';

/** Opens the configured database and brings its schema up to date. */
export async function openStorage(options: StorageOptions = {}): Promise<Database> {
  const db = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.schema, options.preparedStatements ?? true)
    : await openPglite(options.dataDir, options.template);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/** Every table holding rows (not schema_migrations), for test resets. */
export const dataTables = [
  'rate_counters',
  'pending_registrations',
  'phone_links',
  'identity_inquiries',
  'owner_invitations',
  'owner_access',
  'vault_cards',
  'bank_links',
  'payments',
  'notifications',
  'auth_codes',
  'outbox',
  'otp_codes',
  'analytics_events',
  'idempotency_keys',
  'applications',
  'sessions',
  'users',
] as const;

/** Empties every data table: tests call it between cases instead of creating a new database. */
export async function truncateAll(db: Database): Promise<void> {
  await db.exec(`TRUNCATE ${dataTables.join(', ')} RESTART IDENTITY CASCADE`);
}
