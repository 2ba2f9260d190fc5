import { hash } from 'node:crypto';
import { applicationFromRaw, type ApplicationRow, type RawApplicationRow } from './applications.ts';
import type { Queryable } from './types.ts';

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
  insert: "INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + ($3::bigint * interval '1 millisecond'))",
  user: 'SELECT u.id, u.email, s.expires_at FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1 AND s.expires_at > now()',
  userWithApplication:
    'SELECT u.id AS user_id, u.email, s.expires_at, a.id, a.owner_id, a.document FROM sessions s JOIN users u ON u.id = s.user_id ' +
    'LEFT JOIN applications a ON a.id = $2 WHERE s.token_hash = $1 AND s.expires_at > now()',
  delete: 'DELETE FROM sessions WHERE token_hash = $1',
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
): Promise<{ user: SessionUser | undefined; application: ApplicationRow<D> | undefined }> {
  const { rows } = await db.query<{ user_id: string; email: string } & { [K in keyof RawApplicationRow]: RawApplicationRow[K] | null }>(
    sessionSql.userWithApplication,
    [hashToken(token), applicationId],
  );
  const row = rows[0];
  if (!row) return { user: undefined, application: undefined };
  const user = { id: row.user_id, email: row.email };
  if (row.id === null || row.owner_id === null) return { user, application: undefined };
  return { user, application: applicationFromRaw<D>({ id: row.id, owner_id: row.owner_id, document: row.document }) };
}

/** Ends a session (logout). */
export async function deleteSession(db: Queryable, token: string): Promise<void> {
  await db.query(sessionSql.delete, [hashToken(token)]);
}
