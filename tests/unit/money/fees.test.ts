/**
 * The fee arithmetic (engine/form/fees.ts) against an oracle written differently (per-line upfront sums, as the
 * API prices orders), with fast-check; and every fixture of rules/plans.json priced from the plans as written.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { computeFees, type FeeLine } from '../../../engine/form/fees.ts';

interface Plan { planKey: string; device: string; perUnit: number; trialPeriodDays: number }
interface Fixture { market: 'US' | 'CA'; lines: Array<{ planKey: string; quantity: number }>; expect: Record<string, number> }
const rules = JSON.parse(readFileSync(new URL('../../../rules/plans.json', import.meta.url), 'utf8')) as {
  markets: Record<'US' | 'CA', Plan[]>;
  shipping: Record<'US' | 'CA', number>;
  rentalLimit: Record<'US' | 'CA', number>;
  fixtures: Fixture[];
  bundles?: Record<'US' | 'CA', { prices: Plan[] }>;
};

/** The oracle: what each line costs upfront, summed; shipping when anything shipped is ordered. */
function oracle(lines: FeeLine[], shippingCents: number) {
  const upfront = lines.map((l) => (l.trialPeriodDays > 0 ? 0 : l.perUnitCents * l.quantity));
  const list = lines.map((l) => l.perUnitCents * l.quantity);
  const subtotal = upfront.reduce((a, b) => a + b, 0);
  const shipping = lines.some((l) => l.shipped && l.quantity > 0) ? shippingCents : 0;
  return { first: list.reduce((a, b) => a + b, 0), subtotal, shipping, total: subtotal + shipping };
}

const line = fc.record({
  perUnitCents: fc.integer({ min: 0, max: 1_000_000 }),
  quantity: fc.integer({ min: 0, max: 20 }),
  trialPeriodDays: fc.integer({ min: 0, max: 90 }),
  shipped: fc.boolean(),
});

describe('computeFees', () => {
  it('agrees with the oracle on every row, and the rows add up', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), fc.integer({ min: 0, max: 10_000 }), (lines, shipping) => {
        const fees = computeFees(lines, shipping);
        const expected = oracle(lines, shipping);
        expect(fees.firstChargeCents).toBe(expected.first);
        expect(fees.subtotalCents).toBe(expected.subtotal);
        expect(fees.shippingCents).toBe(expected.shipping);
        expect(fees.totalCents).toBe(expected.total);
        expect(fees.firstChargeCents - fees.offerCents).toBe(fees.subtotalCents);
        expect(Number.isInteger(fees.totalCents) && fees.totalCents >= 0).toBe(true);
      }),
    );
  });

  it('charges nothing upfront for a trial line, but ships it', () => {
    expect(computeFees([{ perUnitCents: 3000, quantity: 2, trialPeriodDays: 30, shipped: true }], 1500)).toEqual({
      firstChargeCents: 6000, offerCents: 6000, subtotalCents: 0, shippingCents: 1500, totalCents: 1500,
    });
  });

  it('treats negative, fractional or non-finite input as whole non-negative amounts', () => {
    expect(computeFees([{ perUnitCents: -100, quantity: 3, trialPeriodDays: 0, shipped: true }], Number.NaN).totalCents).toBe(0);
    expect(computeFees([{ perUnitCents: 1000.4, quantity: 1, trialPeriodDays: 0, shipped: false }], 1500).totalCents).toBe(1000);
  });
});

describe('rules/plans.json fixtures', () => {
  for (const fixture of rules.fixtures) {
    const name = `${fixture.market} ${fixture.lines.map((l) => `${l.quantity}×${l.planKey}`).join(' + ')}`;
    it(`prices ${name} as written`, () => {
      const lines = fixture.lines.map((l) => {
        const plan = [...rules.markets[fixture.market], ...(rules.bundles?.[fixture.market].prices ?? [])].find((p) => p.planKey === l.planKey);
        if (!plan) throw new Error(`fixture names unknown plan ${l.planKey}`);
        return { perUnitCents: Math.round(plan.perUnit * 100), quantity: l.quantity, trialPeriodDays: plan.trialPeriodDays, shipped: plan.device !== 'NO_DEVICE' };
      });
      expect(computeFees(lines, Math.round(rules.shipping[fixture.market] * 100))).toEqual(fixture.expect);
    });
  }

  it('has a rental limit of 1 or 2 devices in each market (doc2 §9)', () => {
    for (const market of ['US', 'CA'] as const) expect([1, 2]).toContain(rules.rentalLimit[market]);
  });

  it('offers every device plan of doc2 §9 in each market, with a trial only where a price is defined', () => {
    for (const market of ['US', 'CA'] as const) {
      expect(rules.markets[market].map((p) => p.planKey).sort()).toEqual(['buy', 'n910', 'n950', 'noDevice', 'poyntC']);
      for (const plan of rules.markets[market]) if (plan.trialPeriodDays > 0) expect(plan.perUnit).toBeGreaterThan(0);
    }
  });
});
