import { randomUUID } from 'node:crypto';
import { migrate } from '../../server/storage/index.ts';
import {
  countApplications,
  createApplication,
  findApplication,
  updateApplication,
  updateApplicationAsRead,
  type ApplicationRow,
} from '../../server/storage/applications.ts';
import type { Database } from '../../server/storage/types.ts';
import { insertAnalyticsEvent, listAnalyticsEvents } from '../../server/storage/analytics.ts';
import {
  deleteSession,
  findSessionUser,
  findSessionUserWithApplication,
  insertSession,
} from '../../server/storage/sessions.ts';
import { findUserByEmail, insertUser } from '../../server/storage/users.ts';
import { testDatabasePerFile, testDatabaseUrl } from './test-database.ts';

const t = testDatabasePerFile();

const appId = () => `urn:app:${randomUUID()}`;

/** The test database, counting its statements and transactions (a transaction's statements count too). */
function counting(db: Database): { db: Database; statements: () => number; transactions: () => number } {
  let statements = 0;
  let transactions = 0;
  return {
    db: {
      ...db,
      kind: db.kind,
      query: (sql, params) => ((statements += 1), db.query(sql, params)),
      transaction: (work) => (
        (transactions += 1),
        db.transaction((tx) =>
          work({ ...tx, query: (sql, params) => ((statements += 1), tx.query(sql, params)), exec: tx.exec }),
        )
      ),
    },
    statements: () => statements,
    transactions: () => transactions,
  };
}

/** The application `id` as a signed-in request reads it with its session (with the row's version). */
async function readWithSession<D>(userId: string, id: string): Promise<ApplicationRow<D>> {
  const token = randomUUID();
  await insertSession(t.db, token, userId, 60_000);
  const { application } = await findSessionUserWithApplication<D>(t.db, token, id);
  return application!;
}

