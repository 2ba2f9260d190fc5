/** Arbitraries of form answers from a screen's form schema (the subset of JSON Schema form screens use). */
import fc from 'fast-check';
import examples from '../../fixtures/validation-examples.json' with { type: 'json' };

type Obj = Record<string, unknown>;
type Fixture = {
  now: string;
  formats: Record<string, { valid: string[]; invalid: Array<{ value: string; key: string }> }>;
};
export const fixture = examples as unknown as Fixture;

/** An arbitrary for a JSON Schema of a form field (the subset form schemas use). */
export function arbitraryOf(schema: Obj | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.string();
  if ('const' in schema && !(schema.const && typeof schema.const === 'object')) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  const listed = ((schema.allOf ?? []) as Obj[]).find((part) => Array.isArray(part.enum));
  if (listed) return fc.constantFrom(...(listed.enum as unknown[]));
  for (const key of ['oneOf', 'anyOf'] as const) {
    const parts = schema[key];
    if (Array.isArray(parts) && parts.every((part) => part && typeof part === 'object' && 'const' in part))
      return fc.constantFrom(...parts.map((part) => (part as Obj).const));
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (typeof schema.format === 'string' && fixture.formats[schema.format])
    return fc.constantFrom(...fixture.formats[schema.format].valid);
  switch (type) {
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({
        min: (schema.minimum as number | undefined) ?? 0,
        max: (schema.maximum as number | undefined) ?? 1000,
      });
    case 'number':
      return fc.double({
        min: (schema.minimum as number | undefined) ?? 0,
        max: (schema.maximum as number | undefined) ?? 1000,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'array': {
      const items = schema.items as Obj | undefined;
      return fc.uniqueArray(arbitraryOf(items), {
        minLength: (schema.minItems as number | undefined) ?? 0,
        maxLength: Math.min((schema.maxItems as number | undefined) ?? 3, 3),
      });
    }
    case 'object':
      return objectOf(schema);
    default: {
      if (typeof schema.pattern === 'string')
        return fc
          .stringMatching(new RegExp(schema.pattern))
          .filter((text) => text.length <= ((schema.maxLength as number | undefined) ?? 200));
      const minLength = (schema.minLength as number | undefined) ?? 0;
      return fc.string({
        minLength,
        maxLength: Math.max(minLength, Math.min((schema.maxLength as number | undefined) ?? 40, 40)),
      });
    }
  }
}

/** Every property a schema may have (its own and those conditional parts add), with its schema. */
export function propertiesOf(schema: Obj, into = new Map<string, Obj>()): Map<string, Obj> {
  for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Obj>))
    if (!into.has(name) || Object.keys(property).length > 1) into.set(name, { ...into.get(name), ...property });
  for (const key of ['allOf', 'anyOf', 'oneOf'])
    for (const part of (schema[key] ?? []) as Obj[]) propertiesOf(part, into);
  for (const key of ['then', 'else']) if (schema[key]) propertiesOf(schema[key] as Obj, into);
  return into;
}

/** An object with each required property present and each other one mostly present (else its `default`); a `{"const": {"$data": "1/x"}}` field copies x. */
export function objectOf(schema: Obj): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set((schema.required ?? []) as string[]);
  const copies: Array<[string, string]> = [];
  const entries: Array<readonly [string, fc.Arbitrary<unknown>]> = [];
  for (const [name, property] of propertiesOf(schema)) {
    const data = (property.const as { $data?: unknown } | undefined)?.$data;
    if (typeof data === 'string' && /^1\/[^/]+$/.test(data)) {
      copies.push([name, data.slice(2)]);
      continue;
    }
    const value = arbitraryOf(property);
    entries.push([name, required.has(name) ? value : fc.option(value, { freq: 5, nil: undefined })] as const);
  }
  return fc.record(Object.fromEntries(entries)).map((value) => {
    const out: Record<string, unknown> = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
    for (const [name, source] of copies) if (out[source] !== undefined) out[name] = out[source];
    // rjsf fills a property's `default` in the form's data: an answer left out still sends it.
    for (const [name, property] of propertiesOf(schema))
      if (out[name] === undefined && property.default !== undefined) out[name] = property.default;
    return out;
  });
}
