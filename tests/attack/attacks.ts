/**
 * Bad inputs generated from a schema and one valid value of it: each attack changes exactly one place, so the
 * API's answer must name that place. Kinds: wrong type, missing required property, unknown property, too
 * long, out of range, not in the enum, not matching the pattern, a format's known refusals (with the exact
 * message key), too many items or properties, and injection strings (which a schema may legitimately accept).
 */
import fc from 'fast-check';
import { deref, formatExamples, propertySchema, typesOf, type Located, type Schema } from './schema-tools.ts';

/** One bad input: the whole mutated value and what the API must say about it. */
export interface Attack {
  kind: string;
  /** JSON pointer of the changed place ('' is the whole value). */
  pointer: string;
  /** The mutated value (the whole body, query or params object). */
  value: unknown;
  /** The message key the API must give for that place, when it is known exactly. */
  key?: string;
  /** Injection attacks may be accepted when the schema allows the text; every other kind must be refused. */
  mayBeAccepted?: boolean;
}

/** Strings aimed at SQL, HTML, templates, paths, logs, JSON and Unicode handling. */
export const injectionStrings = [
  "' OR '1'='1' --",
  "'); DROP TABLE applications; --",
  '1; SELECT pg_sleep(5)',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  'line\r\nSet-Cookie: onb_session=stolen',
  'nul\u0000byte',
  '\u202eevil\u202c',
  '\ud800',
  'Ａｄｍｉｎ',
  '%00%27%22',
  '$where: 1',
];

/** Values of each JSON type, to put where another type is expected. */
const samplesByType: Record<string, unknown> = {
  string: 'text',
  number: 12.5,
  integer: 7,
  boolean: true,
  null: null,
  array: ['x'],
  object: { x: 1 },
};

/** A place in a value: where it is, its schema, and its current value (absent for optional properties). */
interface Slot {
  pointer: string;
  path: string[];
  located: Located;
  present: boolean;
  value: unknown;
}

function escape(part: string): string {
  return part.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Every place of `value` the schema describes, including absent optional properties. */
export function slotsOf(located: Located, value: unknown, path: string[] = [], depth = 0): Slot[] {
  const here = deref(located);
  const slot: Slot = { pointer: path.map((p) => `/${escape(p)}`).join(''), path, located: here, present: true, value };
  const slots = [slot];
  if (depth > 8) return slots;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const props = (here.schema.properties ?? {}) as Record<string, Schema>;
    for (const name of new Set([...Object.keys(props), ...Object.keys(value)])) {
      const child = propertySchema(here, name);
      if (!child) continue;
      const current = (value as Record<string, unknown>)[name];
      if (current === undefined)
        slots.push({
          pointer: `${slot.pointer}/${escape(name)}`,
          path: [...path, name],
          located: child,
          present: false,
          value: undefined,
        });
      else slots.push(...slotsOf(child, current, [...path, name], depth + 1));
    }
  } else if (Array.isArray(value) && here.schema.items && typeof here.schema.items === 'object') {
    value.forEach((item, index) =>
      slots.push(
        ...slotsOf({ schema: here.schema.items as Schema, doc: here.doc }, item, [...path, String(index)], depth + 1),
      ),
    );
  }
  return slots;
}

/** A copy of `root` with the value at `path` replaced (or removed when `remove`). */
export function setAt(root: unknown, path: string[], replacement: unknown, remove = false): unknown {
  if (path.length === 0) return replacement;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(root)
    ? [...root]
    : { ...(root as Record<string, unknown>) };
  const [head, ...rest] = path;
  const key = Array.isArray(copy) ? Number(head) : head;
  if (rest.length === 0) {
    if (remove) delete (copy as Record<string, unknown>)[key as string];
    else (copy as Record<string | number, unknown>)[key] = replacement;
  } else {
    (copy as Record<string | number, unknown>)[key] = setAt(
      (copy as Record<string | number, unknown>)[key] ?? {},
      rest,
      replacement,
      remove,
    );
  }
  return copy;
}

/** Options of attacksFor. */
export interface AttackOptions {
  /** Only string values can be sent (query strings and path parameters). */
  stringsOnly?: boolean;
  /** Path parameters: the set of names is fixed by the route, so only values are attacked. */
  valuesOnly?: boolean;
  /** Injection strings per string place (rotating, so every string is used across places); default all. */
  injectionsPerPlace?: number;
}

