/** Address lookup: answers of the maps places service mapped into our address (see map-components.ts). */
export { mapAddressComponents } from './map-components.ts';
export type { AddressComponent, AddressComponentMap, LookedUpAddress, PlaceAnswer } from './map-components.ts';
