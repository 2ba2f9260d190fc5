/**
 * What the API stores is normalised after validation: phone numbers are kept as their ten digits (doc1 §3: the
 * phone country code is fixed as 1; doc2 §5: ten digits after removing spaces, dashes and parentheses), so
 * `(201) 555-0123`, accepted like in the browser, is stored as `2015550123`.
 */
import type { ApplicationDocument, JsonObject } from './document.ts';

const digits = (value: unknown) => (typeof value === 'string' ? value.replace(/\D/g, '') : value);

function withDigits(part: JsonObject, phoneKey: string, numberKey: string): JsonObject {
  const phone = part[phoneKey];
  if (!phone || typeof phone !== 'object' || Array.isArray(phone) || (phone as JsonObject)[numberKey] === undefined)
    return part;
  return { ...part, [phoneKey]: { ...(phone as JsonObject), [numberKey]: digits((phone as JsonObject)[numberKey]) } };
}

/** The document with every phone number reduced to digits. */
export function normaliseDocument(doc: ApplicationDocument): ApplicationDocument {
  return {
    ...doc,
    applicant: withDigits(doc.applicant, 'phone', 'localPhoneNumber'),
    company: withDigits(doc.company, 'phone', 'localPhoneNumber'),
    owners: doc.owners.map((o) => withDigits(o, 'phone', 'nationalNumber')),
  };
}
