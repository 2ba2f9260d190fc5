/**
 * Launch prefill on create (doc1 §3 Launch query parameters and Prefill rules; doc1 §6 reseller agent id and power
 * seller): POST /api/v2/applications may carry `launch`, the query the applicant arrived with, and `cobrand`, the
 * referral id of the visit. The API turns `launch` into a partial document with the same rules the tests pin
 * (rules/validation/prefill.json through domain/prefill), keeps only the application fields a launch may set, drops
 * every prefilled value the market checks refuse (a bad launch value is left for the applicant to give on the screens,
 * never a failed start), and lets the explicit body win. `cobrand` records the referral id and, for a known co-brand
 * (rules/accounts.json cobrands), its organisation.
 */
import { prefillFromLaunch } from '../../domain/prefill/index.ts';
import type { Content } from '../content.ts';
import { deepMerge, type JsonObject } from '../domain/document.ts';
import { cobrandOf } from '../../domain/cobrands.ts';

export type CreateParts = { application?: JsonObject; applicant?: JsonObject; company?: JsonObject };

/**
 * Application fields a launch may set: the tracking and partner fields of doc1 §3 (agent id and power seller for
 * resellers, doc1 §6). Ids that decide what the applicant may see or do (businessId, masterMid, mock, token,
 * kycKybRequired, createBusiness) stay query parameters for the screens' routing, never stored from a URL.
 */
export const launchApplicationFields = [
  'agentId',
  'isPowerSeller',
  'source',
  'medium',
  'context',
  'campaignName',
  'ventureId',
  'serviceType',
  'serviceId',
  'customerId',
  'apiVersion',
] as const;

/** The partial document a launch query gives (empty without one). */
export function launchParts(launch: Record<string, string> | undefined, currency: string): CreateParts {
  if (!launch) return {};
  const doc = prefillFromLaunch(launch, currency);
  const application = Object.fromEntries(
    Object.entries(doc.application).filter(([key]) => (launchApplicationFields as readonly string[]).includes(key)),
  );
  const parts: CreateParts = {};
  if (Object.keys(doc.applicant).length) parts.applicant = doc.applicant as JsonObject;
  if (Object.keys(doc.company).length) parts.company = doc.company as JsonObject;
  if (Object.keys(application).length) parts.application = application;
  return parts;
}

/** Removes the value at a JSON pointer (and parents left empty). */
function removeAt(root: JsonObject, pointer: string): void {
  const parts = pointer.split('/').slice(1);
  const walk = (node: JsonObject, index: number): void => {
    const key = parts[index];
    if (!(key in node)) return;
    if (index === parts.length - 1) delete node[key];
    else if (node[key] && typeof node[key] === 'object') {
      walk(node[key] as JsonObject, index + 1);
      if (Object.keys(node[key] as JsonObject).length === 0) delete node[key];
    }
  };
  walk(root, 0);
}

/**
 * The launch parts without the values `problemsAt` refuses: `problemsAt(parts)` answers the pointers of the refused
 * values (the market checks of the merged document, limited to the launch's own leaves).
 */
export function withoutRefused(parts: CreateParts, problemsAt: (parts: CreateParts) => string[]): CreateParts {
  const kept = structuredClone(parts) as JsonObject;
  for (let round = 0; round < 3; round++) {
    const refused = problemsAt(kept as CreateParts);
    if (refused.length === 0) break;
    for (const pointer of refused) removeAt(kept, pointer);
  }
  return kept as CreateParts;
}

/** The create body with the launch parts under it (the explicit body wins) and the co-brand recorded. */
export function withLaunch(
  body: CreateParts,
  launchPartsKept: CreateParts,
  cobrand: string | null | undefined,
  content: Content,
): CreateParts {
  const merged = deepMerge(launchPartsKept as JsonObject, body as JsonObject) as CreateParts;
  if (typeof cobrand === 'string' && cobrand !== '') {
    const known = cobrandOf(content.accounts.cobrands ?? {}, cobrand);
    merged.application = {
      referralUrlId: cobrand,
      ...(known?.organizationId ? { organizationId: known.organizationId } : {}),
      ...merged.application,
    };
  }
  return merged;
}

/** rules/accounts.json profilePrefill: the fields a new application copies from the newest profile (doc1 §4.7). */
export interface ProfilePrefill {
  applicant: string[];
  company: string[];
}

/**
 * doc1 §4.7: the applicant and company fields of the user's newest (by creation) application whose decision is one of
 * `openDecisions` and whose currency is `currency`; empty when there is none.
 */
export function profileParts(
  rows: ReadonlyArray<{
    document: { application: JsonObject; applicant: JsonObject; company: JsonObject };
    createdAt: string;
  }>,
  currency: string,
  openDecisions: readonly string[],
  fields: ProfilePrefill,
): CreateParts {
  const newest = rows
    .filter(
      (row) =>
        openDecisions.includes(String(row.document.application.decision)) && row.document.company.currency === currency,
    )
    .reduce<(typeof rows)[number] | undefined>(
      (best, row) => (!best || row.createdAt > best.createdAt ? row : best),
      undefined,
    );
  if (!newest) return {};
  const pick = (from: JsonObject, keys: string[]): JsonObject =>
    Object.fromEntries(
      keys
        .filter((key) => from[key] !== undefined && from[key] !== null)
        .map((key) => [key, structuredClone(from[key])]),
    );
  const parts: CreateParts = {};
  const applicant = pick(newest.document.applicant, fields.applicant);
  const company = pick(newest.document.company, fields.company);
  if (Object.keys(applicant).length) parts.applicant = applicant;
  if (Object.keys(company).length) parts.company = company;
  return parts;
}
