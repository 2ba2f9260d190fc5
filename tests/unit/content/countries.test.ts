/**
 * rules/countries.json: the country table of doc1 §3 and doc2 §9.
 */
import { readJson, type CountriesFile } from './load.ts';

const file = readJson<CountriesFile>('rules/countries.json');
const country = (code: string) => {
  const found = file.countries.find((c) => c.code === code);
  if (!found) throw new Error(`country ${code} missing`);
  return found;
};
const countKinds = (code: string): Record<string, number> =>
  country(code).regions.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.kind]: (acc[r.kind] ?? 0) + 1 }), {});

describe('countries', () => {
  it('lists US and CA, with US the default (doc2 §9 country default US)', () => {
    expect(file.countries.map((c) => c.code).sort()).toEqual(['CA', 'US']);
    expect(file.defaultCountry).toBe('US');
  });

  it('gives the US: USD, +1, us-zip, en-US', () => {
    const us = country('US');
    expect([us.currency, us.dialingCode, us.postalCodeFormat, us.locales]).toEqual(['USD', '+1', 'us-zip', ['en-US']]);
  });

  it('gives Canada: CAD, +1, ca-postal-code, en-CA and fr-CA', () => {
    const ca = country('CA');
    expect([ca.currency, ca.dialingCode, ca.postalCodeFormat, [...ca.locales].sort()]).toEqual([
      'CAD',
      '+1',
      'ca-postal-code',
      ['en-CA', 'fr-CA'],
    ]);
  });

  it('offers every product locale in exactly one country', () => {
    const all = file.countries.flatMap((c) => c.locales);
    expect([...all].sort()).toEqual(['en-CA', 'en-US', 'fr-CA']);
  });

  it('has the 50 states, DC and the 5 inhabited territories for the US', () => {
    expect(countKinds('US')).toEqual({ state: 50, district: 1, territory: 5 });
    const codes = country('US').regions.map((r) => r.code);
    for (const code of ['NY', 'CA', 'TX', 'DC', 'PR', 'GU', 'VI', 'AS', 'MP']) expect(codes).toContain(code);
  });

  it('has the 10 provinces and 3 territories for Canada', () => {
    expect(countKinds('CA')).toEqual({ province: 10, territory: 3 });
    const codes = country('CA')
      .regions.map((r) => r.code)
      .sort();
    expect(codes).toEqual(['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT']);
  });

  it('has unique region codes within each country', () => {
    for (const c of file.countries) expect(new Set(c.regions.map((r) => r.code)).size, c.code).toBe(c.regions.length);
  });
});
