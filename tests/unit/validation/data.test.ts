/**
 * The validation rules data: every rules/validation file satisfies its meta-schema (and broken copies are
 * refused), cross-references resolve, and the engine code names no market, currency, locale or brand.
 */
import { readFileSync, readdirSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { documentFormats, formatNames } from '../../../engine/validation/index.ts';
import { checks } from '../../../engine/validation/checks.ts';
import { phoneRegions } from '../../../engine/validation/phone.ts';

const read = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
const ruleFiles = readdirSync('rules/validation').filter((name) => name.endsWith('.json'));

function validatorFor(file: string) {
  const data = read(`rules/validation/${file}`);
  const schemaPath = `schemas/content/rules/${(data.$schema as string).split('/').pop()}`;
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  return { data, validate: ajv.compile(read(schemaPath)) };
}

describe('rules/validation files', () => {
  it('include the expected files', () => {
    expect(ruleFiles.sort()).toEqual([
      'card-brands.json',
      'fields.json',
      'formats.json',
      'messages.json',
      'placeholders.json',
      'po-box.json',
      'prefill.json',
    ]);
  });

  it.each(ruleFiles)('%s names a validation meta-schema and satisfies it', (file) => {
    const { data, validate } = validatorFor(file);
    expect(data.$schema).toMatch(/^\.\.\/\.\.\/schemas\/content\/rules\/validation-[a-z-]+\.schema\.json$/);
    expect(validate(data), JSON.stringify(validate.errors)).toBe(true);
    expect(data.description.length).toBeGreaterThan(80);
  });

  it.each([
    [
      'formats.json',
      (d: any) => {
        d.formats['us-zip'].steps[0].key = 'zip';
      },
    ],
    [
      'formats.json',
      (d: any) => {
        d.formats['us-zip'].steps[0].flags = 'g';
      },
    ],
    [
      'formats.json',
      (d: any) => {
        d.formats['sin'].steps[1].check = 'nope';
      },
    ],
    [
      'formats.json',
      (d: any) => {
        delete d.formats['city'].description;
      },
    ],
    [
      'placeholders.json',
      (d: any) => {
        d.lists.personName.push('lower');
      },
    ],
    [
      'po-box.json',
      (d: any) => {
        d.patterns.push('(unclosed');
      },
    ],
    [
      'fields.json',
      (d: any) => {
        d.fields['applicant.name.firstName'] = {};
      },
    ],
    [
      'prefill.json',
      (d: any) => {
        d.profiles[0].currencies = ['cad'];
      },
    ],
    [
      'prefill.json',
      (d: any) => {
        d.fields[0].path = 'owners.email';
      },
    ],
    [
      'messages.json',
      (d: any) => {
        d.fallback = 'invalid';
      },
    ],
    [
      'card-brands.json',
      (d: any) => {
        d.brands[0].lengths = [40];
      },
    ],
  ])('a broken copy of %s is refused', (file, breakIt) => {
    const { data, validate } = validatorFor(file);
    const copy = structuredClone(data);
    breakIt(copy);
    expect(validate(copy)).toBe(false);
  });

  it('every format a rule file names exists, every check exists, every phone region has metadata', () => {
    const formats = read('rules/validation/formats.json').formats as Record<
      string,
      { extends?: string; steps?: Array<Record<string, unknown>> }
    >;
    const prefill = read('rules/validation/prefill.json');
    const named = [
      ...documentFormats(),
      prefill.default.nameFormat,
      ...prefill.profiles.map((p: { nameFormat: string }) => p.nameFormat),
      ...[
        ...prefill.fields,
        ...prefill.default.fields,
        ...prefill.profiles.flatMap((p: { fields: unknown[] }) => p.fields),
      ]
        .map((f: { blankUnless?: string }) => f.blankUnless)
        .filter(Boolean),
      ...Object.values(formats)
        .map((f) => f.extends)
        .filter(Boolean),
    ];
    for (const name of named) expect(formatNames, String(name)).toContain(name);
    const lists = Object.keys(read('rules/validation/placeholders.json').lists);
    for (const spec of Object.values(formats)) {
      for (const step of spec.steps ?? []) {
        if (typeof step.check === 'string') expect(Object.keys(checks)).toContain(step.check);
        if (typeof step.notIn === 'string') expect(lists).toContain(step.notIn);
        if (step.check === 'mobilePhone')
          for (const region of (step.params as { regions: string[] }).regions) expect(phoneRegions).toContain(region);
      }
    }
  });

  it('engine code names no market, currency, locale or brand (those are data)', () => {
    for (const folder of ['engine/validation', 'domain/prefill']) {
      for (const file of readdirSync(folder).filter((name) => name.endsWith('.ts'))) {
        const source = readFileSync(`${folder}/${file}`, 'utf8').replace(/\/\*\*[\s\S]*?\*\/|\/\/.*$/gm, '');
        expect(source, `${folder}/${file}`).not.toMatch(/['"](US|CA|USD|CAD|en-US|en-CA|fr-CA)['"]|GoDaddy/);
      }
    }
  });
});
