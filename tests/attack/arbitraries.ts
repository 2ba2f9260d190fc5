/**
 * fast-check arbitraries from JSON Schema: `validValue` builds values meant to pass a schema (required
 * properties, enums, patterns, named formats from the validation examples, `examples`), so a single mutation
 * of one is a bad body for one known reason. Not a full JSON Schema generator: callers filter with `isValid`.
 */
import fc from 'fast-check';
import { deref, formatExamples, typesOf, type Located, type Schema } from './schema-tools.ts';

/** Bounds that keep generated bodies small and quick. */
const MAX_DEPTH = 6;

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const examples = Array.isArray(schema.examples)
    ? (schema.examples as unknown[]).filter((e): e is string => typeof e === 'string')
    : [];
  if (typeof schema.format === 'string') {
    const known = formatExamples[schema.format]?.valid ?? [];
    const pool = [...known, ...examples];
    if (pool.length > 0) return fc.constantFrom(...pool);
    if (schema.format === 'date-time') return fc.constant(new Date(0).toISOString());
    if (schema.format === 'uri') return fc.constant('https://example.com/');
  }
  if (examples.length > 0) return fc.constantFrom(...examples);
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? Math.min(schema.maxLength, minLength + 24) : minLength + 24;
  if (typeof schema.pattern === 'string') {
    const full = new RegExp(schema.pattern, 'u');
    const fits = (s: string) =>
      full.test(s) && s.length >= minLength && (typeof schema.maxLength !== 'number' || s.length <= schema.maxLength);
    // fast-check cannot generate from lookarounds or Unicode classes: generate from the pattern without
    // lookarounds and with \p{L} as ASCII letters, then keep what the real pattern accepts.
    const simpler = schema.pattern.replace(/\(\?<?[=!][^()]*\)/g, '').replace(/\\p\{L\}/g, 'a-zA-Z');
    try {
      return fc.stringMatching(new RegExp(simpler)).filter(fits);
    } catch {
      return fc.string({ minLength, maxLength, unit: 'grapheme-ascii' }).filter(fits);
    }
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme-ascii' });
}

function numberArbitrary(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -1_000_000;
  const max = typeof schema.maximum === 'number' ? schema.maximum : 1_000_000;
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

function objectArbitrary(located: Located, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const { schema, doc } = located;
  const props = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const names = Object.keys(props);
  if (depth >= MAX_DEPTH) {
    const shape: Record<string, fc.Arbitrary<unknown>> = {};
    for (const name of names.filter((n) => required.has(n)))
      shape[name] = validValue({ schema: props[name], doc }, depth + 1);
    return fc.record(shape) as fc.Arbitrary<Record<string, unknown>>;
  }
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const name of names) shape[name] = validValue({ schema: props[name], doc }, depth + 1);
  return fc.record(shape, { requiredKeys: names.filter((n) => required.has(n)) }) as fc.Arbitrary<
    Record<string, unknown>
  >;
}

/** Values meant to satisfy `located.schema` (often do; filter with isValid where it matters). */
export function validValue(input: Located, depth = 0): fc.Arbitrary<unknown> {
  const located = deref(input);
  const { schema, doc } = located;
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  for (const key of ['oneOf', 'anyOf'] as const) {
    if (Array.isArray(schema[key])) {
      const { [key]: branches, ...rest } = schema;
      return fc.oneof(
        ...(branches as Schema[]).map((branch) => validValue({ schema: { ...rest, ...branch }, doc }, depth)),
      );
    }
  }
  if (Array.isArray(schema.allOf)) {
    const { allOf, ...rest } = schema;
    const merged = (allOf as Schema[]).reduce<Schema>(
      (acc, part) => ({ ...acc, ...deref({ schema: part, doc }).schema }),
      rest,
    );
    return validValue({ schema: merged, doc }, depth);
  }
  const types = typesOf(schema);
  const options: Array<fc.Arbitrary<unknown>> = [];
  for (const type of types.length > 0 ? types : ['object']) {
    if (type === 'string') options.push(stringArbitrary(schema));
    else if (type === 'integer') options.push(numberArbitrary(schema, true));
    else if (type === 'number') options.push(numberArbitrary(schema, false));
    else if (type === 'boolean') options.push(fc.boolean());
    else if (type === 'null') options.push(fc.constant(null));
    else if (type === 'array') {
      const items = schema.items && typeof schema.items === 'object' ? (schema.items as Schema) : {};
      const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const maxLength = Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 3, minLength + 3);
      options.push(
        depth >= MAX_DEPTH
          ? fc.constant([])
          : fc.array(validValue({ schema: items, doc }, depth + 1), { minLength, maxLength }),
      );
    } else if (type === 'object') options.push(objectArbitrary(located, depth));
  }
  return options.length === 1 ? options[0] : fc.oneof(...options);
}
