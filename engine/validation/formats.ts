/**
 * The named formats as ajv format definitions, in one object keyed by format name (names contain dashes,
 * so they cannot be separate named exports):
 *
 *   import { formats } from 'engine/validation/formats.ts';
 *   formats['person-name'] // { type: 'string', validate(value) }
 *
 * Precompiled (ajv standalone) validators look formats up here by name: give ajv
 * `code: { source: true, formats: _\`require("<path to this module>").formats\` }`. This module depends
 * only on engine/validation, rules/ and npm packages, so it bundles for the browser and runs in Node.
 * `validate` does not use `this` (standalone code calls it detached). Dates read the shared validation
 * clock (setValidationClock).
 */
import { formatRules } from './rules.ts';

/** An ajv format definition for strings. */
export interface StringFormatDefinition {
  type: 'string';
  validate: (value: string) => boolean;
}

/** Every named format as an ajv format definition. */
export const formats: Record<string, StringFormatDefinition> = Object.fromEntries(
  Object.entries(formatRules).map(([name, rule]) => [
    name,
    { type: 'string' as const, validate: (value: string) => rule.validate(value) },
  ]),
);

export default formats;
