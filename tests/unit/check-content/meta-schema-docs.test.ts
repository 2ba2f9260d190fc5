/**
 * Editor support: every content file names its meta-schema, so a code editor validates and completes it; the
 * completion shows each property's description and examples. This test walks every meta-schema in
 * schemas/content/ (sub-folders too) and requires both on every property (`properties` and `patternProperties`
 * at any depth, in `$defs`, `items` and `oneOf`/`anyOf`/`allOf` branches); a property that only `$ref`s another
 * definition takes that definition's documentation. No meta-schema is exempt: a new property without both fails here.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO } from './tree.ts';

type Obj = Record<string, unknown>;
const isObject = (value: unknown): value is Obj => value !== null && typeof value === 'object' && !Array.isArray(value);

function files(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? files(path) : name.endsWith('.schema.json') ? [path] : [];
  });
}

/** Pointers of properties that lack a description or examples. */
export function undocumented(schema: unknown, at = ''): string[] {
  if (!isObject(schema)) return [];
  const gaps: string[] = [];
  for (const keyword of ['properties', 'patternProperties']) {
    const properties = schema[keyword];
    if (!isObject(properties)) continue;
    for (const [name, property] of Object.entries(properties)) {
      const here = `${at}/${keyword}/${name}`;
      if (isObject(property) && typeof property.$ref !== 'string') {
        if (typeof property.description !== 'string' || property.description.trim().length < 3)
          gaps.push(`${here} (description)`);
        if (!Array.isArray(property.examples) || property.examples.length === 0) gaps.push(`${here} (examples)`);
      }
      gaps.push(...undocumented(property, here));
    }
  }
  for (const keyword of ['$defs', 'definitions']) {
    if (isObject(schema[keyword]))
      for (const [name, definition] of Object.entries(schema[keyword] as Obj))
        gaps.push(...undocumented(definition, `${at}/${keyword}/${name}`));
  }
  for (const keyword of ['items', 'additionalProperties', 'then', 'else', 'not'])
    gaps.push(...undocumented(schema[keyword], `${at}/${keyword}`));
  for (const keyword of ['oneOf', 'anyOf', 'allOf']) {
    if (Array.isArray(schema[keyword]))
      (schema[keyword] as unknown[]).forEach((branch, index) =>
        gaps.push(...undocumented(branch, `${at}/${keyword}/${index}`)),
      );
  }
  return gaps;
}

describe('meta-schemas document every property for editors', () => {
  const schemas = files(join(REPO, 'schemas/content'));

  it('finds the meta-schemas, rules and locales folders included', () => {
    const names = schemas.map((file) => relative(REPO, file).split('\\').join('/'));
    expect(names).toEqual(
      expect.arrayContaining([
        'schemas/content/screen.schema.json',
        'schemas/content/rules/config.schema.json',
        'schemas/content/locales/same-as-source.schema.json',
      ]),
    );
  });

  it('the walker finds a missing description or example at any depth', () => {
    const schema = {
      properties: {
        a: { type: 'string', description: 'The a.', examples: ['x'] },
        b: {
          type: 'object',
          description: 'The b.',
          examples: [{}],
          properties: { c: { type: 'string', description: 'The c.' } },
        },
      },
      $defs: { d: { properties: { e: { type: 'number', examples: [1] } } } },
      oneOf: [{ properties: { f: { $ref: '#/$defs/d' } } }],
    };
    expect(undocumented(schema)).toEqual([
      '/properties/b/properties/c (examples)',
      '/$defs/d/properties/e (description)',
    ]);
  });

  it.each(schemas.map((file) => [relative(REPO, file).split('\\').join('/'), file]))(
    '%s describes every property with examples',
    (name, file) => {
      expect(undocumented(JSON.parse(readFileSync(file, 'utf8'))), `${name}: undocumented properties`).toEqual([]);
    },
  );
});
