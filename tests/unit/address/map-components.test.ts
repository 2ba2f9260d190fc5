/**
 * Address lookup answers (doc2 §7 Other) mapped into our address with the component map of rules/scripts.json,
 * tested on recorded place details answers (tests/unit/address/recorded/). The mapped address then passes, or
 * fails for the right reason, the same street-address format the screens use.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mapAddressComponents, type AddressComponentMap, type PlaceAnswer } from '../../../domain/address/index.ts';
import { formatRules } from '../../../engine/validation/index.ts';
import scripts from '../../../rules/scripts.json' with { type: 'json' };

const map = scripts.addressComponents as unknown as AddressComponentMap;
const folder = join(import.meta.dirname, 'recorded');
const recorded = readdirSync(folder)
  .filter((name) => name.endsWith('.json'))
  .map((name) => ({
    name,
    ...(JSON.parse(readFileSync(join(folder, name), 'utf8')) as {
      answer: PlaceAnswer;
      expected: Record<string, string>;
    }),
  }));

describe('mapAddressComponents on recorded answers', () => {
  it('has the recorded answers to test', () => {
    expect(recorded.map((r) => r.name).sort()).toEqual([
      'ca-fr.json',
      'empty.json',
      'route-only.json',
      'us-suite.json',
    ]);
  });

  it.each(recorded)('$name', ({ answer, expected }) => {
    expect(mapAddressComponents(answer, map)).toEqual(expected);
  });

  it('reads exactly the components doc2 §7 names, and nothing from components it does not (county, sublocality, postal suffix)', () => {
    const used = new Set(Object.values(map).flatMap((parts) => parts.map(([type]) => type)));
    expect([...used].sort()).toEqual([
      'administrative_area_level_1',
      'country',
      'locality',
      'postal_code',
      'route',
      'street_number',
      'subpremise',
    ]);
    const us = recorded.find((r) => r.name === 'us-suite.json')!;
    expect(JSON.stringify(mapAddressComponents(us.answer, map))).not.toMatch(/Maricopa|1234/);
  });

  it('gives line1 the street-address format accepts, and a route alone fails for the building number', () => {
    const rule = formatRules['street-address']!;
    for (const name of ['us-suite.json', 'ca-fr.json']) {
      const line1 = mapAddressComponents(recorded.find((r) => r.name === name)!.answer, map).line1!;
      expect(rule.reason(line1)).toBeNull();
    }
    const routeOnly = mapAddressComponents(recorded.find((r) => r.name === 'route-only.json')!.answer, map).line1!;
    expect(rule.reason(routeOnly)).not.toBeNull();
  });

  it('uses the short form where the map says so (state code, country code) and the long form otherwise', () => {
    const one = {
      address_components: [
        { long_name: 'Ontario', short_name: 'ON', types: ['administrative_area_level_1'] },
        { long_name: 'Toronto', short_name: 'TO', types: ['locality'] },
      ],
    };
    expect(mapAddressComponents(one, map)).toEqual({ state: 'ON', city: 'Toronto' });
  });
});
