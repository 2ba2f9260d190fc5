/**
 * The price beside a choice (engine/form/option-prices.ts, issue 22.5): doc1 §4.9 reads a plan with a MONTHLY
 * frequency as a rental (a price per month) and one without as a purchase (paid once); a choice standing for several
 * plans shows the lowest, as 'from'.
 */
import { optionPrice } from '../../../engine/form/option-prices.ts';

const settings = {
  matchOn: 'planKey',
  centsField: 'perUnitCents',
  periodField: 'frequency',
  periods: [{ value: 'MONTHLY', labelKey: 'p.monthly', fromKey: 'p.monthlyFrom' }],
  onceKey: 'p.once',
  onceFromKey: 'p.onceFrom',
  freeKey: 'p.free',
  choices: { RENT: ['a', 'b'], BUY: ['buy'], NONE: ['none'] },
};
const plans = [
  { planKey: 'a', perUnitCents: 3450, frequency: 'MONTHLY' },
  { planKey: 'b', perUnitCents: 2999, frequency: 'MONTHLY' },
  { planKey: 'buy', perUnitCents: 29900 },
  { planKey: 'none', perUnitCents: 0, frequency: 'MONTHLY' },
];

describe('optionPrice', () => {
  it('a rental per month, a purchase once, nothing to pay as free', () => {
    expect(optionPrice('a', plans, settings)).toEqual({ key: 'p.monthly', cents: 3450 });
    expect(optionPrice('BUY', plans, settings)).toEqual({ key: 'p.once', cents: 29900 });
    expect(optionPrice('NONE', plans, settings)).toEqual({ key: 'p.free', cents: 0 });
  });

  it('a choice standing for several prices shows the lowest, as from; one price for all of them, as it is', () => {
    expect(optionPrice('RENT', plans, settings)).toEqual({ key: 'p.monthlyFrom', cents: 2999 });
    const same = plans.map((plan) => (plan.planKey === 'a' ? { ...plan, perUnitCents: 2999 } : plan));
    expect(optionPrice('RENT', same, settings)).toEqual({ key: 'p.monthly', cents: 2999 });
  });

  it('no price for a choice the plans do not price, a period it has no words for, or no plans at all', () => {
    expect(optionPrice('other', plans, settings)).toBeUndefined();
    expect(optionPrice('a', [{ planKey: 'a', perUnitCents: 100, frequency: 'WEEKLY' }], settings)).toBeUndefined();
    expect(optionPrice('a', undefined, settings)).toBeUndefined();
    expect(optionPrice('a', [{ planKey: 'a', perUnitCents: 'x' }], settings)).toBeUndefined();
  });

  it('without freeKey, zero is an amount like any other', () => {
    const { freeKey, ...withoutFree } = settings;
    void freeKey;
    expect(optionPrice('NONE', plans, withoutFree)).toEqual({ key: 'p.monthly', cents: 0 });
  });
});