/** Every single-place attack on `value` (a valid value of `located`). */
export function attacksFor(located: Located, value: unknown, options: AttackOptions = {}): Attack[] {
  const attacks: Attack[] = [];
  let place = 0;
  for (const slot of slotsOf(located, value)) {
    const { schema } = slot.located;
    const types = typesOf(schema);
    const put = (kind: string, replacement: unknown, extra: Partial<Attack> = {}) =>
      attacks.push({ kind, pointer: slot.pointer, value: setAt(value, slot.path, replacement), ...extra });

    if (!options.stringsOnly && types.length > 0) {
      const wrong = Object.entries(samplesByType).find(
        ([type]) => !types.includes(type) && !(type === 'integer' && types.includes('number')),
      );
      if (wrong) put('wrong type', wrong[1]);
    }
    if ((schema.type === 'object' || schema.properties) && !options.valuesOnly) {
      for (const name of (schema.required ?? []) as string[]) {
        if (slot.value && typeof slot.value === 'object' && name in (slot.value as object))
          attacks.push({
            kind: 'missing required',
            pointer: `${slot.pointer}/${escape(name)}`,
            value: setAt(value, [...slot.path, name], undefined, true),
          });
      }
      if (schema.additionalProperties === false && slot.present)
        attacks.push({
          kind: 'unknown property',
          pointer: `${slot.pointer}/zzAttack`,
          value: setAt(value, [...slot.path, 'zzAttack'], 'x'),
        });
      if (typeof schema.maxProperties === 'number' && slot.present && !options.stringsOnly) {
        const many = Object.fromEntries(Array.from({ length: schema.maxProperties + 1 }, (_, i) => [`p${i}`, 'x']));
        put('too many properties', many);
      }
    }
    if (types.includes('string')) {
      if (typeof schema.maxLength === 'number') put('too long', 'a'.repeat(schema.maxLength + 1));
      if (typeof schema.minLength === 'number' && schema.minLength > 0) put('too short', '');
      if (Array.isArray(schema.enum)) put('not in enum', 'NOT_A_VALUE');
      if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test('<\u0000>'))
        put('pattern', '<\u0000>');
      if (typeof schema.format === 'string') {
        for (const refusal of (formatExamples[schema.format]?.invalid ?? []).slice(0, 6))
          put(`format ${schema.format}`, refusal.value, { key: refusal.key });
      }
      if (!Array.isArray(schema.enum) && !('const' in schema)) {
        const per = options.injectionsPerPlace ?? injectionStrings.length;
        const chosen = Array.from(
          { length: Math.min(per, injectionStrings.length) },
          (_, i) => injectionStrings[(place * per + i) % injectionStrings.length],
        );
        place += 1;
        for (const text of chosen)
          if (!options.stringsOnly || !/[\ud800-\udfff]/.test(text)) put('injection', text, { mayBeAccepted: true });
      }
    }
    if (!options.stringsOnly && (types.includes('number') || types.includes('integer'))) {
      if (typeof schema.minimum === 'number') put('below minimum', schema.minimum - 1);
      if (typeof schema.maximum === 'number') put('above maximum', schema.maximum + 1);
      if (types.includes('integer') && !types.includes('number')) put('not an integer', 1.5);
    }
    if (
      !options.stringsOnly &&
      types.includes('array') &&
      typeof schema.maxItems === 'number' &&
      Array.isArray(slot.value)
    ) {
      put(
        'too many items',
        Array.from({ length: schema.maxItems + 1 }, () => slot.value && (slot.value as unknown[])[0]),
      );
    }
  }
  // Property names are input too.
  if (!options.stringsOnly && value && typeof value === 'object' && !Array.isArray(value)) {
    for (const name of ['constructor', "a'; DROP TABLE users; --", '<b>x</b>']) {
      if (!(name in ((deref(located).schema.properties ?? {}) as object)))
        attacks.push({
          kind: 'injected property name',
          pointer: `/${escape(name)}`,
          value: { ...(value as object), [name]: 'x' },
          mayBeAccepted: true,
        });
    }
  }
  return attacks;
}

/** An arbitrary over the attacks of every value the base arbitrary gives (shrinks to the simplest). */
export function attackArbitrary(
  located: Located,
  base: fc.Arbitrary<unknown>,
  options: AttackOptions = {},
): fc.Arbitrary<Attack> {
  return base.chain((value) => {
    const list = attacksFor(located, value, options);
    return list.length > 0
      ? fc.constantFrom(...list)
      : fc.constant<Attack>({ kind: 'none', pointer: '', value, mayBeAccepted: true });
  });
}
