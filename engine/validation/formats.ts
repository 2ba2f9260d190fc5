/**
 * The named formats as ajv format definitions, in one object keyed by format name (names contain dashes,
 * so they cannot be separate named exports):
 *
 *   import { formats } from 'engine/validation/formats.ts';
 *   formats['person-name'] // { type: 'string', validate(value) }
 *
 * Every format, for the server and the tests. A screen's precompiled validators build only their own formats
 * (engine/validation/format-kit.ts, scripts/content/precompile.ts). `validate` does not use `this` (standalone code
 * calls it detached). Dates read the shared validation clock (setValidationClock).
 */
import { formatDefinitionsOf, type StringFormatDefinition } from './compile.ts';
import { formatRules } from './rules.ts';

export type { StringFormatDefinition } from './compile.ts';

/** Every named format as an ajv format definition. */
export const formats: Record<string, StringFormatDefinition> = formatDefinitionsOf(formatRules);

export default formats;
