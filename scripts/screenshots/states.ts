/**
 * The application states the gallery shows screens in, per market: a new (empty) application, and complete
 * applications onboarded with the sandbox's decision triggers (server/README.md: a word in capitals in the
 * legal business name selects the decision).
 */

/** One state: what to create and whether to onboard it. */
import { completeCa, completeUs } from '../../server/sandbox/applicants.ts';

export interface GalleryState {
  name: string;
  body: Record<string, unknown>;
  onboard: boolean;
}

const applicant = { US: completeUs.applicant, CA: completeCa.applicant } as const;

// The complete companies (with the business phone the older form requires, doc2 §5), named per decision below.
const company = { US: completeUs.company, CA: completeCa.company } as const;

/** Decisions the gallery shows outcome screens in, by sandbox trigger word. */
export const decisions = {
  APPROVED: 'APPROVED',
  APPROVED_PENDING: 'APPROVEDPENDING',
  PENDING: 'PENDING',
  DECLINED: 'DECLINED',
  ERROR: 'ERROR',
} as const;

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
