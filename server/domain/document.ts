/**
 * The application document (doc1 §3): what the API stores and answers. Its types are the generated entity types
 * (schemas/entities, `npm run gen:types` → engine/generated/entities.ts): a schema change that breaks this code
 * breaks the type check. The server's view adds only what a stored document always has (every part present, the
 * application's identity and state set) and lets a part carry fields the schema allows beyond the ones it names.
 */
import { randomUUID } from 'node:crypto';
import type * as Entities from '../../engine/generated/entities.ts';
import { isObject } from '../../engine/content/json.ts';

/** A JSON object. */
export type JsonObject = { [key: string]: unknown };

/** Decisions of doc1 §4.1. */
export type Decision = Entities.Decision;
/** Step-up kinds of doc1 §4.2. */
export type StepUpType = Entities.StepUpKind;
export type BoStatus = Entities.BoStatus;
export type Market = 'US' | 'CA';

/** A part as stored: the entity's fields, typed by its schema, and any other field as unknown. */
type Stored<T> = T & JsonObject;

/** The application part of the document: the generated Application with what a stored one always has. */
export type ApplicationPart = Stored<Entities.Application> &
  Required<Pick<Entities.Application, 'id' | 'applicationLevel' | 'stepUpDetails' | 'boStatus' | 'apiVersion'>> & {
    intent: string;
  };

/** A step-up as stored (doc1 §4.2). */
export type StepUpDetail = Stored<Entities.StepUpDetail>;

/**
 * The applicant part: the generated Applicant, and the phone's `verified`, which only the API sets (OTP_SMS and
 * PHONE_AUTH step-ups) and the entity schema leaves out so that no request body can carry it.
 */
export type ApplicantPart = Stored<Entities.Applicant> & {
  phone?: NonNullable<Entities.Applicant['phone']> & { verified?: boolean };
};

/** The whole document as stored: every part of the generated ApplicationDocument, present. */
export type ApplicationDocument = {
  [Part in keyof Required<Entities.ApplicationDocument>]-?: Part extends 'application'
    ? ApplicationPart
    : Part extends 'applicant'
      ? ApplicantPart
      : NonNullable<Entities.ApplicationDocument[Part]> extends Array<infer Item>
        ? Array<Stored<Item>>
        : Stored<NonNullable<Entities.ApplicationDocument[Part]>>;
};

/** A new application id: `urn:app:` and a UUID (five groups of 4 to 12 word characters, doc1 §2.1). */
export function newApplicationId(): string {
  return `urn:app:${randomUUID()}`;
}

/**
 * Deep-merges `patch` into `target` without changing either: objects merge key by key, anything else
 * (arrays, strings, numbers, null) replaces.
 */
export function deepMerge<T>(target: T, patch: unknown): T {
  if (!isObject(target) || !isObject(patch)) return structuredClone(patch) as T;
  const out: JsonObject = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    out[key] = isObject(value) && isObject(out[key]) ? deepMerge(out[key], value) : structuredClone(value);
  }
  return out as T;
}

/** A fresh document for a create call; the body's parts are merged over the defaults. */
export function newDocument(body: {
  application?: JsonObject;
  applicant?: JsonObject;
  company?: JsonObject;
}): ApplicationDocument {
  const base: ApplicationDocument = {
    application: {
      id: newApplicationId(),
      intent: 'CREATE_BUSINESS',
      applicationLevel: 'FULL',
      stepUpDetails: [],
      boStatus: 'NONE',
      apiVersion: 'V2',
      completed: false,
    },
    applicant: {},
    company: {},
    owners: [],
    bank: {},
    order: {},
  };
  const merged = deepMerge(base, { applicant: body.applicant ?? {}, company: body.company ?? {} });
  merged.application = { ...deepMerge(base.application, body.application ?? {}), id: base.application.id };
  return merged;
}

/** The market of a document: Canada when the company's currency is CAD or its country is CA. */
export function marketOf(doc: ApplicationDocument): Market {
  const address = isObject(doc.company.address) ? doc.company.address : {};
  return doc.company.currency === 'CAD' || address.countryCode === 'CA' ? 'CA' : 'US';
}

/** Keeps the last four characters of a secret, masking the rest with `*`. */
export function maskTail(value: string): string {
  return value.length <= 4 ? value : '*'.repeat(value.length - 4) + value.slice(-4);
}

/**
 * The document as answered to a browser: bank account numbers show only their last four digits, and a
 * full government id value or SIN (SSN9, SIN, FEIN, BN) shows only its last four.
 */
export function publicView(doc: ApplicationDocument): ApplicationDocument {
  // Copies only the parts it masks (the rest is shared with `doc`, which is not changed): a GET answers a whole
  // document, and cloning all of it to mask three values was the largest cost of building the answer.
  const account = doc.bank.account;
  const bank =
    isObject(account) && typeof account.accountNumber === 'string'
      ? { ...doc.bank, account: { ...account, accountNumber: maskTail(account.accountNumber) } }
      : doc.bank;
  let applicant = withMaskedId(doc.applicant);
  if (typeof applicant.sin === 'string') applicant = { ...applicant, sin: maskTail(applicant.sin) };
  return { ...doc, applicant, company: withMaskedId(doc.company), owners: doc.owners.map(withMaskedId), bank };
}

/** A part with its government id value masked to the last four (a copy), or the part itself when it has none. */
function withMaskedId(part: JsonObject): JsonObject {
  const id = part.governmentIdentification;
  return isObject(id) && typeof id.value === 'string'
    ? { ...part, governmentIdentification: { ...id, value: maskTail(id.value) } }
    : part;
}

/** Reads a JSON pointer (`/a/b/0`) from a value. */
export function atPointer(value: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '/') return value;
  let current: unknown = value;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(current)) current = current[Number(key)];
    else if (isObject(current)) current = current[key];
    else return undefined;
  }
  return current;
}

/**
 * The pointers at which a merge patch sets null below its top-level parts (JSON Merge Patch, RFC 7386: null removes
 * a member), and the patch without them. Arrays are values, not members: a null inside one is left to validation.
 */
export function splitRemovals(patch: unknown, prefix = ''): { rest: unknown; removals: string[] } {
  if (!isObject(patch)) return { rest: patch, removals: [] };
  const rest: JsonObject = {};
  const removals: string[] = [];
  for (const [key, value] of Object.entries(patch)) {
    const pointer = `${prefix}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (value === null && prefix !== '') removals.push(pointer);
    else if (isObject(value)) {
      const inner = splitRemovals(value, pointer);
      rest[key] = inner.rest as JsonObject;
      removals.push(...inner.removals);
    } else rest[key] = value;
  }
  return { rest, removals };
}

/** The document without the member at `pointer` (a copy; an absent member changes nothing). */
export function withoutPointer<T>(doc: T, pointer: string): T {
  const keys = pointer
    .split('/')
    .slice(1)
    .map((raw) => raw.replace(/~1/g, '/').replace(/~0/g, '~'));
  const copy = structuredClone(doc) as unknown;
  let node = copy;
  for (const key of keys.slice(0, -1)) {
    if (!isObject(node)) return copy as T;
    node = node[key];
  }
  if (isObject(node)) delete node[keys[keys.length - 1]!];
  return copy as T;
}
