import { createHash } from 'node:crypto';
import type { Queryable } from './types.ts';

/** Phone-link statuses (doc1 §3 Phone-auth state). */
export type PhoneLinkStatus = 'REQUESTED' | 'IN_PROGRESS' | 'SUCCESS' | 'FAILED';

/** The fingerprint (vfp) is a bearer secret: only its hash is stored. */
export const hashVfp = (vfp: string): string => createHash('sha256').update(vfp).digest('base64url');

/** A stored link, without its fingerprint. */
export interface PhoneLink {
  applicationId: string;
  kind: 'sms' | 'mobile';
  status: PhoneLinkStatus;
  finalTargetUrl: string;
  expired: boolean;
  used: boolean;
}

interface Raw {
  application_id: string;
  kind: 'sms' | 'mobile';
  status: PhoneLinkStatus;
  final_target_url: string;
  expired: boolean;
  used: boolean;
}

const columns =
  'application_id, kind, status, final_target_url, expires_at <= now() AS expired, used_at IS NOT NULL AS used';
const fromRaw = (r: Raw): PhoneLink => ({
  applicationId: r.application_id,
  kind: r.kind,
  status: r.status,
  finalTargetUrl: r.final_target_url,
  expired: r.expired,
  used: r.used,
});

/** Stores a new link; earlier live links of the same kind for the application stop working (only the latest counts). */
export async function createPhoneLink(
  db: Queryable,
  link: {
    vfp: string;
    applicationId: string;
    kind: 'sms' | 'mobile';
    finalTargetUrl: string;
    ttlMs: number;
    status?: PhoneLinkStatus;
  },
): Promise<void> {
  await db.query(
    "UPDATE phone_links SET status = 'FAILED' WHERE application_id = $1 AND kind = $2 AND status IN ('REQUESTED', 'IN_PROGRESS')",
    [link.applicationId, link.kind],
  );
  await db.query(
    `INSERT INTO phone_links (vfp_hash, application_id, kind, status, final_target_url, expires_at)
     VALUES ($1, $2, $3, $4, $5, now() + ($6::bigint * interval '1 millisecond'))`,
    [hashVfp(link.vfp), link.applicationId, link.kind, link.status ?? 'REQUESTED', link.finalTargetUrl, link.ttlMs],
  );
}

/** The link of a fingerprint, or undefined. */
export async function findPhoneLink(db: Queryable, vfp: string): Promise<PhoneLink | undefined> {
  const { rows } = await db.query<Raw>(`SELECT ${columns} FROM phone_links WHERE vfp_hash = $1`, [hashVfp(vfp)]);
  return rows[0] ? fromRaw(rows[0]) : undefined;
}

/**
 * The application's latest link of a kind, or undefined: the last one stored (`seq`, migration 012; `created_at` ties
 * when two links are made within one tick of the clock).
 */
export async function latestPhoneLink(
  db: Queryable,
  applicationId: string,
  kind: 'sms' | 'mobile',
): Promise<PhoneLink | undefined> {
  const { rows } = await db.query<Raw>(
    `SELECT ${columns} FROM phone_links WHERE application_id = $1 AND kind = $2 ORDER BY seq DESC LIMIT 1`,
    [applicationId, kind],
  );
  return rows[0] ? fromRaw(rows[0]) : undefined;
}

/**
 * Uses a link once: a live, unused link whose status is one of `from` becomes `to` and is marked used, atomically
 * (two devices opening the same link: one wins). Answers why not otherwise.
 */
export async function usePhoneLink(
  db: Queryable,
  vfp: string,
  from: PhoneLinkStatus[],
  to: PhoneLinkStatus,
): Promise<'ok' | 'unknown' | 'expired' | 'used' | 'failed'> {
  const { rows } = await db.query<{ application_id: string }>(
    `UPDATE phone_links SET status = $3, used_at = now()
     WHERE vfp_hash = $1 AND used_at IS NULL AND expires_at > now() AND status = ANY($2::text[]) RETURNING application_id`,
    [hashVfp(vfp), from, to],
  );
  if (rows[0]) return 'ok';
  const link = await findPhoneLink(db, vfp);
  if (!link) return 'unknown';
  if (link.used) return 'used';
  if (link.expired) return 'expired';
  return 'failed';
}

/** Sets the status of a live, unused link (the sandbox carrier's verdict). */
export async function setPhoneLinkStatus(db: Queryable, vfp: string, status: PhoneLinkStatus): Promise<boolean> {
  const { rows } = await db.query<{ kind: string }>(
    'UPDATE phone_links SET status = $2 WHERE vfp_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING kind',
    [hashVfp(vfp), status],
  );
  return rows.length > 0;
}
