/**
 * The fee arithmetic (engine/form/fees.ts) against an oracle written differently (per-line upfront sums, as the
 * API prices orders), with fast-check; the free-shipping window of the one server pricing function
 * (server/domain/orders.ts, rules/plans.json freeShippingDays) against a calendar oracle; and every fixture of
 * rules/plans.json priced both by the server function and by the browser's fee rows, which must agree.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { computeFees, type FeeLine } from '../../../engine/form/fees.ts';
import { loadContent } from '../../../server/content.ts';
import { priceOrder, withinFreeShipping } from '../../../server/domain/orders.ts';

interface Plan {
  planKey: string;
  device: string;
  perUnit: number;
  trialPeriodDays: number;
}
interface Fixture {
  market: 'US' | 'CA';
  daysSinceStart: number;
  lines: Array<{ planKey: string; quantity: number }>;
  expect: Record<string, number>;
}
const rules = JSON.parse(readFileSync(new URL('../../../rules/plans.json', import.meta.url), 'utf8')) as {
  markets: Record<'US' | 'CA', Plan[]>;
  shipping: Record<'US' | 'CA', number>;
  freeShippingDays: Record<'US' | 'CA', number>;
  rentalLimit: Record<'US' | 'CA', number>;
  fixtures: Fixture[];
  bundles?: Record<'US' | 'CA', { prices: Plan[] }>;
};

/** The oracle: what each line costs upfront, summed; shipping when anything shipped is ordered, unless it ships free. */
function oracle(lines: FeeLine[], shippingCents: number, free = false) {
  const upfront = lines.map((l) => (l.trialPeriodDays > 0 ? 0 : l.perUnitCents * l.quantity));
  const list = lines.map((l) => l.perUnitCents * l.quantity);
  const subtotal = upfront.reduce((a, b) => a + b, 0);
  const shipping = lines.some((l) => l.shipped && l.quantity > 0) ? shippingCents : 0;
  return {
    first: list.reduce((a, b) => a + b, 0),
    subtotal,
    shipping,
    free: free ? shipping : 0,
    total: subtotal + (free ? 0 : shipping),
  };
}

const content = loadContent();
const DAY = 86_400_000;
const START = new Date('2026-03-01T12:00:00Z');
/** The calendar oracle: the order ships free on the start day and the `days - 1` days after it, counted in whole days. */
const freeByCalendar = (days: number, elapsedMs: number) => elapsedMs >= 0 && Math.floor(elapsedMs / DAY) <= days - 1;

const line = fc.record({
  perUnitCents: fc.integer({ min: 0, max: 1_000_000 }),
  quantity: fc.integer({ min: 0, max: 20 }),
  trialPeriodDays: fc.integer({ min: 0, max: 90 }),
  shipped: fc.boolean(),
});

describe('computeFees', () => {
  it('agrees with the oracle on every row, and the rows add up', () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 6 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.boolean(),
        (lines, shipping, free) => {
          const fees = computeFees(lines, shipping, free);
          const expected = oracle(lines, shipping, free);
          expect(fees.firstChargeCents).toBe(expected.first);
          expect(fees.subtotalCents).toBe(expected.subtotal);
          expect(fees.shippingCents).toBe(expected.shipping);
          expect(fees.freeShippingCents).toBe(expected.free);
          expect(fees.totalCents).toBe(expected.total);
          expect(fees.firstChargeCents - fees.offerCents).toBe(fees.subtotalCents);
          expect(Number.isInteger(fees.totalCents) && fees.totalCents >= 0).toBe(true);
        },
      ),
    );
  });

  it('charges nothing upfront for a trial line, but ships it', () => {
    expect(computeFees([{ perUnitCents: 3000, quantity: 2, trialPeriodDays: 30, shipped: true }], 1500)).toEqual({
      firstChargeCents: 6000,
      offerCents: 6000,
      subtotalCents: 0,
      shippingCents: 1500,
      freeShippingCents: 0,
      totalCents: 1500,
    });
  });

  it('shows the shipping and takes it off again when the order ships free; nothing to take off without a device', () => {
    expect(computeFees([{ perUnitCents: 3000, quantity: 1, trialPeriodDays: 0, shipped: true }], 1500, true)).toEqual({
      firstChargeCents: 3000,
      offerCents: 0,
      subtotalCents: 3000,
      shippingCents: 1500,
      freeShippingCents: 1500,
      totalCents: 3000,
    });
    expect(
      computeFees([{ perUnitCents: 0, quantity: 1, trialPeriodDays: 0, shipped: false }], 1500, true).freeShippingCents,
    ).toBe(0);
  });

  it('treats negative, fractional or non-finite input as whole non-negative amounts', () => {
    expect(
      computeFees([{ perUnitCents: -100, quantity: 3, trialPeriodDays: 0, shipped: true }], Number.NaN).totalCents,
    ).toBe(0);
    expect(
      computeFees([{ perUnitCents: 1000.4, quantity: 1, trialPeriodDays: 0, shipped: false }], 1500).totalCents,
    ).toBe(1000);
  });
});

