/**
 * Pricing an order from rules/plans.json (doc2 §9: amounts in cents, price times 100; shipping added to a device
 * order; a device with a trial period has zero upfront charge; doc1 §4.9: order type inferred from the first
 * terminal profile: NO_DEVICE_OPTION monthly is NO_DEVICE, monthly is RENT, without frequency BUY).
 */
import type { Plan, PlanRules } from '../content.ts';
import type { ErrorDetail } from '../http/errors.ts';
import type { Market } from './document.ts';

/** A priced profile line. */
export interface PricedProfile {
  planKey: string;
  planName: string;
  device: string;
  quantity: number;
  perUnitCents: number;
  upfrontCents: number;
  trialPeriodDays: number;
  frequency?: 'MONTHLY';
}

const cents = (units: number) => Math.round(units * 100);

/** Prices profiles for a market; unknown plans are field problems. */
export function priceOrder(
  rules: PlanRules,
  market: Market,
  profiles: Array<{ planKey: string; quantity: number }>,
): { type: 'NO_DEVICE' | 'RENT' | 'BUY'; profiles: PricedProfile[]; totals: { subtotalCents: number; shippingCents: number; totalCents: number } } | { problems: ErrorDetail[] } {
  const plans = new Map<string, Plan>(rules.markets[market].map((p) => [p.planKey, p]));
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
  const first = priced[0]!;
  const type = first.device === 'NO_DEVICE' ? 'NO_DEVICE' : first.frequency === 'MONTHLY' ? 'RENT' : 'BUY';
  const subtotalCents = priced.reduce((sum, p) => sum + p.upfrontCents, 0);
  const shippingCents = type === 'NO_DEVICE' ? 0 : cents(rules.shipping[market]);
  return { type, profiles: priced, totals: { subtotalCents, shippingCents, totalCents: subtotalCents + shippingCents } };
}
