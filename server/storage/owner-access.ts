import { createHash } from 'node:crypto';
import type { Queryable } from './types.ts';

/** Invitation links carry a bearer token: only its hash is stored. */
export const hashInvitation = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** Records an emailed invitation for one owner of an application. */
export async function insertInvitation(
  db: Queryable,
  invitation: { token: string; applicationId: string; ownerId: string; email: string; ttlMs: number },
): Promise<void> {
  await db.query(
    `INSERT INTO owner_invitations (token_hash, application_id, owner_id, email, expires_at)
     VALUES ($1, $2, $3, $4, now() + ($5::bigint * interval '1 millisecond'))`,
    [
      hashInvitation(invitation.token),
      invitation.applicationId,
      invitation.ownerId,
      invitation.email.toLowerCase(),
      invitation.ttlMs,
    ],
  );
}

/** An invitation as stored (without its token). */
export interface Invitation {
  applicationId: string;
  ownerId: string;
  email: string;
  expired: boolean;
  claimedBy: string | null;
}

/** The invitation of a token, or undefined. */
export async function findInvitation(db: Queryable, token: string): Promise<Invitation | undefined> {
  const { rows } = await db.query<{
    application_id: string;
    owner_id: string;
    email: string;
    expired: boolean;
    claimed_by: string | null;
  }>(
    'SELECT application_id, owner_id, email, expires_at <= now() AS expired, claimed_by FROM owner_invitations WHERE token_hash = $1',
    [hashInvitation(token)],
  );
  const r = rows[0];
  return r
    ? {
        applicationId: r.application_id,
        ownerId: r.owner_id,
        email: r.email,
        expired: r.expired,
        claimedBy: r.claimed_by,
      }
    : undefined;
}

/** Marks an invitation claimed by `userId` and gives that user access to that one owner record. */
export async function claimInvitation(
  db: Queryable,
  token: string,
  invitation: Invitation,
  userId: string,
): Promise<void> {
  await db.query('UPDATE owner_invitations SET claimed_by = $2, claimed_at = now() WHERE token_hash = $1', [
    hashInvitation(token),
    userId,
  ]);
  await db.query(
    `INSERT INTO owner_access (application_id, owner_id, user_id) VALUES ($1, $2, $3)
     ON CONFLICT (application_id, owner_id) DO UPDATE SET user_id = EXCLUDED.user_id`,
    [invitation.applicationId, invitation.ownerId, userId],
  );
}

/** Whether `userId` is the partner signed in for this owner record. */
export async function hasOwnerAccess(
  db: Queryable,
  applicationId: string,
  ownerId: string,
  userId: string,
): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM owner_access WHERE application_id = $1 AND owner_id = $2 AND user_id = $3',
    [applicationId, ownerId, userId],
  );
  return rows.length > 0;
}

/** Removes partner access and invitations of an owner record (the owner was deleted). */
export async function revokeOwner(db: Queryable, applicationId: string, ownerId: string): Promise<void> {
  await db.query('DELETE FROM owner_access WHERE application_id = $1 AND owner_id = $2', [applicationId, ownerId]);
  await db.query('DELETE FROM owner_invitations WHERE application_id = $1 AND owner_id = $2', [applicationId, ownerId]);
}
