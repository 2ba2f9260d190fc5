/**
 * The PGlite read cache (server/storage/pglite-cache.ts) never answers anything the database would not: every read
 * below is checked against what the database holds after writes, deletes, transactions that commit or roll back,
 * logout and sessions expiring by the clock. The same file runs on PostgreSQL (TEST_DATABASE_URL), where there is no
 * cache at all: the answers must be the same.
 */
import { randomUUID } from 'node:crypto';
import {
  applicationSql,
  createApplication,
  findApplication,
  saveDocument,
  updateApplication,
} from '../../server/storage/applications.ts';
import { changedBy, ReadCache } from '../../server/storage/pglite-cache.ts';
import { readCacheFigures } from '../../server/storage/pglite.ts';
import {
  deleteSession,
  findSessionUser,
  findSessionUserWithApplication,
  insertSession,
  sessionSql,
} from '../../server/storage/sessions.ts';
import { insertUser } from '../../server/storage/users.ts';
import { testDatabasePerFile, testDatabaseUrl } from './test-database.ts';

const t = testDatabasePerFile();

const appId = () => `urn:app:${randomUUID()}`;
type Doc = { application: { id: string }; company: { dba: string } };
const doc = (id: string, dba: string): Doc => ({ application: { id }, company: { dba } });

/** What the database holds, read with a statement the cache does not answer. */
async function stored(id: string): Promise<Doc | undefined> {
  const { rows } = await t.db.query<{ document: Doc }>('SELECT document FROM applications WHERE id = $1 AND true', [
    id,
  ]);
  return rows[0]?.document;
}

async function userWithApplication(email = 'reader@example.com') {
  const user = (await insertUser(t.db, email, 'h'))!;
  const id = appId();
  await createApplication(t.db, { id, ownerId: user.id, document: doc(id, 'First') });
  return { user, id };
}

const hits = () => readCacheFigures(t.db)?.hits ?? 0;

