import { createHash } from 'node:crypto';
import type { Queryable } from './types.ts';

/** sha-256 (base64url) of a bearer value: confirmation tokens and registration cookies are stored only hashed. */
export const hashBearer = (value: string): string => createHash('sha256').update(value).digest('base64url');

/** Records a registration waiting for its address to be confirmed (issue 23). */
export async function insertPendingRegistration(
  db: Queryable,
  r: { token: string; email: string; passwordHash: string; registrationHash: string; ttlMs: number },
): Promise<void> {
  await db.query(
    `INSERT INTO pending_registrations (token_hash, email, password_hash, registration_hash, expires_at)
     VALUES ($1, $2, $3, $4, now() + ($5::bigint * interval '1 millisecond'))`,
    [hashBearer(r.token), r.email.toLowerCase(), r.passwordHash, r.registrationHash, r.ttlMs],
  );
}

/** Takes a pending registration by its token, once: undefined when unknown, already taken or expired. */
export async function takePendingRegistration(
  db: Queryable,
  token: string,
): Promise<{ email: string; passwordHash: string; registrationHash: string } | undefined> {
  const { rows } = await db.query<{ email: string; password_hash: string; registration_hash: string; live: boolean }>(
    `DELETE FROM pending_registrations WHERE token_hash = $1
     RETURNING email, password_hash, registration_hash, expires_at > now() AS live`,
    [hashBearer(token)],
  );
  const row = rows[0];
  return row?.live
    ? { email: row.email, passwordHash: row.password_hash, registrationHash: row.registration_hash }
    : undefined;
}
