/**
 * Fee arithmetic of an order summary (doc1 §3 Order "fees shown"; doc2 §9 Amounts and Trial pricing), in integer
 * cents so no amount is ever rounded twice. Pure: no React, no plans, no market. The rows are:
 * - first charge: every line's per-unit price times its quantity (the first month's rental or subscription, or the
 *   purchase price);
 * - offer applied: what a trial takes off (a line whose plan has trial days is charged nothing upfront);
 * - subtotal: first charge minus offer;
 * - shipping: added once when the order holds at least one physical device;
 * - free shipping: what a free-shipping offer takes off again (the whole shipping, when the order ships free);
 * - total: subtotal plus shipping minus free shipping.
 */

/** One priced line of an order. */
export interface FeeLine {
  /** Price of one unit, in cents (an integer). */
  perUnitCents: number;
  /** How many units (an integer, 0 or more). */
  quantity: number;
  /** Trial days of the line's plan; more than 0 means no upfront charge. */
  trialPeriodDays: number;
  /** Whether the line is a physical device that has to be shipped. */
  shipped: boolean;
}

/** The rows of the summary, in cents. */
export interface Fees {
  firstChargeCents: number;
  offerCents: number;
  subtotalCents: number;
  shippingCents: number;
  freeShippingCents: number;
  totalCents: number;
}

const whole = (value: number): number => (Number.isFinite(value) && value > 0 ? Math.round(value) : 0);

/**
 * Computes the summary of `lines` with `shippingCents` for a shipped order; `shippingFree` says the order ships free
 * (the API decides it; rules/plans.json freeShippingDays). Negative or non-finite input counts as 0.
 */
export function computeFees(lines: readonly FeeLine[], shippingCents: number, shippingFree = false): Fees {
  let firstChargeCents = 0;
  let offerCents = 0;
  let shipped = false;
  for (const line of lines) {
    const amount = whole(line.perUnitCents) * whole(line.quantity);
    firstChargeCents += amount;
    if (line.trialPeriodDays > 0) offerCents += amount;
    if (line.shipped && whole(line.quantity) > 0) shipped = true;
  }
  const subtotalCents = firstChargeCents - offerCents;
  const shipping = shipped ? whole(shippingCents) : 0;
  const freeShippingCents = shippingFree ? shipping : 0;
  return {
    firstChargeCents,
    offerCents,
    subtotalCents,
    shippingCents: shipping,
    freeShippingCents,
    totalCents: subtotalCents + shipping - freeShippingCents,
  };
}
