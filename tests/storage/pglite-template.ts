/**
 * Vitest global setup of the api project: one migrated embedded database, dumped to a file once, which every test
 * file opens as its own in-memory copy (tests/storage/test-database.ts). Creating and migrating a PGlite cluster
 * takes about 5 s on these machines, loading the dump about 1 s, and there are some forty files. The file is named
 * by a hash of the migrations, so a changed migration makes a new template. Not used with TEST_DATABASE_URL.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStorage } from '../../server/storage/index.ts';

const migrations = join(import.meta.dirname, '../../server/storage/migrations');

export default async function setup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) return;
  const hash = createHash('sha256');
  for (const name of readdirSync(migrations).sort()) hash.update(name).update(readFileSync(join(migrations, name)));
  const file = join(tmpdir(), `onboarding-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(file)) {
    const db = await openStorage({});
    const dump = await db.dump!();
    await db.close();
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  process.env.PGLITE_TEMPLATE = file;
}
