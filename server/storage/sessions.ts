import { hash } from 'node:crypto';
import DataLoader from 'dataloader';
import { applicationFromRaw, type ApplicationRow, type RawApplicationRow } from './applications.ts';
import type { Database, Queryable } from './types.ts';

/** The signed-in user a session token resolves to. */
export interface SessionUser {
  id: string;
  email: string;
}

/**
 * Sessions are stored by the sha-256 of their token, so a database read does not yield live cookies. Every signed-in
 * request hashes its cookie: the one-shot `hash` (Node 20.12) skips the Hash object `createHash` makes each time.
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'base64url');
}

/**
 * The statements the PGlite read cache (pglite-cache.ts) serves or is told about. The reads answer `expires_at`
 * so that a cached answer can be checked against the clock again when it is reused.
 */
export const sessionSql = {
  insert:
    "INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + ($3::bigint * interval '1 millisecond'))",
  user: 'SELECT u.id, u.email, s.expires_at FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1 AND s.expires_at > now()',
  userWithApplication:
    'SELECT u.id AS user_id, u.email, s.expires_at, a.id, a.owner_id, a.document, a.xmin::text AS version ' +
    'FROM sessions s JOIN users u ON u.id = s.user_id ' +
    'LEFT JOIN applications a ON a.id = $2 WHERE s.token_hash = $1 AND s.expires_at > now()',
  delete: 'DELETE FROM sessions WHERE token_hash = $1',
  /**
   * PostgreSQL only (sessionReader): many lookups in one statement, one row per live session, numbered (`i`, from 1)
   * by the lookup it answers. A lookup without an application passes NULL, which the LEFT JOIN never matches. The
   * document comes as text, parsed only when used (applications.ts applicationFromRaw). Both reads with an
   * application answer its row version (`xmin`): a change computed from the read is saved in one statement if the row
   * is still that version (applications.ts updateApplicationAsRead).
   */
  usersWithApplications:
    'SELECT q.i, u.id AS user_id, u.email, a.id, a.owner_id, a.document::text AS document, a.xmin::text AS version ' +
    'FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS q(token_hash, application_id, i) ' +
    'JOIN sessions s ON s.token_hash = q.token_hash AND s.expires_at > now() JOIN users u ON u.id = s.user_id ' +
    'LEFT JOIN applications a ON a.id = q.application_id',
} as const;

/** Stores a new session for `userId` that expires `ttlMs` from now. */
export async function insertSession(db: Queryable, token: string, userId: string, ttlMs: number): Promise<void> {
  await db.query(sessionSql.insert, [hashToken(token), userId, ttlMs]);
}

/** The user of a live (unexpired) session, or undefined. */
export async function findSessionUser(db: Queryable, token: string): Promise<SessionUser | undefined> {
  const { rows } = await db.query<SessionUser>(sessionSql.user, [hashToken(token)]);
  return rows[0] ? { id: rows[0].id, email: rows[0].email } : undefined;
}

/**
 * The user of a live session and, in the same query (one round trip instead of two), the application `applicationId`
 * (undefined when there is none). Without a live session: no user, and the application is not read.
 */
export async function findSessionUserWithApplication<D>(
  db: Queryable,
  token: string,
  applicationId: string,
): Promise<SessionRead<D>> {
  const { rows } = await db.query<RawSessionRead>(sessionSql.userWithApplication, [hashToken(token), applicationId]);
  return sessionRead<D>(rows[0]);
}

/** What a session lookup answers: its user (none without a live session) and the application it asked for, if any. */
export interface SessionRead<D> {
  user: SessionUser | undefined;
  application: ApplicationRow<D> | undefined;
}

type RawSessionRead = { user_id: string; email: string } & {
  [K in keyof RawApplicationRow]: RawApplicationRow[K] | null;
};

function sessionRead<D>(row: RawSessionRead | undefined): SessionRead<D> {
  if (!row) return { user: undefined, application: undefined };
  const user = { id: row.user_id, email: row.email };
  if (row.id === null || row.owner_id === null) return { user, application: undefined };
  return {
    user,
    application: applicationFromRaw<D>({
      id: row.id,
      owner_id: row.owner_id,
      document: row.document,
      version: row.version,
    }),
  };
}

/** The session lookups every signed-in request makes, as the request context (http/request-context.ts) uses them. */
export interface SessionReader {
  user(token: string): Promise<SessionUser | undefined>;
  userWithApplication<D>(token: string, applicationId: string): Promise<SessionRead<D>>;
}

/** At most this many lookups share one statement. */
const maxLookupsPerStatement = 200;

/**
 * The session lookups of `db`.
 *
 * On PostgreSQL, the lookups that arrive in one turn of the event loop (the requests whose bytes were read in the
 * same poll) are answered by one statement (`usersWithApplications`), batched by DataLoader with its cache off: each
 * lookup still reads the database, at the moment the statement runs, and nothing is kept after it answers, so
 * several API instances on one database stay correct (issue 12). With 100 lookups in flight on 2 cores, a single
 * lookup cost the server about 80 µs of CPU in `pg` and a batched one about 20 µs, and the database answered 12k
 * single lookups a second against 40k batched.
 *
 * On PGlite, which runs inside this process and has its own read cache for the single statements (pglite-cache.ts),
 * each lookup is its own statement.
 */
export function sessionReader(db: Database): SessionReader {
  if (db.kind !== 'postgres') {
    return {
      user: (token) => findSessionUser(db, token),
      userWithApplication: (token, applicationId) => findSessionUserWithApplication(db, token, applicationId),
    };
  }
  const loader = new DataLoader<{ tokenHash: string; applicationId: string | null }, RawSessionRead | undefined>(
    async (lookups) => {
      const { rows } = await db.query<RawSessionRead & { i: string | number }>(sessionSql.usersWithApplications, [
        lookups.map((lookup) => lookup.tokenHash),
        lookups.map((lookup) => lookup.applicationId),
      ]);
      const answers: (RawSessionRead | undefined)[] = lookups.map(() => undefined);
      for (const row of rows) answers[Number(row.i) - 1] = row;
      return answers;
    },
    { cache: false, maxBatchSize: maxLookupsPerStatement, batchScheduleFn: (run) => setImmediate(run) },
  );
  return {
    async user(token) {
      return sessionRead(await loader.load({ tokenHash: hashToken(token), applicationId: null })).user;
    },
    async userWithApplication<D>(token: string, applicationId: string) {
      return sessionRead<D>(await loader.load({ tokenHash: hashToken(token), applicationId }));
    },
  };
}

/** Ends a session (logout). */
export async function deleteSession(db: Queryable, token: string): Promise<void> {
  await db.query(sessionSql.delete, [hashToken(token)]);
}
