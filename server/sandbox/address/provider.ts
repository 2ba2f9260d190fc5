/**
 * Address lookup behind an interface (doc2 §7 Other: a maps service answering street_number, subpremise,
 * route, locality, administrative_area_level_1, postal_code, country). The sandbox searches the suggestions of
 * rules/sandbox.json.
 */

/** One suggestion as address components. */
export type AddressComponents = Record<string, string>;

/** What the API needs from an address lookup service. */
export interface AddressLookup {
  /** Up to `limit` suggestions for the text typed, in `country` when given. */
  search(text: string, country?: 'US' | 'CA', limit?: number): Promise<AddressComponents[]>;
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The sandbox lookup: every word typed must occur in the suggestion (accents and case ignored). */
export function sandboxAddressLookup(suggestions: AddressComponents[]): AddressLookup {
  return {
    async search(text, country, limit = 5) {
      const words = fold(text)
        .split(/[\s,]+/)
        .filter(Boolean);
      return suggestions
        .filter((s) => !country || s.country === country)
        .filter((s) => {
          const haystack = fold(Object.values(s).join(' '));
          return words.every((w) => haystack.includes(w));
        })
        .slice(0, limit);
    },
  };
}