describe(`storage on ${testDatabaseUrl ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('runs on the engine the environment asks for', () => {
    expect(t.db.kind).toBe(testDatabaseUrl ? 'postgres' : 'pglite');
  });

  it('applies migrations once: a second run applies nothing and keeps the rows', async () => {
    await insertUser(t.db, 'keep@example.com', 'h');
    expect(await migrate(t.db)).toEqual([]);
    expect(await findUserByEmail(t.db, 'keep@example.com')).toBeDefined();
  });

  it('keeps emails unique regardless of case', async () => {
    const first = await insertUser(t.db, 'Ann@Example.com', 'h1');
    const second = await insertUser(t.db, 'ann@example.COM', 'h2');
    expect(first?.email).toBe('ann@example.com');
    expect(second).toBeUndefined();
    expect((await findUserByEmail(t.db, 'ANN@example.com'))?.passwordHash).toBe('h1');
  });

  it('finds a live session, not an expired or deleted one', async () => {
    const user = (await insertUser(t.db, 'a@example.com', 'h'))!;
    await insertSession(t.db, 'live-token', user.id, 60_000);
    await insertSession(t.db, 'old-token', user.id, -1);
    expect(await findSessionUser(t.db, 'live-token')).toEqual({ id: user.id, email: 'a@example.com' });
    expect(await findSessionUser(t.db, 'old-token')).toBeUndefined();
    expect(await findSessionUser(t.db, 'unknown')).toBeUndefined();
    await deleteSession(t.db, 'live-token');
    expect(await findSessionUser(t.db, 'live-token')).toBeUndefined();
  });

  it('stores session tokens only as hashes', async () => {
    const user = (await insertUser(t.db, 'b@example.com', 'h'))!;
    await insertSession(t.db, 'raw-secret-token', user.id, 60_000);
    const { rows } = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain('raw-secret-token');
  });

  it('creates an application and reads its document back', async () => {
    const user = (await insertUser(t.db, 'c@example.com', 'h'))!;
    const id = appId();
    const doc = { application: { id }, applicant: { name: { firstName: 'Zoé' } } };
    const { created } = await createApplication(t.db, { id, ownerId: user.id, document: doc });
    expect(created).toBe(true);
    expect(await findApplication(t.db, id)).toEqual({ id, ownerId: user.id, document: doc });
  });

  it('returns the same application for a repeated idempotency key, per user', async () => {
    const ann = (await insertUser(t.db, 'ann@example.com', 'h'))!;
    const bob = (await insertUser(t.db, 'bob@example.com', 'h'))!;
    const first = await createApplication(t.db, { id: appId(), ownerId: ann.id, document: { n: 1 } }, 'key-1');
    const again = await createApplication(t.db, { id: appId(), ownerId: ann.id, document: { n: 2 } }, 'key-1');
    const bobs = await createApplication(t.db, { id: appId(), ownerId: bob.id, document: { n: 3 } }, 'key-1');
    expect(again.created).toBe(false);
    expect(again.application.id).toBe(first.application.id);
    expect(again.application.document).toEqual({ n: 1 });
    expect(bobs.created).toBe(true);
    expect(await countApplications(t.db)).toBe(2);
  });

  it('creates one application when the same key races', async () => {
    const ann = (await insertUser(t.db, 'race@example.com', 'h'))!;
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) => createApplication(t.db, { id: appId(), ownerId: ann.id, document: { n } }, 'race')),
    );
    expect(new Set(results.map((r) => r.application.id)).size).toBe(1);
    expect(await countApplications(t.db)).toBe(1);
  });

  it('creates with an idempotency key in one statement, with no transaction', async () => {
    const ann = (await insertUser(t.db, 'one@example.com', 'h'))!;
    const { db, statements, transactions } = counting(t.db);
    const first = await createApplication(db, { id: appId(), ownerId: ann.id, document: { n: 1 } }, 'k', 'hash-1');
    const again = await createApplication(db, { id: appId(), ownerId: ann.id, document: { n: 2 } }, 'k', 'hash-1');
    const other = await createApplication(db, { id: appId(), ownerId: ann.id, document: { n: 3 } }, 'k', 'hash-2');
    expect([first.created, again.created, other.created]).toEqual([true, false, false]);
    expect(again.application).toEqual({ id: first.application.id, ownerId: ann.id, document: { n: 1 } });
    expect(again.keyReused).toBeUndefined();
    expect(other.keyReused).toBe(true);
    expect([statements(), transactions()]).toEqual([3, 0]);
    expect(await countApplications(t.db)).toBe(1);
  });

  it('saves a change computed from the session read in one statement while the row is unchanged', async () => {
    const user = (await insertUser(t.db, 'read@example.com', 'h'))!;
    const id = appId();
    await createApplication(t.db, { id, ownerId: user.id, document: { v: 0 } });
    const read = await readWithSession<{ v: number }>(user.id, id);
    const { db, statements, transactions } = counting(t.db);
    const updated = await updateApplicationAsRead(db, id, read, (row) => ({ v: row.document.v + 1 }));
    expect(updated).toEqual({ id, ownerId: user.id, document: { v: 1 } });
    expect([statements(), transactions()]).toEqual([1, 0]);
    expect((await findApplication(t.db, id))?.document).toEqual({ v: 1 });
    // The same read again is stale now: the change is computed again on the stored row, under its lock.
    const again = await updateApplicationAsRead(db, id, read, (row) => ({ v: row.document.v + 1 }));
    expect(again?.document).toEqual({ v: 2 });
    expect(transactions()).toBe(1);
  });

  it('never saves over a change made after the session read (no lost update), and saves nothing when the change throws', async () => {
    const user = (await insertUser(t.db, 'stale@example.com', 'h'))!;
    const id = appId();
    await createApplication(t.db, { id, ownerId: user.id, document: { v: 0 } });
    const stale = await readWithSession<{ v: number }>(user.id, id);
    await updateApplication<{ v: number }>(t.db, id, () => ({ v: 10 }));
    const seen: number[] = [];
    const updated = await updateApplicationAsRead(t.db, id, stale, (row) => {
      seen.push(row.document.v);
      return { v: row.document.v + 1 };
    });
    expect(seen).toEqual([0, 10]);
    expect(updated?.document).toEqual({ v: 11 });
    expect((await findApplication(t.db, id))?.document).toEqual({ v: 11 });
    const fresh = await readWithSession<{ v: number }>(user.id, id);
    await expect(
      updateApplicationAsRead(t.db, id, fresh, () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect((await findApplication(t.db, id))?.document).toEqual({ v: 11 });
    // Without a read (or a read of another row), it is updateApplication; a missing row is undefined.
    expect(
      (await updateApplicationAsRead<{ v: number }>(t.db, id, undefined, (row) => ({ v: row.document.v + 1 })))
        ?.document,
    ).toEqual({ v: 12 });
    expect(await updateApplicationAsRead(t.db, appId(), fresh, (row) => row.document)).toBeUndefined();
  });

  it('keeps every update of many concurrent ones computed from one session read', async () => {
    const user = (await insertUser(t.db, 'many@example.com', 'h'))!;
    const id = appId();
    await createApplication(t.db, { id, ownerId: user.id, document: { v: 0 } });
    const read = await readWithSession<{ v: number }>(user.id, id);
    // A read the embedded database's cache shares comes frozen: each change still gets a document it may change.
    Object.freeze(read.document);
    await Promise.all(
      Array.from({ length: 8 }, () =>
        updateApplicationAsRead(t.db, id, read, (row) => {
          row.document.v += 1;
          return row.document;
        }),
      ),
    );
    expect((await findApplication(t.db, id))?.document).toEqual({ v: 8 });
  });

  it('rolls an update back when the change throws', async () => {
    const user = (await insertUser(t.db, 'd@example.com', 'h'))!;
    const id = appId();
    await createApplication(t.db, { id, ownerId: user.id, document: { v: 1 } });
    await expect(
      updateApplication<{ v: number }>(t.db, id, () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect((await findApplication(t.db, id))?.document).toEqual({ v: 1 });
    const updated = await updateApplication<{ v: number }>(t.db, id, (row) => ({ v: row.document.v + 1 }));
    expect(updated?.document).toEqual({ v: 2 });
    expect((await findApplication(t.db, id))?.document).toEqual({ v: 2 });
    expect(await updateApplication(t.db, appId(), (row) => row.document)).toBeUndefined();
  });

  it('serialises concurrent updates of one application (no lost update)', async () => {
    const user = (await insertUser(t.db, 'e@example.com', 'h'))!;
    const id = appId();
    await createApplication(t.db, { id, ownerId: user.id, document: { v: 0 } });
    await Promise.all(
      Array.from({ length: 8 }, () => updateApplication<{ v: number }>(t.db, id, (row) => ({ v: row.document.v + 1 }))),
    );
    expect((await findApplication(t.db, id))?.document).toEqual({ v: 8 });
  });

  it('stores analytics events in order', async () => {
    await insertAnalyticsEvent(t.db, undefined, 'A', { x: 1 });
    await insertAnalyticsEvent(t.db, undefined, 'B', { y: 'z' });
    expect(await listAnalyticsEvents(t.db)).toEqual([
      { type: 'A', params: { x: 1 } },
      { type: 'B', params: { y: 'z' } },
    ]);
  });
});
