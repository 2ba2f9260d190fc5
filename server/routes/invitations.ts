import { randomBytes } from 'node:crypto';
import type { ApplicationDocument, JsonObject } from '../domain/document.ts';
import type { Messenger } from '../sandbox/outbox/messenger.ts';
import type { Queryable } from '../storage/index.ts';
import { insertInvitation } from '../storage/owner-access.ts';

/**
 * Emails each partner (owner of type OWNER with an email) whose request is still to be sent a secure link to
 * verify their identity (doc1 §1, §4.6). The link carries a random token (only its hash is stored); the partner
 * signs in with their own account and the front end claims the invitation. Runs inside the caller's
 * transaction; returns the document with those owners marked REQUEST_SENT and the deliveries to run after commit.
 */
export async function inviteOwners(
  tx: Queryable,
  messenger: Messenger,
  doc: ApplicationDocument,
  options: {
    ttlMs: number;
    locale: string;
    only?: string[];
    fullOnboardingWhenEmailContains?: string[];
    userId?: string;
  },
): Promise<{ doc: ApplicationDocument; deliveries: Array<() => Promise<void>> }> {
  const deliveries: Array<() => Promise<void>> = [];
  const owners: JsonObject[] = [];
  for (const owner of doc.owners) {
    const wanted = options.only ? options.only.includes(String(owner.id)) : owner.status === 'REQUEST_TO_BE_SENT';
    if (owner.type !== 'OWNER' || typeof owner.email !== 'string' || !wanted) {
      owners.push(owner);
      continue;
    }
    const token = randomBytes(32).toString('base64url');
    const ownerId = String(owner.id);
    await insertInvitation(tx, {
      token,
      applicationId: doc.application.id,
      ownerId,
      email: owner.email,
      ttlMs: options.ttlMs,
    });
    deliveries.push(
      await messenger.send(tx, {
        ...(options.userId ? { userId: options.userId } : {}),
        channel: 'email',
        recipient: owner.email,
        key: 'outbox.email.ownerInvitation.body',
        subjectKey: 'outbox.email.ownerInvitation.subject',
        args: { firstName: String(owner.firstName ?? ''), companyName: String(doc.company.name ?? '') },
        // Issue 27.3: the partner's pages follow the application's market (its currency), whatever their browser's.
        link: `${cobrandPrefix(doc)}/${doc.application.id}/owners/${ownerId}?invitation=${token}${marketQuery(doc)}`,
        locale: typeof owner.communicationLanguage === 'string' ? owner.communicationLanguage : options.locale,
      }),
    );
    owners.push({
      ...owner,
      status: 'REQUEST_SENT',
      stepUpDetails: ownerStepUps(owner, options.fullOnboardingWhenEmailContains ?? []),
    });
  }
  // doc1 §4.6: payouts are enabled once partners verify; until then they wait (settleBoVerification turns them on).
  const waiting = owners.some(
    (o) => o.type === 'OWNER' && Array.isArray(o.stepUpDetails) && o.stepUpDetails.length > 0,
  );
  const application = waiting ? { ...doc.application, enableDeposits: false } : doc.application;
  return { doc: { ...doc, application, owners }, deliveries };
}

/**
 * The owner-side step-ups of an invited partner (doc1 §4.2: FULL_ONBOARDING and GOV_ID_SELFIE): the photo ID always;
 * in front of it FULL_ONBOARDING (the partner completes their own details) when the sandbox trigger of
 * rules/sandbox.json `partners` matches the partner's email and their phone and language are not yet given.
 */
export function ownerStepUps(owner: JsonObject, fullOnboardingWhenEmailContains: string[]): JsonObject[] {
  const current = Array.isArray(owner.stepUpDetails) ? (owner.stepUpDetails as JsonObject[]) : [];
  if (owner.status === 'COMPLETED') return current;
  const email = String(owner.email ?? '').toLowerCase();
  const full = fullOnboardingWhenEmailContains.some((part) => email.includes(part.toLowerCase()));
  const rest = current.filter((s) => s.type !== 'FULL_ONBOARDING');
  const detailsGiven =
    Boolean((owner.phone as JsonObject | undefined)?.nationalNumber) && typeof owner.communicationLanguage === 'string';
  return full && !detailsGiven ? [{ type: 'FULL_ONBOARDING', status: 'REQUIRED' }, ...rest] : rest;
}

/** The co-brand prefix of links (doc1 §2.1 `/r/{referralUrlId}`), so a reseller's partner sees the reseller portal. */
export function cobrandPrefix(doc: ApplicationDocument): string {
  const referral = doc.application.referralUrlId;
  return typeof referral === 'string' && referral ? `/r/${encodeURIComponent(referral)}` : '';
}

/** Runs deliveries after a commit. */
export async function deliverAll(deliveries: Array<() => Promise<void>>): Promise<void> {
  for (const deliver of deliveries) await deliver();
}

/** `&currency=…` of the application's company (doc1 §4.8: the currency decides the market), for links to partners. */
export function marketQuery(doc: ApplicationDocument, separator = '&'): string {
  const currency = doc.company.currency;
  return typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? `${separator}currency=${currency}` : '';
}
