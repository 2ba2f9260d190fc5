/**
 * Launch-parameter prefill (doc1 §3 Launch query parameters and Prefill rules): turns the query parameters
 * an applicant arrives with into a partial application document, as declared in
 * rules/validation/prefill.json. Which currency uses a separate applicant address, and which name format
 * applies, are data (the profiles of that file): this code names no market, currency or locale.
 *
 * Pure: no React, no DOM, no fs.
 */
import prefillData from '../../rules/validation/prefill.json' with { type: 'json' };
import { formatRules } from '../../engine/validation/index.ts';

/**
 * A partial application document: the parts a launch can fill. A type, not an interface: it is a record of string
 * keys, so the path setters below take it as one.
 */
export type PrefillDocument = {
  applicant: Record<string, unknown>;
  company: Record<string, unknown>;
  application: Record<string, unknown>;
};

/** One launch parameter and where it goes (see the meta-schema validation-prefill.schema.json). */
export interface PrefillField {
  param: string;
  path: string;
  transform?: 'digits' | 'boolean' | 'upper' | 'addressLine';
  maxDigits?: number;
  blankUnless?: string;
}

interface PrefillProfile {
  nameFormat: string;
  fields: PrefillField[];
}
interface PrefillRules {
  fields: PrefillField[];
  nameSplit: { param: string; first: string; last: string };
  default: PrefillProfile;
  profiles: Array<PrefillProfile & { currencies: string[] }>;
}

const rules = prefillData as unknown as PrefillRules;

/** Applies a field's transform; undefined drops the value. */
function transform(raw: string, field: PrefillField): string | boolean | undefined {
  const value = raw.trim();
  switch (field.transform) {
    case 'digits': {
      const digits = value.replace(/\D/g, '');
      return field.maxDigits ? digits.slice(0, field.maxDigits) : digits;
    }
    case 'boolean': {
      const lower = value.toLowerCase();
      return lower === 'true' ? true : lower === 'false' ? false : undefined;
    }
    case 'upper':
      return value.toUpperCase();
    case 'addressLine':
      // The literal words NULL or null (what some launchers send for a missing line) are removed, not
      // letters inside a word (Nullarbor stays).
      return value
        .replace(/\b(?:NULL|null)\b/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
    default:
      return value;
  }
}

/** Reads a dot path; undefined when absent. */
function getPath(root: Record<string, unknown>, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
      root,
    );
}

/** Writes a dot path, creating objects on the way. */
function setPath(root: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = root;
  for (const part of parts.slice(0, -1)) {
    if (!node[part] || typeof node[part] !== 'object') node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1]] = value;
}

const passes = (format: string, value: string): boolean => formatRules[format]?.validate(value) ?? false;

/** The profile for a currency: the first whose `currencies` lists it (upper case), else the default. */
function profileFor(currency: string): PrefillProfile {
  const code = (currency ?? '').trim().toUpperCase();
  return rules.profiles.find((profile) => profile.currencies.includes(code)) ?? rules.default;
}

/**
 * Builds the partial document `{applicant, company, application}` from launch query parameters.
 * Values are trimmed and empty ones dropped; when two parameters fill one path the first listed wins
 * (mcc before companySegment); address lines that fail their format become the empty string; the name is
 * split on its first space and used only when both parts pass the profile's name format; phones keep at
 * most 10 digits.
 */
export function prefillFromLaunch(query: Record<string, string>, currency: string): PrefillDocument {
  const doc: PrefillDocument = { applicant: {}, company: {}, application: {} };
  const root: Record<string, unknown> = doc;
  const profile = profileFor(currency);

  for (const field of [...rules.fields, ...profile.fields]) {
    const raw = query[field.param];
    if (typeof raw !== 'string' || getPath(root, field.path) !== undefined) continue;
    const value = transform(raw, field);
    if (value === undefined || value === '') continue;
    if (field.blankUnless && typeof value === 'string' && !passes(field.blankUnless, value))
      setPath(root, field.path, '');
    else setPath(root, field.path, value);
  }

  const name = query[rules.nameSplit.param];
  if (typeof name === 'string') {
    const trimmed = name.trim();
    const space = trimmed.indexOf(' ');
    if (space > 0) {
      const first = trimmed.slice(0, space).trim();
      const last = trimmed.slice(space + 1).trim();
      if (passes(profile.nameFormat, first) && passes(profile.nameFormat, last)) {
        setPath(root, rules.nameSplit.first, first);
        setPath(root, rules.nameSplit.last, last);
      }
    }
  }
  return doc;
}
