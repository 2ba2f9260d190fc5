/**
 * The application states the gallery shows screens in, per market: a new (empty) application, and complete
 * applications onboarded with the sandbox's decision triggers (server/README.md: a word in capitals in the
 * legal business name selects the decision).
 */

/** One state: what to create and whether to onboard it. */
export interface GalleryState {
  name: string;
  body: Record<string, unknown>;
  onboard: boolean;
}

const applicant = {
  US: {
    name: { firstName: 'Ann', lastName: 'Lee' },
    email: { emailAddress: 'ann@example.com' },
    phone: { localPhoneNumber: '2125551234' },
    dob: '01/15/1985',
    governmentIdentification: { type: 'INDIVIDUAL', value: '4321', sourceType: 'SSN4' },
    address: { line1: '123 Main Street', city: 'Springfield', state: 'IL', zip: '62701', countryCode: 'US' },
    communicationLanguage: 'en-US',
  },
  CA: {
    name: { firstName: 'Éloïse', lastName: 'Tremblay' },
    email: { emailAddress: 'eloise@example.ca' },
    phone: { localPhoneNumber: '5145551234' },
    dob: '03/02/1990',
    governmentIdentification: { type: 'INDIVIDUAL', value: '130692544', sourceType: 'SIN' },
    address: { line1: '500 Rue Sherbrooke', city: 'Montréal', territory: 'QC', zip: 'H9B 1Y7', countryCode: 'CA' },
    communicationLanguage: 'fr-CA',
  },
} as const;

const company = {
  US: { segment: '5462', currency: 'USD' },
  CA: { segment: '5462', currency: 'CAD', address: { countryCode: 'CA' } },
} as const;

/** Decisions the gallery shows outcome screens in, by sandbox trigger word. */
export const decisions = { APPROVED: 'APPROVED', APPROVED_PENDING: 'APPROVEDPENDING', PENDING: 'PENDING', DECLINED: 'DECLINED', ERROR: 'ERROR' } as const;

/** The states for a market (US or CA; others fall back to US data with the market's currency). */
export function statesFor(market: string, currency: string): GalleryState[] {
  const key = market === 'CA' ? 'CA' : 'US';
  const blank: GalleryState = { name: 'new', body: { company: { currency } }, onboard: false };
  return [
    blank,
    ...Object.entries(decisions).map(([decision, word]) => ({
      name: decision,
      body: { applicant: applicant[key], company: { ...company[key], currency, name: `Acme ${word} Co` } },
      onboard: true,
    })),
  ];
}
