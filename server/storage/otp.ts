import { createHash } from 'node:crypto';
import type { Queryable } from './types.ts';

const hashCode = (applicationId: string, code: string) =>
  createHash('sha256').update(`${applicationId}:${code}`).digest('base64url');

/** Replaces the application's one-time code (only the latest code is valid). */
export async function storeOtp(db: Queryable, applicationId: string, code: string, ttlMs: number): Promise<void> {
  await db.query(
    `INSERT INTO otp_codes (application_id, code_hash, expires_at) VALUES ($1, $2, now() + ($3::bigint * interval '1 millisecond'))
     ON CONFLICT (application_id) DO UPDATE SET code_hash = EXCLUDED.code_hash, expires_at = EXCLUDED.expires_at, attempts = 0, created_at = now()`,
    [applicationId, hashCode(applicationId, code), ttlMs],
  );
}

/** Why a code was refused, or `ok` (the code is then used up). */
export type OtpCheck = 'ok' | 'missing' | 'expired' | 'mismatch' | 'locked';

/** Checks a code: counts the attempt, refuses after `maxAttempts`, deletes the code when it matches. */
export async function checkOtp(
  db: Queryable,
  applicationId: string,
  code: string,
  maxAttempts: number,
): Promise<OtpCheck> {
  const { rows } = await db.query<{ code_hash: string; expired: boolean; attempts: number }>(
    'UPDATE otp_codes SET attempts = attempts + 1 WHERE application_id = $1 RETURNING code_hash, expires_at <= now() AS expired, attempts',
    [applicationId],
  );
  const row = rows[0];
  if (!row) return 'missing';
  if (row.attempts > maxAttempts) return 'locked';
  if (row.expired) return 'expired';
  if (row.code_hash !== hashCode(applicationId, code)) return 'mismatch';
  await db.query('DELETE FROM otp_codes WHERE application_id = $1', [applicationId]);
  return 'ok';
}

/** The outbox, oldest first (tests and sandbox tools). */
export async function readOutbox(
  db: Queryable,
): Promise<Array<{ channel: string; recipient: string; message: string; args: Record<string, string | number> }>> {
  const { rows } = await db.query<{ channel: string; recipient: string; message: string; args: unknown }>(
    'SELECT channel, recipient, message, args FROM outbox ORDER BY id',
  );
  return rows.map((r) => ({
    ...r,
    args: (typeof r.args === 'string' ? JSON.parse(r.args) : r.args) as Record<string, string | number>,
  }));
}
