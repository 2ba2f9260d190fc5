import { createHash } from 'node:crypto';
import type { Queryable } from './types.ts';

/** The signed-in user a session token resolves to. */
export interface SessionUser {
  id: string;
  email: string;
}

/** Sessions are stored by the sha-256 of their token, so a database read does not yield live cookies. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Stores a new session for `userId` that expires `ttlMs` from now. */
export async function insertSession(db: Queryable, token: string, userId: string, ttlMs: number): Promise<void> {
  await db.query(
    "INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + ($3::bigint * interval '1 millisecond'))",
    [hashToken(token), userId, ttlMs],
  );
}

/** The user of a live (unexpired) session, or undefined. */
export async function findSessionUser(db: Queryable, token: string): Promise<SessionUser | undefined> {
  const { rows } = await db.query<SessionUser>(
    'SELECT u.id, u.email FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1 AND s.expires_at > now()',
    [hashToken(token)],
  );
  return rows[0];
}

/** Ends a session (logout). */
export async function deleteSession(db: Queryable, token: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE token_hash = $1', [hashToken(token)]);
}
