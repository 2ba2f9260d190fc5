/**
 * The label catalogues of the reference content (categories, salesRanges, countries): every label the
 * rules files need exists in all three locales, nothing else does, every message compiles as
 * MessageFormat 2, French is really French, and Canadian English uses Canadian spelling.
 */
import { dirname, resolve } from 'node:path';
import { MessageFormat } from 'messageformat';
import {
  locales,
  readCatalogue,
  readJson,
  repoRoot,
  validateAgainst,
  type CategoriesFile,
  type CountriesFile,
  type SalesRangesFile,
} from './load.ts';

const categories = readJson<CategoriesFile>('rules/categories.json');
const sales = readJson<SalesRangesFile>('rules/sales-ranges.json');
const countries = readJson<CountriesFile>('rules/countries.json');

/** The message keys each namespace must hold, derived from the rules files. */
const expectedKeys: Record<string, string[]> = {
  categories: categories.groups.flatMap((g) => [
    `categories.group.${g.id}`,
    ...g.industries.map((i) => `categories.industry.${i.id}`),
  ]),
  salesRanges: Object.entries(sales.markets).flatMap(([market, m]) =>
    m.ranges.map((r) => `salesRanges.${market}.${r.value ?? null}`),
  ),
  countries: countries.countries.flatMap((c) => [
    `countries.${c.code}.name`,
    ...c.regions.map((r) => `countries.${c.code}.region.${r.code}`),
  ]),
};
const namespaces = Object.keys(expectedKeys);

/**
 * Labels that are the same words in English and French. Only proper place names that French keeps
 * unchanged: the country Canada, the provinces and territories whose French name is the English one,
 * and the US states and territory that French writes as in English.
 */
const sameInBothLanguages = new Set([
  'Canada',
  'Alberta',
  'Manitoba',
  'Ontario',
  'Saskatchewan',
  'Nunavut',
  'Yukon',
  'Alabama',
  'Alaska',
  'Arizona',
  'Arkansas',
  'Colorado',
  'Connecticut',
  'Delaware',
  'Idaho',
  'Illinois',
  'Indiana',
  'Iowa',
  'Kansas',
  'Kentucky',
  'Maine',
  'Maryland',
  'Massachusetts',
  'Michigan',
  'Minnesota',
  'Mississippi',
  'Missouri',
  'Montana',
  'Nebraska',
  'Nevada',
  'New Hampshire',
  'New Jersey',
  'New York',
  'Ohio',
  'Oklahoma',
  'Oregon',
  'Rhode Island',
  'Tennessee',
  'Texas',
  'Utah',
  'Vermont',
  'Washington',
  'Wisconsin',
  'Wyoming',
  'Guam',
]);

/** US spellings and usages that Canadian English writes differently (centre, theatre, jewellery, physiotherapy, ...). */
const usSpellings =
  /\b(center|theater|counseling|jewelry|catalog|labor|remodeling|parlor|defense|color|check cashing|physical therapy)\b/i;

/** English words that must not appear in a French label (a sign of an untranslated message). */
const englishWords = /\b(and|or|the|of|for|with|store|shop|under|over|up to|just|prefer)\b/i;

describe.each(namespaces)('catalogues of %s', (ns) => {
  const catalogues = Object.fromEntries(locales.map((l) => [l, readCatalogue(l, ns)]));

  it.each(locales)('%s validates against the catalogue meta-schema it names', (locale) => {
    const cat = catalogues[locale];
    const schema = resolve(dirname(resolve(repoRoot, `locales/${locale}/${ns}.json`)), cat.$schema);
    expect(schema).toBe(resolve(repoRoot, 'schemas/content/catalogue.schema.json'));
    expect(validateAgainst('schemas/content/catalogue.schema.json', cat)).toEqual([]);
  });

  it.each(locales)('%s holds exactly the keys the rules need, all in the namespace', (locale) => {
    const keys = Object.keys(catalogues[locale].messages);
    expect(keys.filter((k) => !k.startsWith(`${ns}.`))).toEqual([]);
    expect([...keys].sort()).toEqual([...expectedKeys[ns]].sort());
  });

  it.each(locales)('%s: every message compiles as MessageFormat 2 and reads as written', (locale) => {
    for (const [key, text] of Object.entries(catalogues[locale].messages)) {
      const errors: unknown[] = [];
      const mf = new MessageFormat(locale, text);
      const out = mf.format({}, (e) => errors.push(e));
      expect(errors, key).toEqual([]);
      // These labels have no placeholders or escapes, so the formatted text is the source text.
      if (!/[{}\\]/.test(text)) expect(out, key).toBe(text);
      expect(text, key).toBe(text.trim());
      expect(text, key).not.toMatch(/ {2}/);
      expect(text.length, key).toBeGreaterThan(1);
    }
  });

  it('fr-CA differs from en-US except for the explicit list of words the same in both languages', () => {
    const en = catalogues['en-US'].messages;
    const fr = catalogues['fr-CA'].messages;
    const same = Object.keys(en).filter((k) => en[k] === fr[k] && !sameInBothLanguages.has(en[k]));
    expect(same).toEqual([]);
  });

  it('fr-CA contains no English words', () => {
    const fr = catalogues['fr-CA'].messages;
    expect(Object.entries(fr).filter(([, t]) => englishWords.test(t))).toEqual([]);
  });

  it('en-CA uses Canadian spelling and otherwise matches en-US', () => {
    const en = catalogues['en-US'].messages;
    const ca = catalogues['en-CA'].messages;
    expect(Object.entries(ca).filter(([, t]) => usSpellings.test(t))).toEqual([]);
    for (const key of Object.keys(en)) {
      if (!usSpellings.test(en[key])) expect(ca[key], key).toBe(en[key]);
    }
  });
});

it('the allow-list only holds words really used the same way in both languages', () => {
  const en = readCatalogue('en-US', 'countries').messages;
  const fr = readCatalogue('fr-CA', 'countries').messages;
  for (const word of sameInBothLanguages) {
    const key = Object.keys(en).find((k) => en[k] === word);
    expect(key, word).toBeDefined();
    expect(fr[key!], word).toBe(word);
  }
});

it('spells the French names the spec example gives', () => {
  const fr = readCatalogue('fr-CA', 'countries').messages;
  expect(fr['countries.CA.region.BC']).toBe('Colombie-Britannique');
  expect(fr['countries.CA.region.PE']).toBe('Île-du-Prince-Édouard');
  expect(fr['countries.US.name']).toBe('États-Unis');
});
