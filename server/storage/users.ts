import { randomUUID } from 'node:crypto';
import type { Queryable } from './types.ts';

/** A sign-on sandbox account. */
export interface UserRow {
  id: string;
  email: string;
  passwordHash: string;
}

/** The statement the PGlite read cache (pglite-cache.ts) is told about. */
export const userSql = {
  insert:
    'INSERT INTO users (id, email, password_hash) VALUES ($1, $2, $3) ON CONFLICT (email) DO NOTHING RETURNING id',
} as const;

/** Creates a user; returns undefined when the email is taken (emails compare lower-cased). */
export async function insertUser(db: Queryable, email: string, passwordHash: string): Promise<UserRow | undefined> {
  const id = randomUUID();
  const { rows } = await db.query<{ id: string }>(userSql.insert, [id, email.toLowerCase(), passwordHash]);
  return rows[0] ? { id, email: email.toLowerCase(), passwordHash } : undefined;
}

/** Finds a user by email (case-insensitive). */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<{ id: string; email: string; password_hash: string }>(
    'SELECT id, email, password_hash FROM users WHERE email = $1',
    [email.toLowerCase()],
  );
  const row = rows[0];
  return row ? { id: row.id, email: row.email, passwordHash: row.password_hash } : undefined;
}