describe(`reads after writes on ${testDatabaseUrl ? 'PostgreSQL (no cache)' : 'PGlite (read cache)'}`, () => {
  it('has a read cache on PGlite only, and a repeated read is answered from it', async () => {
    const { id } = await userWithApplication();
    await findApplication(t.db, id);
    const before = hits();
    expect((await findApplication<Doc>(t.db, id))?.document.company.dba).toBe('First');
    if (testDatabaseUrl) expect(readCacheFigures(t.db)).toBeUndefined();
    else expect(hits()).toBe(before + 1);
  });

  it('answers the new document after an update, and a copy that callers may change', async () => {
    const { id } = await userWithApplication();
    const first = (await findApplication<Doc>(t.db, id))!;
    first.document.company.dba = 'Changed by a caller';
    expect((await findApplication<Doc>(t.db, id))?.document.company.dba).toBe('First');
    await updateApplication<Doc>(t.db, id, (row) => ({ ...row.document, company: { dba: 'Second' } }));
    expect((await findApplication<Doc>(t.db, id))?.document.company.dba).toBe('Second');
    expect(await stored(id)).toEqual(doc(id, 'Second'));
  });

  it('keeps the committed document when a transaction that wrote and read it rolls back', async () => {
    const { id } = await userWithApplication();
    await findApplication(t.db, id);
    await expect(
      t.db.transaction(async (tx) => {
        await saveDocument(tx, id, doc(id, 'Never committed'));
        // Inside the transaction its own write is visible; that read must not reach the cache.
        expect((await findApplication<Doc>(tx, id))?.document.company.dba).toBe('Never committed');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await findApplication<Doc>(t.db, id))?.document.company.dba).toBe('First');
    expect(await stored(id)).toEqual(doc(id, 'First'));
  });

  it('answers what was committed when reads run while transactions write', async () => {
    const { id } = await userWithApplication();
    for (let round = 0; round < 20; round += 1) {
      const reads = [findApplication<Doc>(t.db, id), findApplication<Doc>(t.db, id)];
      const write = updateApplication<Doc>(t.db, id, (row) => ({
        ...row.document,
        company: { dba: `Round ${round}` },
      }));
      reads.push(findApplication<Doc>(t.db, id));
      await Promise.all([...reads, write]);
      expect((await findApplication<Doc>(t.db, id))?.document).toEqual(await stored(id));
      expect((await findApplication<Doc>(t.db, id))?.document.company.dba).toBe(`Round ${round}`);
    }
  });

  it('forgets an application deleted by any statement, and everything after TRUNCATE', async () => {
    const { id } = await userWithApplication();
    const other = await userWithApplication('other@example.com');
    await findApplication(t.db, id);
    await findApplication(t.db, other.id);
    await t.db.query('DELETE FROM applications WHERE id = $1', [id]);
    expect(await findApplication(t.db, id)).toBeUndefined();
    expect(await findApplication(t.db, other.id)).toBeDefined();
    await t.reset();
    expect(await findApplication(t.db, other.id)).toBeUndefined();
  });

  it('reads an application created after a read that found none with the session', async () => {
    const user = (await insertUser(t.db, 'later@example.com', 'h'))!;
    await insertSession(t.db, 'later-token', user.id, 60_000);
    const id = appId();
    expect(await findSessionUserWithApplication(t.db, 'later-token', id)).toEqual({
      user: { id: user.id, email: 'later@example.com' },
      application: undefined,
    });
    await createApplication(t.db, { id, ownerId: user.id, document: doc(id, 'Created later') });
    const read = await findSessionUserWithApplication<Doc>(t.db, 'later-token', id);
    expect(read.application?.document.company.dba).toBe('Created later');
    expect(read.application?.ownerId).toBe(user.id);
  });

  it('hands out the document read with the session as one frozen value that no change reaches, and the application alone as a copy', async () => {
    const { user, id } = await userWithApplication();
    await insertSession(t.db, 'shared-token', user.id, 60_000);
    const first = (await findSessionUserWithApplication<Doc>(t.db, 'shared-token', id)).application!.document;
    const second = (await findSessionUserWithApplication<Doc>(t.db, 'shared-token', id)).application!.document;
    expect(second).toEqual(doc(id, 'First'));
    if (!testDatabaseUrl) {
      // PGlite: the cached answer, frozen all the way down; a change throws (ES modules are strict) and leaves it.
      expect(second).toBe(first);
      expect(Object.isFrozen(second.company)).toBe(true);
      expect(() => {
        second.company.dba = 'Changed in memory';
      }).toThrow(TypeError);
    }
    expect(
      (await findSessionUserWithApplication<Doc>(t.db, 'shared-token', id)).application!.document.company.dba,
    ).toBe('First');
    // Any other read is a copy its caller may change, as before.
    const own = (await findApplication<Doc>(t.db, id))!.document;
    own.company.dba = 'Mine';
    expect((await findApplication<Doc>(t.db, id))!.document.company.dba).toBe('First');
    expect(await stored(id)).toEqual(doc(id, 'First'));
    // A write is seen by the next read with the session.
    await saveDocument(t.db, id, doc(id, 'Saved'));
    expect(
      (await findSessionUserWithApplication<Doc>(t.db, 'shared-token', id)).application!.document.company.dba,
    ).toBe('Saved');
  });

  it('ends a session at logout, for the session read and the session read with an application', async () => {
    const { user, id } = await userWithApplication();
    await insertSession(t.db, 'logout-token', user.id, 60_000);
    expect(await findSessionUser(t.db, 'logout-token')).toEqual({ id: user.id, email: 'reader@example.com' });
    expect((await findSessionUserWithApplication(t.db, 'logout-token', id)).user?.id).toBe(user.id);
    await deleteSession(t.db, 'logout-token');
    expect(await findSessionUser(t.db, 'logout-token')).toBeUndefined();
    expect(await findSessionUserWithApplication(t.db, 'logout-token', id)).toEqual({
      user: undefined,
      application: undefined,
    });
  });

  it('ends a session when its time is up, with no write in between (the clock, not a stale row)', async () => {
    const { user, id } = await userWithApplication();
    await insertSession(t.db, 'short-token', user.id, 1500);
    expect(await findSessionUser(t.db, 'short-token')).toBeDefined();
    expect((await findSessionUserWithApplication(t.db, 'short-token', id)).user).toBeDefined();
    const before = hits();
    expect(await findSessionUser(t.db, 'short-token')).toBeDefined();
    if (!testDatabaseUrl) expect(hits()).toBe(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    expect(await findSessionUser(t.db, 'short-token')).toBeUndefined();
    expect((await findSessionUserWithApplication(t.db, 'short-token', id)).user).toBeUndefined();
  });

  it('ends a session whose expiry is moved by any statement, and one whose user is deleted', async () => {
    const { user } = await userWithApplication();
    await insertSession(t.db, 'moved-token', user.id, 60_000);
    expect(await findSessionUser(t.db, 'moved-token')).toBeDefined();
    await t.db.query("UPDATE sessions SET expires_at = now() - interval '1 second'");
    expect(await findSessionUser(t.db, 'moved-token')).toBeUndefined();
    await insertSession(t.db, 'second-token', user.id, 60_000);
    expect(await findSessionUser(t.db, 'second-token')).toBeDefined();
    await t.db.query('DELETE FROM users WHERE id = $1', [user.id]);
    expect(await findSessionUser(t.db, 'second-token')).toBeUndefined();
  });
});

describe('which statements drop cached reads', () => {
  it('reads drop nothing; known writes drop their key; any other write naming a cached table drops everything', () => {
    expect(changedBy('SELECT id FROM applications WHERE owner_id = $1', ['u'])).toBeUndefined();
    expect(
      changedBy('UPDATE applications SET document = $2::jsonb, updated_at = now() WHERE id = $1', ['urn:app:x', '{}']),
    ).toEqual(['applications:urn:app:x']);
    expect(changedBy(sessionSql.delete, ['hash'])).toEqual(['sessions:hash']);
    expect(changedBy("UPDATE sessions SET expires_at = now() - interval '1 second'", [])).toBe('all');
    expect(
      changedBy('WITH gone AS (DELETE FROM applications WHERE id = $1 RETURNING id) SELECT id FROM gone', ['x']),
    ).toBe('all');
    expect(changedBy('delete from Users where id = $1', ['x'])).toBe('all');
    expect(changedBy('INSERT INTO rate_events (bucket, subject) VALUES ($1, $2)', ['b', 's'])).toBeUndefined();
    expect(changedBy('UPDATE owner_applications_log SET seen = true', [])).toBeUndefined();
  });
});

describe('a read that a write overtakes', () => {
  it('is answered but not kept: the next read asks the database again instead of answering the old rows', async () => {
    const cache = new ReadCache();
    let release: (rows: Array<Record<string, unknown>>) => void = () => undefined;
    const slow = cache.read(applicationSql.find, ['urn:app:a'], () => new Promise((resolve) => (release = resolve)));
    // The write lands while the read is on its way; the read then answers what it saw before the write.
    cache.drop(changedBy(applicationSql.saveDocument, ['urn:app:a', '{}']) ?? []);
    release([{ id: 'urn:app:a', document: { company: { dba: 'Before' } } }]);
    expect((await slow)[0]).toMatchObject({ document: { company: { dba: 'Before' } } });
    const after = await cache.read(applicationSql.find, ['urn:app:a'], async () => [
      { id: 'urn:app:a', document: { company: { dba: 'After' } } },
    ]);
    expect(after[0]).toMatchObject({ document: { company: { dba: 'After' } } });
    expect(cache.figures()).toMatchObject({ hits: 0, misses: 2 });
  });
});
