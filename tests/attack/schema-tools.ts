/**
 * JSON Schema helpers for the generated attack tests: the registry of every schema the API knows (by `$id`, the
 * same files server/app.ts adds), `$ref` resolution, and the API's own validator to tell a valid body from a bad one.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { createValidator, readSchemas } from '../../server/http/ajv.ts';
import { engineValidation } from '../../server/http/shared-validation.ts';

/** A JSON Schema as plain data. */
export type Schema = Record<string, unknown>;

const root = join(import.meta.dirname, '../..');

/** Every entity and API schema, as server/app.ts loads them. */
export const schemaFiles = [...readSchemas(join(root, 'schemas/entities')), ...readSchemas(join(root, 'schemas/api'))];

const byId = new Map<string, Schema>(
  schemaFiles.filter((f) => f.schema.$id).map((f) => [String(f.schema.$id), f.schema]),
);

/** The API's validator (same options, formats and schemas as the server). */
export const apiValidator: Ajv2020 = createValidator(engineValidation, schemaFiles);

/** Examples of every named format (tests/fixtures/validation-examples.json): valid values and refusals with their key. */
export const formatExamples = (
  JSON.parse(readFileSync(join(root, 'tests/fixtures/validation-examples.json'), 'utf8')) as {
    formats: Record<string, { valid: string[]; invalid: Array<{ value: string; key: string }> }>;
  }
).formats;

/** A schema together with the document its local `#/...` references resolve in. */
export interface Located {
  schema: Schema;
  doc: Schema;
}

function atPointer(doc: Schema, pointer: string): Schema | undefined {
  let node: unknown = doc;
  for (const raw of pointer.split('/').slice(1)) {
    const part = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node && typeof node === 'object' ? (node as Schema) : undefined;
}

/** Follows `$ref`s (absolute `$id` or local `#/...`) until a schema without one; unknown refs throw. */
export function deref(located: Located, depth = 0): Located {
  const ref = located.schema.$ref;
  if (typeof ref !== 'string') return located;
  if (depth > 32) throw new Error(`$ref loop at ${ref}`);
  const [relative, fragment = ''] = ref.split('#');
  const here = typeof located.doc.$id === 'string' ? located.doc.$id : undefined;
  const base = relative && here ? new URL(relative, here).href : relative;
  const doc = base ? byId.get(base) : located.doc;
  if (!doc) throw new Error(`unknown schema ${base}`);
  const target = fragment ? atPointer(doc, fragment) : doc;
  if (!target) throw new Error(`unresolvable $ref ${ref}`);
  // Sibling keywords next to $ref (draft 2020-12) are kept: they narrow the target.
  const { $ref: _ignored, ...siblings } = located.schema;
  return deref({ schema: { ...target, ...siblings }, doc }, depth + 1);
}

/** Locates a route schema (which may be a bare `$ref`). */
export function locate(schema: Schema): Located {
  return deref({ schema, doc: schema });
}

/** The (dereferenced) schema of one property, or undefined. */
export function propertySchema(parent: Located, name: string): Located | undefined {
  const props = parent.schema.properties as Record<string, Schema> | undefined;
  if (props?.[name]) return deref({ schema: props[name], doc: parent.doc });
  const extra = parent.schema.additionalProperties;
  if (extra && typeof extra === 'object') return deref({ schema: extra as Schema, doc: parent.doc });
  return undefined;
}

/** The types a schema allows (from `type`, `enum` or `const`). */
export function typesOf(schema: Schema): string[] {
  if (Array.isArray(schema.type)) return schema.type as string[];
  if (typeof schema.type === 'string') return [schema.type];
  const values = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : [];
  return [...new Set(values.map((v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v)))];
}

const compiled = new WeakMap<object, (value: unknown) => boolean>();

/** Whether a value passes a route schema under the API's own validator. */
export function isValid(schema: Schema, value: unknown): boolean {
  let check = compiled.get(schema);
  if (!check) {
    const id = typeof schema.$ref === 'string' && !schema.$ref.startsWith('#') ? schema.$ref.split('#')[0] : undefined;
    const fn = id ? apiValidator.getSchema(id) : apiValidator.compile(schema);
    if (!fn) throw new Error(`cannot compile ${JSON.stringify(schema).slice(0, 80)}`);
    check = (v) => fn(v) as boolean;
    compiled.set(schema, check);
  }
  return check(value);
}
