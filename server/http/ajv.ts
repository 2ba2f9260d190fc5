import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { SharedValidation } from './shared-validation.ts';

/**
 * The validator's ajv options, decided explicitly (Fastify's defaults coerce types and remove properties quietly):
 * - `coerceTypes: false`: "12" is not 12 and `["a"]` is not "a"; a wrong type is a 400, never a guess.
 *   Query strings are strings, so query schemas use string types only.
 * - `removeAdditional: false`: an unknown property is a 400 naming it (schemas say `additionalProperties: false`),
 *   never silently dropped.
 * - `useDefaults: false`: defaults live in the domain code that builds a document, not in request parsing.
 * - `allErrors: true`: every bad field is listed at once (bodies are small and bounded by maxLength/maxItems).
 * - `strict: true` with union types allowed: an unknown keyword or format is an error at start-up.
 * Draft 2020-12 (Ajv2020), the draft of the entity schemas in schemas/entities and of schemas/api.
 */
export const ajvCustomOptions = {
  coerceTypes: false,
  removeAdditional: false,
  useDefaults: false,
  allErrors: true,
  strict: true,
  allowUnionTypes: true,
} as const;

/** Reads every `*.schema.json` of a folder (none when it does not exist). */
export function readSchemas(dir: string): Array<{ file: string; schema: { $id?: string } & Record<string, unknown> }> {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.schema.json'))
    .sort()
    .map((file) => ({ file, schema: JSON.parse(readFileSync(join(dir, file), 'utf8')) }));
}

/**
 * The one validator instance of the API: standard formats (ajv-formats), then the named formats shared with
 * the browser (which win where names overlap, e.g. `email`), then every schema by `$id`.
 */
export function createValidator(shared: SharedValidation, schemas: Array<{ schema: object }>): Ajv2020 {
  const ajv = new Ajv2020({ ...ajvCustomOptions });
  addFormats.default(ajv);
  shared.registerFormats(ajv);
  for (const { schema } of schemas) ajv.addSchema(schema);
  return ajv;
}
