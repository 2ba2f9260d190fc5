/**
 * Owners (doc1 §3 Owner; doc1 §4.6): business partners holding 25% or more. Each new partner gets an id in the
 * urn style of doc1 §2.1 and the owner-side step-up GOV_ID_SELFIE (doc1 §4.2: owner-side kinds are
 * FULL_ONBOARDING and GOV_ID_SELFIE); the applicant's own entry (APPLICANT_OWNER) needs none.
 */
import { randomUUID } from 'node:crypto';
import type { ApplicationDocument, JsonObject } from './document.ts';

/** A new owner record from the fields a client sent. */
export function newOwner(input: JsonObject): JsonObject {
  const type = input.type === 'APPLICANT_OWNER' ? 'APPLICANT_OWNER' : 'OWNER';
  return {
    id: `urn:owner:${randomUUID()}`,
    type,
    ...input,
    status: type === 'OWNER' ? 'REQUEST_TO_BE_SENT' : 'COMPLETED',
    stepUpDetails: type === 'OWNER' ? [{ type: 'GOV_ID_SELFIE', status: 'REQUIRED' }] : [],
  };
}

/** Partners still to verify: owners of type OWNER with a pending owner-side step-up. */
export function unverifiedPartners(doc: ApplicationDocument): JsonObject[] {
  return doc.owners.filter((o) => o.type === 'OWNER' && Array.isArray(o.stepUpDetails) && o.stepUpDetails.length > 0);
}

/**
 * After an owner verified: when no partner is left to verify, payouts no longer wait for them (doc1 §2.7 'Payouts
 * are enabled once partners verify'), so the BO_VERIFICATION step-up leaves the application.
 */
export function settleBoVerification(doc: ApplicationDocument): ApplicationDocument {
  if (unverifiedPartners(doc).length > 0) return doc;
  return {
    ...doc,
    application: {
      ...doc.application,
      enableDeposits: true,
      stepUpDetails: doc.application.stepUpDetails.filter((s) => s.type !== 'BO_VERIFICATION'),
    },
  };
}

/**
 * The view of an application a partner may see (doc1 §6: a partner sees only their own record and cannot manage
 * the business): the business's names and their own owner record, nothing of the applicant, bank or order.
 */
export function partnerView(doc: ApplicationDocument, ownerIds: string[]): ApplicationDocument {
  return {
    application: {
      id: doc.application.id,
      intent: doc.application.intent,
      applicationLevel: doc.application.applicationLevel,
      stepUpDetails: [],
      boStatus: doc.application.boStatus,
      apiVersion: doc.application.apiVersion,
    },
    applicant: {},
    company: Object.fromEntries(
      ['name', 'dba'].filter((k) => doc.company[k] !== undefined).map((k) => [k, doc.company[k]]),
    ),
    owners: doc.owners.filter((o) => ownerIds.includes(String(o.id))),
    bank: {},
    order: {},
  };
}
