/**
 * Pricing an order from rules/plans.json: the ONE function every price the API answers comes from (the quote the
 * order screen shows, the amount a payment must authorise, and the order created after it), for device plans and for
 * reseller bundles alike (doc2 §9: amounts in cents, price times 100; shipping added to a device order; free shipping
 * days is a parameter; a device with a trial period has zero upfront charge; doc1 §4.9: order type inferred from the
 * first terminal profile: NO_DEVICE_OPTION monthly is NO_DEVICE, monthly is RENT, without frequency BUY).
 *
 * Free shipping (rules/plans.json `freeShippingDays`, per market): a device order placed within that many days of the
 * application's start ships free. The shipping price is still shown and the `freeShippingCents` row takes it off
 * again (like a trial's offer row), so `totalCents = subtotalCents + shippingCents - freeShippingCents`. 0 days: no
 * free shipping. Without a start date (no `when`), nothing ships free.
 */
import type { Plan, PlanRules } from '../content.ts';
import type { ErrorDetail } from '../http/errors.ts';
import type { Market } from './document.ts';

/** A priced profile line (a type, not an interface: it is stored in the order as plain JSON, JsonObject). */
export type PricedProfile = {
  planKey: string;
  planName: string;
  device: string;
  quantity: number;
  perUnitCents: number;
  upfrontCents: number;
  trialPeriodDays: number;
  frequency?: 'MONTHLY';
};

/** The fee rows of an order, in cents (a type, so it is a JsonObject too). */
export type OrderTotals = {
  subtotalCents: number;
  shippingCents: number;
  freeShippingCents: number;
  totalCents: number;
};

export type OrderType = 'NO_DEVICE' | 'RENT' | 'BUY';

/** A priced order: its type (from the first profile), its priced lines and its totals. */
export interface PricedOrder {
  type: OrderType;
  profiles: PricedProfile[];
  totals: OrderTotals;
}

/** Which price list the lines name: the device plans of `markets`, or the reseller bundle prices of `bundles`. */
export type Catalogue = 'plans' | 'bundles';

/** When the order is placed, and when its application started (the free-shipping window counts from it). */
export interface OrderTime {
  startedAt: Date;
  now: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const cents = (units: number) => Math.round(units * 100);

/** Whether an order placed at `when.now` is inside the market's free-shipping window (`days` after the start). */
export function withinFreeShipping(days: number, when: OrderTime | undefined): boolean {
  if (!when || !(days > 0)) return false;
  const elapsed = when.now.getTime() - when.startedAt.getTime();
  return elapsed >= 0 && elapsed < days * DAY_MS;
}

/** Prices profiles for a market; unknown plans are field problems. */
export function priceOrder(
  rules: PlanRules,
  market: Market,
  profiles: ReadonlyArray<{ planKey: string; quantity: number }>,
  when?: OrderTime,
  catalogue: Catalogue = 'plans',
): PricedOrder | { problems: ErrorDetail[] } {
  const list = catalogue === 'bundles' ? rules.bundles[market].prices : rules.markets[market];
  const plans = new Map<string, Plan>(list.map((p) => [p.planKey, p]));
  const problems: ErrorDetail[] = [];
  const priced: PricedProfile[] = [];
  profiles.forEach((line, index) => {
    const plan = plans.get(line.planKey);
    if (!plan) {
      problems.push({ field: `/profiles/${index}/planKey`, key: 'errors.planUnknown' });
      return;
    }
    const perUnitCents = cents(plan.perUnit);
    priced.push({
      planKey: plan.planKey,
      planName: plan.planName,
      device: plan.device,
      quantity: line.quantity,
      perUnitCents,
      upfrontCents: plan.trialPeriodDays > 0 ? 0 : perUnitCents * line.quantity,
      trialPeriodDays: plan.trialPeriodDays,
      ...(plan.frequency ? { frequency: plan.frequency } : {}),
    });
  });
  if (problems.length > 0) return { problems };
  if (priced.length === 0) return { problems: [{ field: '/profiles', key: 'errors.planUnknown' }] };
  const first = priced[0]!;
  const type: OrderType = first.device === 'NO_DEVICE' ? 'NO_DEVICE' : first.frequency === 'MONTHLY' ? 'RENT' : 'BUY';
  const shipped = priced.some((p) => p.device !== 'NO_DEVICE' && p.quantity > 0);
  const subtotalCents = priced.reduce((sum, p) => sum + p.upfrontCents, 0);
  const shippingCents = shipped ? cents(rules.shipping[market]) : 0;
  const freeShippingCents = shipped && withinFreeShipping(rules.freeShippingDays[market], when) ? shippingCents : 0;
  return {
    type,
    profiles: priced,
    totals: {
      subtotalCents,
      shippingCents,
      freeShippingCents,
      totalCents: subtotalCents + shippingCents - freeShippingCents,
    },
  };
}
