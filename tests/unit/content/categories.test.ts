/**
 * rules/categories.json: the numbered industry list (doc1 §3 Category group; doc2 §5, §9).
 */
import { readJson, type CategoriesFile, type MccType } from './load.ts';

const file = readJson<CategoriesFile>('rules/categories.json');
const industries = file.groups.flatMap((g) => g.industries.map((i) => ({ ...i, group: g.id })));
const validCodes = new Set(readJson<{ codes: string[] }>('tests/unit/content/fixtures/mcc-codes.json').codes);

/** The restricted band of doc2 §9 ("ids roughly 296 to 341"), read here as exactly 296..341. */
const BAND = { from: 296, to: 341 };
const inBand = (id: number): boolean => id >= BAND.from && id <= BAND.to;

/** Finds the industries whose keywords include a word. */
const byKeyword = (word: string) => industries.filter((i) => i.keywords.includes(word));

describe('industry categories', () => {
  it('has about 300 industries (280 to 320) and says how many in its description', () => {
    expect(industries.length).toBeGreaterThanOrEqual(280);
    expect(industries.length).toBeLessThanOrEqual(320);
    const stated = /(\d+) numbered industries/.exec(file.description);
    expect(stated, 'description states the number of industries').not.toBeNull();
    expect(Number(stated![1])).toBe(industries.length);
  });

  it('has exactly the number of groups its description states, one of the two readings (20 or 21)', () => {
    const stated = /in (\d+) top-level groups/.exec(file.description);
    expect(stated, 'description states the number of groups').not.toBeNull();
    expect(file.groups.length).toBe(Number(stated![1]));
    expect([20, 21]).toContain(file.groups.length);
  });

  it('has unique industry ids and unique group ids, and no empty group', () => {
    const ids = industries.map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    const groupIds = file.groups.map((g) => g.id);
    expect(new Set(groupIds).size).toBe(groupIds.length);
    for (const g of file.groups) expect(g.industries.length, g.id).toBeGreaterThan(0);
  });

  it('types every id in the 296..341 band PROHIBITED or SUPER_PROHIBITED, and nothing outside it', () => {
    const wrong = industries.filter((i) => inBand(i.id) === (i.type === 'REGULAR'));
    expect(wrong.map((i) => `${i.id} ${i.type}`)).toEqual([]);
    const band = industries
      .filter((i) => inBand(i.id))
      .map((i) => i.id)
      .sort((a, b) => a - b);
    expect(band).toEqual(Array.from({ length: BAND.to - BAND.from + 1 }, (_, k) => BAND.from + k));
    const types = new Set<MccType>(band.map((id) => industries.find((i) => i.id === id)!.type));
    expect(types).toEqual(new Set(['PROHIBITED', 'SUPER_PROHIBITED']));
  });

  it('keeps every group REGULAR, as the 20-group reading in the description says', () => {
    expect(file.groups.filter((g) => g.type !== 'REGULAR').map((g) => g.id)).toEqual([]);
  });

  it('restricts each kind the spec names (gambling, firearms, hemp or CBD, virtual currency, payday lending, tobacco)', () => {
    for (const word of ['casino', 'firearms', 'hemp', 'cbd', 'virtual currency', 'payday loan', 'tobacco']) {
      const found = byKeyword(word);
      expect(found.length, word).toBeGreaterThan(0);
      for (const i of found) expect(i.type, `${word} → ${i.id}`).not.toBe('REGULAR');
    }
  });

  it('never types an industry REGULAR when its MCC is one card networks treat as high risk', () => {
    // Independent oracle: gambling, tobacco, quasi-cash, adult, telemarketing, continuity and timeshare codes.
    const highRisk = new Set([
      '7800',
      '7801',
      '7802',
      '7995',
      '5993',
      '6051',
      '5967',
      '7273',
      '5966',
      '5968',
      '5962',
      '7012',
      '5933',
      '9223',
      '4829',
      '6211',
    ]);
    expect(industries.filter((i) => highRisk.has(i.mcc) && i.type === 'REGULAR').map((i) => i.id)).toEqual([]);
  });

  it('uses only four-digit MCCs that exist in the ISO 18245 list', () => {
    expect(validCodes.size).toBeGreaterThan(900);
    const bad = industries.filter((i) => !/^\d{4}$/.test(i.mcc) || !validCodes.has(i.mcc));
    expect(bad.map((i) => `${i.id}:${i.mcc}`)).toEqual([]);
  });

  it('gives industries MCCs that fit them (spot checks by keyword)', () => {
    const expected: [string, string[]][] = [
      ['restaurant', ['5812']],
      ['dentist', ['8021']],
      ['veterinarian', ['0742']],
      ['barber', ['7230']],
      ['plumber', ['1711']],
      ['florist', ['5992']],
      ['car wash', ['7542']],
      ['hotel', ['7011']],
      ['lawyer', ['8111']],
      ['casino', ['7995', '7801']],
      ['tobacco', ['5993']],
      ['payday loan', ['6012']],
      ['cryptocurrency', ['6051']],
      ['bookstore', ['5942']],
      ['pharmacy', ['5912']],
      ['daycare', ['8351']],
    ];
    for (const [word, codes] of expected) {
      const found = byKeyword(word);
      expect(found.length, word).toBeGreaterThan(0);
      for (const i of found) expect(codes, `${word} → industry ${i.id} has ${i.mcc}`).toContain(i.mcc);
    }
  });

  it('has the restaurant default MCC 5812, carried by a regular restaurant industry', () => {
    expect(file.restaurantDefaultMcc).toBe('5812');
    const restaurants = industries.filter((i) => i.mcc === file.restaurantDefaultMcc);
    expect(restaurants.length).toBeGreaterThan(0);
    expect(restaurants.some((i) => i.type === 'REGULAR' && i.keywords.includes('restaurant'))).toBe(true);
  });

  it('gives keywords in lower case without repeats, and every industry at least two', () => {
    for (const i of industries) {
      expect(new Set(i.keywords).size, String(i.id)).toBe(i.keywords.length);
      for (const k of i.keywords) expect(k, String(i.id)).toBe(k.toLowerCase());
    }
    expect(industries.filter((i) => i.keywords.length >= 2).length).toBe(industries.length);
  });
});
