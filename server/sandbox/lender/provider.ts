/**
 * The cash-advance lender behind an interface (doc1 §2.2 /cashadvanceoffers and its redirect). The sandbox
 * lender offers rules/offers.json to eligible businesses and redirects to its own page.
 */
import type { OfferRules } from '../../content.ts';

/** One offer (doc1 §3 Offer: offerId, businessId; doc1 §2.7: an amount and a share of daily sales). */
export interface Offer {
  offerId: string;
  businessId: string;
  amountCents: number;
  dailySalesPercent: number;
  /** Who lends (doc1 §2.7: the third-party lender): a name, the same in every language. */
  lenderName: string;
}

/** What the API needs from a lender. */
export interface Lender {
  /** Offers for a business whose best decision is `decision`. */
  offers(businessId: string, decision: string | undefined): Offer[];
  /** Where the browser goes to accept an offer. */
  redirectUrl(offer: Offer): string;
}

/** The sandbox lender. */
export function sandboxLender(rules: OfferRules): Lender {
  return {
    offers(businessId, decision) {
      if (!decision || !rules.eligibleDecisions.includes(decision)) return [];
      return rules.offers.map((o) => ({
        offerId: `off_${o.key}_${businessId}`,
        businessId,
        amountCents: o.amountCents,
        dailySalesPercent: o.dailySalesPercent,
        lenderName: rules.lenderName,
      }));
    },
    redirectUrl(offer) {
      // The business goes with the offer, so the lender's 'Back to the offers' shows this business's offers again.
      return `${rules.lenderUrl}?offerId=${encodeURIComponent(offer.offerId)}&businessId=${encodeURIComponent(offer.businessId)}`;
    },
  };
}
