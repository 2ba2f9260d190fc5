/**
 * Address lookup answers into our address (doc2 §7 Other): a place's `address_components` (street_number,
 * subpremise, route, locality, administrative_area_level_1, postal_code, country) and its `website` become the
 * fields of our Address. Which component makes which field is data (rules/scripts.json addressComponents). Pure.
 */
import type { Address } from '../../engine/generated/entities.ts';

/** One component of a lookup answer, as the maps places service returns it. */
export interface AddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}

/** The parts of a place details answer the mapping reads. */
export interface PlaceAnswer {
  address_components?: AddressComponent[];
  website?: string;
}

/** Our address field to the components that make it: `[type, long_name | short_name]`, joined with a space. */
export type AddressComponentMap = Record<string, Array<[string, 'long_name' | 'short_name']>>;

/** The address a lookup result fills in; fields whose components are absent are left out, never guessed. */
export type LookedUpAddress = Partial<Pick<Address, 'line1' | 'line2' | 'city' | 'state' | 'zip' | 'countryCode'>> & {
  website?: string;
};

/** Maps one place answer to our address with the given component map. */
export function mapAddressComponents(place: PlaceAnswer, map: AddressComponentMap): LookedUpAddress {
  const components = place.address_components ?? [];
  const result: Record<string, string> = {};
  for (const [field, parts] of Object.entries(map)) {
    const values = parts
      .map(([type, form]) => components.find((component) => component.types.includes(type))?.[form]?.trim())
      .filter((value): value is string => Boolean(value));
    if (values.length > 0) result[field] = values.join(' ');
  }
  const website = place.website?.trim();
  if (website) result.website = website;
  return result as LookedUpAddress;
}
