/**
 * The session lookups of every signed-in request (sessionReader, server/storage/sessions.ts). On PostgreSQL the
 * lookups of one turn of the event loop share one statement; on PGlite each is its own (its read cache serves them).
 * Either way each lookup must answer exactly what the single statements answer for it alone, run one after the
 * other: that is the oracle here. The file runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { createApplication, updateApplication } from '../../server/storage/applications.ts';
import {
  deleteSession,
  findSessionUser,
  findSessionUserWithApplication,
  insertSession,
  sessionReader,
} from '../../server/storage/sessions.ts';
import type { Database } from '../../server/storage/types.ts';
import { insertUser } from '../../server/storage/users.ts';
import { testDatabasePerFile, testDatabaseUrl } from './test-database.ts';

const t = testDatabasePerFile();

type Doc = { application: { id: string }; company: { dba: string } };
const doc = (id: string, dba: string): Doc => ({ application: { id }, company: { dba } });

/** The test database, counting the statements run through it. */
function counting(db: Database): { db: Database; statements: () => number } {
  let statements = 0;
  return {
    db: { ...db, kind: db.kind, query: (sql, params) => ((statements += 1), db.query(sql, params)) },
    statements: () => statements,
  };
}

/** Two users, each with a live session and an application; the first also has an expired session. */
async function world() {
  const users = [];
  for (const name of ['ada', 'bo']) {
    const { id, email } = (await insertUser(t.db, `${name}.${randomUUID()}@example.com`, 'h'))!;
    const user = { id, email };
    const token = randomUUID();
    await insertSession(t.db, token, user.id, 60_000);
    const applicationId = `urn:app:${randomUUID()}`;
    await createApplication(t.db, {
      id: applicationId,
      ownerId: user.id,
      document: doc(applicationId, `${name}'s shop`),
    });
    users.push({ user, token, applicationId });
  }
  const expired = randomUUID();
  await insertSession(t.db, expired, users[0].user.id, -1_000);
  const tokens = [users[0].token, users[1].token, expired, randomUUID()];
  const applicationIds = [users[0].applicationId, users[1].applicationId, `urn:app:${randomUUID()}`];
  return { users, tokens, applicationIds };
}

/** A lookup: a token, with an application or without. */
type Lookup = { token: string; applicationId?: string };

/** What the single statements answer for `lookups`, one after the other. */
async function oracle(lookups: Lookup[]) {
  const answers = [];
  for (const { token, applicationId } of lookups) {
    answers.push(
      applicationId === undefined
        ? { user: await findSessionUser(t.db, token) }
        : await findSessionUserWithApplication<Doc>(t.db, token, applicationId),
    );
  }
  return answers;
}

/**
 * The reader's answers for `lookups`, all made in the same turn, as plain values: an application's document read
 * through its (possibly lazy) `document`. A `documentText` the read carries must be that document's text.
 */
async function read(reader: ReturnType<typeof sessionReader>, lookups: Lookup[]) {
  const answers = await Promise.all(
    lookups.map(async ({ token, applicationId }) =>
      applicationId === undefined
        ? { user: await reader.user(token) }
        : reader.userWithApplication<Doc>(token, applicationId),
    ),
  );
  return answers.map((answer) => {
    if (!('application' in answer) || answer.application === undefined) return answer;
    const { id, ownerId, document, documentText, version } = answer.application;
    if (documentText !== undefined) expect(JSON.parse(documentText)).toEqual(document);
    return { ...answer, application: { id, ownerId, document, version } };
  });
}

describe(`session lookups on ${testDatabaseUrl ? 'PostgreSQL (batched)' : 'PGlite (one statement each)'}`, () => {
  it('answers each of many lookups made together as the single statements answer it alone', async () => {
    const { tokens, applicationIds } = await world();
    const lookup = fc.record(
      { token: fc.constantFrom(...tokens), applicationId: fc.constantFrom(...applicationIds) },
      { requiredKeys: ['token'] },
    );
    const reader = sessionReader(t.db);
    await fc.assert(
      fc.asyncProperty(fc.array(lookup, { minLength: 1, maxLength: 40 }), async (lookups) => {
        expect(await read(reader, lookups)).toEqual(await oracle(lookups));
      }),
      { numRuns: 60 },
    );
  });

  it('covers every case: own and other application, unknown application, no application, expired and unknown session', async () => {
    const { users, tokens, applicationIds } = await world();
    const [ada, bo] = users;
    const answers = await read(sessionReader(t.db), [
      { token: ada.token, applicationId: ada.applicationId },
      { token: ada.token, applicationId: bo.applicationId },
      { token: bo.token, applicationId: applicationIds[2] },
      { token: bo.token },
      { token: tokens[2], applicationId: ada.applicationId },
      { token: tokens[3] },
    ]);
    expect(answers[0]).toEqual({
      user: ada.user,
      application: {
        id: ada.applicationId,
        ownerId: ada.user.id,
        document: doc(ada.applicationId, "ada's shop"),
        version: expect.any(String),
      },
    });
    // The access rule, not the lookup, refuses another user's application: the lookup reads it with its owner.
    expect(answers[1]).toEqual({
      user: ada.user,
      application: {
        id: bo.applicationId,
        ownerId: bo.user.id,
        document: doc(bo.applicationId, "bo's shop"),
        version: expect.any(String),
      },
    });
    expect(answers[2]).toEqual({ user: bo.user, application: undefined });
    expect(answers[3]).toEqual({ user: bo.user });
    expect(answers[4]).toEqual({ user: undefined, application: undefined });
    expect(answers[5]).toEqual({ user: undefined });
  });

  it('shares one statement among the lookups of one turn on PostgreSQL (at most 200 each), and runs one each on PGlite', async () => {
    const { users } = await world();
    const { db, statements } = counting(t.db);
    const reader = sessionReader(db);
    const lookups = Array.from({ length: 250 }, (_, i): Lookup =>
      i % 2 ? { token: users[i % 2].token } : { token: users[0].token, applicationId: users[0].applicationId },
    );
    const answers = await read(reader, lookups);
    expect(answers.every((answer) => answer.user !== undefined)).toBe(true);
    expect(statements()).toBe(testDatabaseUrl ? 2 : 250);
  });

  it('keeps nothing between turns: a later lookup sees the new document, and no user after logout', async () => {
    const { users } = await world();
    const [ada] = users;
    const reader = sessionReader(t.db);
    expect(
      (await reader.userWithApplication<Doc>(ada.token, ada.applicationId)).application?.document.company.dba,
    ).toBe("ada's shop");
    await updateApplication<Doc>(t.db, ada.applicationId, (row) => ({ ...row.document, company: { dba: 'Renamed' } }));
    const renamed = (await reader.userWithApplication<Doc>(ada.token, ada.applicationId)).application;
    expect(renamed?.document.company.dba).toBe('Renamed');
    // PostgreSQL's batched read hands the document's text too (GET answers are kept by it); it is the new one.
    if (testDatabaseUrl) expect(JSON.parse(renamed!.documentText!)).toEqual(renamed!.document);
    await deleteSession(t.db, ada.token);
    expect(await reader.user(ada.token)).toBeUndefined();
    expect(await reader.userWithApplication(ada.token, ada.applicationId)).toEqual({
      user: undefined,
      application: undefined,
    });
  });
});
