/**
 * Validation shared by browser and server: every rule of doc2 §5 as named JSON Schema string formats
 * built from the data in rules/validation/, message keys for every failure, and document checks.
 *
 * Pure: no React, no DOM, no fs. See README.md in this folder.
 */
import type { ErrorObject, FormatDefinition } from 'ajv';
import { formats } from './formats.ts';
import { formatRules, type Reason } from './rules.ts';
import { reasonFromRules } from './reasons.ts';

export type { Reason, FormatRule, FormatRulesOptions } from './rules.ts';
export { formatRules, createFormatRules, formatNames, formatMessageKeys, formatParts } from './rules.ts';
export { reasonFromRules, keywordMessageKeys, otherMessageKeys } from './reasons.ts';
export { checkDocument, documentFormats, type DocumentProblem } from './document.ts';
export { uniqueEmails } from './emails.ts';
export { cardBrand } from './card-brand.ts';
export { describeCompanyNumber, type CompanyNumberDescription, type CompanyNumberKind } from './company-number.ts';
export { setValidationClock, type Clock } from './clock.ts';
export { isPoBox } from './po-box.ts';
export { formats, type StringFormatDefinition } from './formats.ts';

/** Anything formats can be added to: an Ajv instance (browser build, Fastify's ajv). */
export interface FormatRegistry {
  addFormat(name: string, format: FormatDefinition<string>): unknown;
}

/** Registers every named format (`{ type: 'string', validate }`) on an Ajv instance. */
export function registerFormats(ajv: FormatRegistry): void {
  for (const [name, definition] of Object.entries(formats)) ajv.addFormat(name, definition);
}

/**
 * Maps one ajv error on a value to a Reason, asking every format of rules/validation/formats.json (reasons.ts
 * reasonFromRules says how).
 */
export function reasonForError(error: ErrorObject, value: unknown, fieldMessages: Record<string, string> = {}): Reason {
  return reasonFromRules(formatRules, error, value, fieldMessages);
}
