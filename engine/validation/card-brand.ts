/** Card brand from the issuer prefix ranges and lengths of rules/validation/card-brands.json. */
import brandsData from '../../rules/validation/card-brands.json' with { type: 'json' };
import type { CardBrandsFile } from './types.ts';

/** Each range is a [from, to] pair of prefixes (the content check holds the file to its schema). */
const brands: CardBrandsFile['brands'] = brandsData.brands.map(({ brand, ranges, lengths }) => ({
  brand,
  lengths,
  ranges: ranges.map(([from, to]) => [from, to]),
}));

/** The brand of a card number (spaces and dashes ignored), or null when no brand's prefix and length match. */
export function cardBrand(number: string): string | null {
  const digits = number.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits)) return null;
  for (const entry of brands) {
    if (!entry.lengths.includes(digits.length)) continue;
    const inRange = entry.ranges.some(([from, to]) => {
      const prefix = Number(digits.slice(0, from.length));
      return prefix >= Number(from) && prefix <= Number(to);
    });
    if (inRange) return entry.brand;
  }
  return null;
}
