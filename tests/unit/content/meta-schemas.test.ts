/**
 * Every reference-content file validates against the meta-schema it names, every meta-schema explains
 * each field (description and examples), and deliberately broken copies are rejected, so the check can fail.
 */
import { dirname, resolve } from 'node:path';
import { readJson, repoRoot, validateAgainst } from './load.ts';

const files = [
  { data: 'rules/categories.json', schema: 'schemas/content/rules/categories.schema.json' },
  { data: 'rules/sales-ranges.json', schema: 'schemas/content/rules/sales-ranges.schema.json' },
  { data: 'rules/countries.json', schema: 'schemas/content/rules/countries.schema.json' },
];

/** Deep copy, then apply a change: a broken fixture made from the real file. */
function broken<T>(path: string, change: (copy: T) => void): T {
  const copy = structuredClone(readJson<T>(path));
  change(copy);
  return copy;
}

describe.each(files)('$data', ({ data, schema }) => {
  it('names its meta-schema by a relative path that resolves to the schema file', () => {
    const file = readJson<{ $schema: string }>(data);
    expect(resolve(dirname(resolve(repoRoot, data)), file.$schema)).toBe(resolve(repoRoot, schema));
  });

  it('validates against its meta-schema', () => {
    expect(validateAgainst(schema, readJson(data))).toEqual([]);
  });

  it('is rejected without a description', () => {
    const copy = broken<Record<string, unknown>>(data, (c) => {
      delete c.description;
    });
    expect(validateAgainst(schema, copy).map((e) => e.params)).toContainEqual({ missingProperty: 'description' });
  });

  it('is rejected with an unknown top-level property', () => {
    const copy = broken<Record<string, unknown>>(data, (c) => {
      c.unexpected = true;
    });
    expect(validateAgainst(schema, copy).map((e) => e.keyword)).toContain('additionalProperties');
  });

  it('has a meta-schema that gives every property a description and examples', () => {
    const missing: string[] = [];
    const walk = (node: unknown, pointer: string): void => {
      if (Array.isArray(node)) {
        node.forEach((n, i) => walk(n, `${pointer}/${i}`));
        return;
      }
      if (node === null || typeof node !== 'object') return;
      const obj = node as Record<string, unknown>;
      for (const key of ['properties', '$defs']) {
        const children = obj[key];
        if (children && typeof children === 'object') {
          for (const [name, child] of Object.entries(children as Record<string, Record<string, unknown>>)) {
            if (!('description' in child) || !('examples' in child)) missing.push(`${pointer}/${key}/${name}`);
          }
        }
      }
      for (const [k, v] of Object.entries(obj)) if (k !== 'examples') walk(v, `${pointer}/${k}`);
    };
    walk(readJson(schema), '');
    expect(missing).toEqual([]);
  });
});

describe('broken category fixtures are rejected', () => {
  const schema = 'schemas/content/rules/categories.schema.json';
  type C = { groups: { industries: Record<string, unknown>[] }[] };
  it.each([
    [
      'a three-digit mcc',
      (c: C) => {
        c.groups[0].industries[0].mcc = '581';
      },
      'pattern',
    ],
    [
      'a numeric mcc',
      (c: C) => {
        c.groups[0].industries[0].mcc = 5812;
      },
      'type',
    ],
    [
      'an unknown industry type',
      (c: C) => {
        c.groups[0].industries[0].type = 'BANNED';
      },
      'enum',
    ],
    [
      'a missing industry id',
      (c: C) => {
        delete c.groups[0].industries[0].id;
      },
      'required',
    ],
    [
      'an upper-case keyword',
      (c: C) => {
        c.groups[0].industries[0].keywords = ['Diner'];
      },
      'pattern',
    ],
    [
      'a label written into the content',
      (c: C) => {
        c.groups[0].industries[0].label = 'Restaurant';
      },
      'additionalProperties',
    ],
  ])('%s', (_name, change, keyword) => {
    const copy = broken<C>('rules/categories.json', change);
    expect(validateAgainst(schema, copy).map((e) => e.keyword)).toContain(keyword);
  });
});

describe('broken sales-range and country fixtures are rejected', () => {
  it('a sales value given as a formatted string', () => {
    type S = { markets: { US: { ranges: Record<string, unknown>[] } } };
    const copy = broken<S>('rules/sales-ranges.json', (c) => {
      c.markets.US.ranges[1].value = '25,000';
    });
    expect(validateAgainst('schemas/content/rules/sales-ranges.schema.json', copy).map((e) => e.keyword)).toContain(
      'type',
    );
  });
  it('a market missing', () => {
    type S = { markets: Record<string, unknown> };
    const copy = broken<S>('rules/sales-ranges.json', (c) => {
      delete c.markets.CA;
    });
    expect(validateAgainst('schemas/content/rules/sales-ranges.schema.json', copy).map((e) => e.params)).toContainEqual(
      { missingProperty: 'CA' },
    );
  });
  it('a region of an unknown kind and a locale the product does not offer', () => {
    type K = { countries: { locales: string[]; regions: { kind: string }[] }[] };
    const copy = broken<K>('rules/countries.json', (c) => {
      c.countries[0].regions[0].kind = 'county';
      c.countries[1].locales = ['fr-FR'];
    });
    const errors = validateAgainst('schemas/content/rules/countries.schema.json', copy);
    expect(errors.map((e) => e.instancePath)).toEqual(
      expect.arrayContaining(['/countries/0/regions/0/kind', '/countries/1/locales/0']),
    );
  });
});
