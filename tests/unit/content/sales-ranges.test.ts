/**
 * rules/sales-ranges.json against doc2 §9 "Annual sales ranges", and its labels against amounts
 * formatted independently with Intl.NumberFormat.
 */
import { readCatalogue, readJson, type SalesRangesFile } from './load.ts';
import { resolveIncludes } from '../../../scripts/content/includes.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const REPO_ROOT = resolve(import.meta.dirname, '../../..');

const file = readJson<SalesRangesFile>('rules/sales-ranges.json');

/** doc2 §9, transcribed: the value column of each market, in order; null is the table's blank. */
const spec = {
  US: [11111, 25000, 100000, 1000000, 10000000, null],
  CA: [11111, 50000, 125000, 1000000, 10000000, null],
} as const;

const markets = ['US', 'CA'] as const;

/** Whole-dollar amount as an English reader sees it ($25,000), used for both markets. */
const english = (v: number): string =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(v);
/** Whole-dollar amount the French-Canadian way (25 000 $, or 25 000 $ US for US dollars). */
const french = (v: number, currency: string): string =>
  new Intl.NumberFormat('fr-CA', { style: 'currency', currency, maximumFractionDigits: 0 }).format(v);

describe.each(markets)('annual sales ranges, %s', (market) => {
  const { currency, ranges } = file.markets[market];

  it('has the values of doc2 §9 in order, with no value for "Prefer not to share"', () => {
    expect(ranges.map((r) => r.value ?? null)).toEqual([...spec[market]]);
    expect(ranges.at(-1)!.id).toBe('prefer-not-to-share');
  });

  it('has unique ids and strictly increasing values', () => {
    expect(new Set(ranges.map((r) => r.id)).size).toBe(ranges.length);
    const values = ranges.flatMap((r) => (r.value === undefined ? [] : [r.value]));
    for (let k = 1; k < values.length; k++) expect(values[k]).toBeGreaterThan(values[k - 1]);
  });

  it('is in the market currency', () => {
    expect(currency).toBe(market === 'US' ? 'USD' : 'CAD');
  });

  it('labels each bounded range with its amount, in English and in French-Canadian form', () => {
    const en = readCatalogue('en-US', 'salesRanges').messages;
    const ca = readCatalogue('en-CA', 'salesRanges').messages;
    const fr = readCatalogue('fr-CA', 'salesRanges').messages;
    // The label of a row is keyed by its value (the screen's ui:enumLabels labels each offered value), null for the blank.
    const key = (id: string) => `salesRanges.${market}.${ranges.find((r) => r.id === id)!.value ?? null}`;
    // Rows 2 to 4 name their own value; the "Over" row names the previous row's value (the table's "Over 1,000,000").
    const named = [1, 2, 3].map((k) => [ranges[k], ranges[k].value!] as const).concat([[ranges[4], ranges[3].value!]]);
    for (const [range, amount] of named) {
      expect(en[key(range.id)]).toContain(english(amount));
      expect(ca[key(range.id)]).toContain(english(amount));
      expect(fr[key(range.id)]).toContain(french(amount, currency));
    }
    expect(en[key(ranges[1].id)]).toMatch(/^Under /);
    expect(fr[key(ranges[1].id)]).toMatch(/^Moins de /);
    expect(en[key(ranges[4].id)]).toMatch(/^Over /);
    expect(fr[key(ranges[4].id)]).toMatch(/^Plus de /);
    expect(en[key('just-starting')]).toBe('Just starting');
    expect(en[key('prefer-not-to-share')]).toBe('Prefer not to share');
  });
});

it('formats French amounts with no-break spaces, as fr-CA does (for example "Moins de 50 000 $")', () => {
  expect(readCatalogue('fr-CA', 'salesRanges').messages['salesRanges.CA.50000']).toBe('Moins de 50\u00a0000\u00a0$');
});

// Issue 28 item 10 (doc2 §9 Annual sales ranges, one table): the business-details screen offers the ranges of
// rules/sales-ranges.json itself, for each market, not a copy of its values: a range changed in the rules file changes
// the screen, and the screen's choices are the table's values in order, 'prefer not to share' as null.
describe('the business-details screen reads rules/sales-ranges.json', () => {
  const raw = readJson<{
    form: { schema: { properties: { gpv: { enum: unknown } } } };
    variants: Array<{ merge?: { form?: { schema?: { properties?: { gpv?: { enum: unknown } } } } } }>;
  }>('flows/signup/screens/business-details.json');
  const caEnum = raw.variants.map((variant) => variant.merge?.form?.schema?.properties?.gpv?.enum).find(Boolean);

  it('names the rules file for each market, with no values of its own', () => {
    expect(raw.form.schema.properties.gpv.enum).toMatchObject({ $rules: 'sales-ranges#/markets/US/ranges' });
    expect(caEnum).toMatchObject({ $rules: 'sales-ranges#/markets/CA/ranges' });
  });

  it('resolves to the table of doc2 §9, in order, with null for the blank', () => {
    const rules = (name: string) => readJson(`rules/${name}.json`);
    expect(resolveIncludes(raw.form.schema.properties.gpv.enum, rules)).toEqual([...spec.US]);
    expect(resolveIncludes(caEnum, rules)).toEqual([...spec.CA]);
  });
});

// Issue 28 item 10 (one source for the labels too): the screen labels each range with the message the rules file
// names (salesRanges.<market>.<value>), and no other catalogue holds a second copy of the range labels.
describe('the sales-range labels have one copy', () => {
  const raw = readFileSync(join(REPO_ROOT, 'flows/signup/screens/business-details.json'), 'utf8');
  it('the screen labels the ranges with the salesRanges messages of its market', () => {
    expect(raw).toContain('"ui:enumLabels": "salesRanges.US"');
    expect(raw).toContain('"ui:enumLabels": "salesRanges.CA"');
  });
  for (const locale of ['en-US', 'en-CA', 'fr-CA'] as const)
    it(`${locale}: only the salesRanges catalogue has range labels, one for each value of each market`, () => {
      const folder = join(REPO_ROOT, 'locales', locale);
      const elsewhere = readdirSync(folder)
        .filter((file) => file !== 'salesRanges.json')
        .flatMap((file) => Object.keys(JSON.parse(readFileSync(join(folder, file), 'utf8')).messages as object))
        .filter((key) => /salesRange/i.test(key));
      expect(elsewhere).toEqual([]);
      const own = Object.keys(readCatalogue(locale, 'salesRanges').messages).sort();
      const expected = Object.entries(spec).flatMap(([market, values]) =>
        values.map((value) => `salesRanges.${market}.${value}`),
      );
      expect(own).toEqual(expected.sort());
    });
});