describe('free shipping days (doc2 §9; rules/plans.json freeShippingDays)', () => {
  it('the window agrees with the calendar oracle for any number of days and any order time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 }), fc.integer({ min: -5 * DAY, max: 400 * DAY }), (days, elapsed) => {
        expect(withinFreeShipping(days, { startedAt: START, now: new Date(START.getTime() + elapsed) })).toBe(
          freeByCalendar(days, elapsed),
        );
      }),
    );
  });

  it('the one pricing function takes the shipping off inside the window only, and only for a shipped order', () => {
    const days = content.plans.freeShippingDays.US;
    expect(days).toBeGreaterThan(0);
    const at = (elapsedMs: number) => ({ startedAt: START, now: new Date(START.getTime() + elapsedMs) });
    fc.assert(
      fc.property(
        fc.constantFrom('n910', 'n950', 'poyntC', 'buy', 'noDevice'),
        fc.integer({ min: 1, max: 2 }),
        fc.integer({ min: 0, max: 90 * DAY }),
        (planKey, quantity, elapsed) => {
          const priced = priceOrder(content.plans, 'US', [{ planKey, quantity }], at(elapsed));
          if ('problems' in priced) throw new Error('unexpected problems');
          const plan = rules.markets.US.find((p) => p.planKey === planKey)!;
          const shipping = plan.device === 'NO_DEVICE' ? 0 : Math.round(rules.shipping.US * 100);
          const free = freeByCalendar(days, elapsed) ? shipping : 0;
          expect(priced.totals.shippingCents).toBe(shipping);
          expect(priced.totals.freeShippingCents).toBe(free);
          expect(priced.totals.totalCents).toBe(priced.totals.subtotalCents + shipping - free);
        },
      ),
    );
    // Without a start date nothing ships free (the API always passes one).
    expect(priceOrder(content.plans, 'US', [{ planKey: 'n910', quantity: 1 }])).toMatchObject({
      totals: { freeShippingCents: 0 },
    });
  });

  it('0 days turns the offer off', () => {
    const off = { ...content.plans, freeShippingDays: { US: 0, CA: 0 } };
    expect(priceOrder(off, 'US', [{ planKey: 'n910', quantity: 1 }], { startedAt: START, now: START })).toMatchObject({
      totals: { freeShippingCents: 0, totalCents: 4500 },
    });
  });
});

describe('rules/plans.json fixtures', () => {
  for (const fixture of rules.fixtures) {
    const name = `${fixture.market} ${fixture.lines.map((l) => `${l.quantity}×${l.planKey}`).join(' + ')} on day ${fixture.daysSinceStart}`;
    it(`prices ${name} as written, in the API and in the order summary alike`, () => {
      const bundle = fixture.lines.some((l) => !rules.markets[fixture.market].some((p) => p.planKey === l.planKey));
      const when = { startedAt: START, now: new Date(START.getTime() + fixture.daysSinceStart * DAY) };
      const priced = priceOrder(content.plans, fixture.market, fixture.lines, when, bundle ? 'bundles' : 'plans');
      if ('problems' in priced) throw new Error(`fixture names an unknown plan: ${JSON.stringify(priced.problems)}`);
      const { firstChargeCents: _first, offerCents: _offer, ...apiRows } = fixture.expect;
      expect(priced.totals).toEqual(apiRows);
      const lines = fixture.lines.map((l) => {
        const plan = [...rules.markets[fixture.market], ...(rules.bundles?.[fixture.market].prices ?? [])].find(
          (p) => p.planKey === l.planKey,
        );
        if (!plan) throw new Error(`fixture names unknown plan ${l.planKey}`);
        return {
          perUnitCents: Math.round(plan.perUnit * 100),
          quantity: l.quantity,
          trialPeriodDays: plan.trialPeriodDays,
          shipped: plan.device !== 'NO_DEVICE',
        };
      });
      expect(
        computeFees(lines, Math.round(rules.shipping[fixture.market] * 100), priced.totals.freeShippingCents > 0),
      ).toEqual(fixture.expect);
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
