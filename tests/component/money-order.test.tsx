/**
 * The order screen (flows/money/screens/order.json) as a user meets it: which order type is selected and offered
 * (doc1 §4.9, doc2 §9: rent, else buy, else no device by the plans GET /api/v2/configs/plans serves; a loaded order's
 * first terminal profile selects its type; the eHopper flow forces buy), and the order the API receives.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Environment } from '../../engine/environment/detect.ts';
import { applicationId, fakeApi, renderScreen, usEnvironment } from './render-screen.tsx';

const RENT = {
  planKey: 'n910',
  planName: 'N910',
  device: 'N910',
  perUnit: 30,
  perUnitCents: 3000,
  trialPeriodDays: 0,
  frequency: 'MONTHLY',
};
const TRIAL = {
  planKey: 'poyntC',
  planName: 'Smart Terminal',
  device: 'PoyntC',
  perUnit: 30,
  perUnitCents: 3000,
  trialPeriodDays: 30,
  frequency: 'MONTHLY',
};
const BUY = {
  planKey: 'buy',
  planName: 'Smart Terminal',
  device: 'PoyntC',
  perUnit: 299,
  perUnitCents: 29900,
  trialPeriodDays: 0,
};
const NONE = {
  planKey: 'noDevice',
  planName: 'NO_DEVICE_OPTION',
  device: 'NO_DEVICE',
  perUnit: 0,
  perUnitCents: 0,
  trialPeriodDays: 0,
  frequency: 'MONTHLY',
};

function api(plans: object[], order: object = {}, currency = 'USD') {
  const doc = {
    application: { id: applicationId, decision: 'APPROVED' },
    applicant: {},
    company: { currency: 'USD' },
    bank: {},
    order,
  };
  return fakeApi(doc, (method, url) => {
    if (url.startsWith('/api/v2/configs/plans'))
      return { status: 200, body: { market: currency === 'CAD' ? 'CA' : 'US', currency, shippingCents: 1500, plans } };
    if (method === 'POST' && url.endsWith('/orders/quote'))
      return { status: 200, body: { type: 'BUY', submitted: false } };
    return undefined;
  });
}

async function typeChoice() {
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Get a card terminal' }, { timeout: 25_000 }),
  ).toBeInTheDocument();
  return {
    rent: screen.queryByLabelText(/^Rent a terminal/) as HTMLInputElement | null,
    buy: screen.queryByLabelText(/^Buy a terminal/) as HTMLInputElement | null,
    none: screen.queryByLabelText(/^No terminal for now/) as HTMLInputElement | null,
  };
}

describe('order screen: the selected order type', () => {
  it('selects rent when the plans offer a rental', async () => {
    api([TRIAL, RENT, BUY, NONE]);
    await renderScreen(`/${applicationId}/order`);
    const choice = await typeChoice();
    expect(choice.rent).toBeChecked();
    expect(choice.buy).not.toBeChecked();
    expect(choice.none).not.toBeChecked();
  });

  it('selects buy, and offers no rental, when the plans offer only a purchase', async () => {
    api([BUY, NONE]);
    await renderScreen(`/${applicationId}/order`);
    const choice = await typeChoice();
    expect(choice.rent).toBeNull();
    expect(choice.buy).toBeChecked();
    expect(choice.none).not.toBeChecked();
  });

  it('selects no device, and asks no address, when the plans offer no device at all', async () => {
    api([NONE]);
    await renderScreen(`/${applicationId}/order`);
    const choice = await typeChoice();
    expect(choice.none).toBeChecked();
    expect(choice.rent).toBeNull();
    expect(choice.buy).toBeNull();
    expect(screen.queryByLabelText(/^Shipping street address/)).toBeNull();
  });

  it('selects the type of a loaded order: a Smart Terminal without frequency is a purchase', async () => {
    const address = { line1: '9 Elm Street', line2: '', city: 'Austin', state: 'TX', zip: '78701', countryCode: 'US' };
    api([TRIAL, RENT, BUY, NONE], {
      id: 'ord_1',
      address,
      profiles: [{ planKey: 'buy', planName: 'Smart Terminal', device: 'PoyntC', quantity: 2 }],
    });
    await renderScreen(`/${applicationId}/order`);
    const choice = await typeChoice();
    expect(choice.buy).toBeChecked();
    expect(choice.rent).not.toBeChecked();
  });

  it('selects the type of a loaded order: NO_DEVICE_OPTION monthly is no device', async () => {
    api([TRIAL, RENT, BUY, NONE], {
      id: 'ord_1',
      profiles: [
        { planKey: 'noDevice', planName: 'NO_DEVICE_OPTION', device: 'NO_DEVICE', frequency: 'MONTHLY', quantity: 1 },
      ],
    });
    await renderScreen(`/${applicationId}/order`);
    const choice = await typeChoice();
    expect(choice.none).toBeChecked();
    expect(choice.rent).not.toBeChecked();
  });

  it('forces buy in the eHopper flow, even for a loaded rental, and orders the purchase plan', async () => {
    const calls = api([TRIAL, RENT, BUY, NONE], {
      id: 'ord_1',
      profiles: [{ planKey: 'poyntC', planName: 'Smart Terminal', frequency: 'MONTHLY', quantity: 1 }],
    });
    const environment = usEnvironment();
    environment.config.flags = { ehopper: true };
    await renderScreen(`/${applicationId}/order`, { environment });
    const choice = await typeChoice();
    expect(choice.buy).toBeChecked();
    expect(choice.rent).toBeNull();
    expect(choice.none).toBeNull();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Shipping street address/), '123 Main Street');
    await user.type(screen.getByLabelText(/^City/), 'Springfield');
    await user.selectOptions(screen.getByLabelText(/^State/), 'Illinois');
    await user.type(screen.getByLabelText(/^ZIP code/), '62701');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // The order screen only quotes (doc1 §4.9: the order is created after the payment, on order/card).
    await waitFor(() =>
      expect(calls.calls.some((c) => c.method === 'POST' && c.url.endsWith('/orders/quote'))).toBe(true),
    );
    const quoted = calls.calls.find((c) => c.method === 'POST' && c.url.endsWith('/orders/quote'))!;
    expect(quoted.body).toMatchObject({ type: 'BUY', profiles: [{ planKey: 'buy', quantity: 1 }] });
    expect(calls.calls.filter((c) => c.method === 'POST' && c.url.endsWith('/orders'))).toEqual([]);
  });
});

/** A Quebec visitor: the Canadian market in French. */
function quebec(): Environment {
  const us = usEnvironment();
  return {
    ...us,
    market: 'CA',
    currency: 'CAD',
    locale: 'fr-CA',
    locales: ['en-CA', 'fr-CA'],
    config: { ...us.config, markets: { ...us.config.markets, CA: { currency: 'CAD', locales: ['en-CA', 'fr-CA'] } } },
  };
}

/** The label of the choice whose input `input` is: the price is read with the choice's name. */
const choiceText = (input: HTMLElement | null) => input?.closest('label')?.textContent?.replace(/\s+/g, ' ');

describe('order screen: the price of each choice (doc1 §2.7 order, §4.9; doc2 §9 plan entries)', () => {
  // Prices as GET /api/v2/configs/plans answers them (cents); the screen shows what the API answers, not its own.
  const n910 = { ...RENT, perUnit: 29.99, perUnitCents: 2999 };
  const n950 = { ...RENT, planKey: 'n950', planName: 'N950', device: 'N950', perUnit: 34.5, perUnitCents: 3450 };
  const buy = { ...BUY, perUnit: 349, perUnitCents: 34900 };

  it('en-US: a rental per month, a purchase once, in dollars; renting from the lowest rental', async () => {
    api([n910, n950, buy, NONE]);
    await renderScreen(`/${applicationId}/order`);
    const choice = await typeChoice();
    expect(choiceText(choice.rent)).toBe('Rent a terminal From $29.99/month');
    expect(choiceText(choice.buy)).toBe('Buy a terminal $349.00 once');
    expect(choiceText(choice.none)).toBe('No terminal for now No charge');
    expect(choiceText(screen.getByLabelText(/^5-inch hand-held terminal \(N910\)/))).toBe(
      '5-inch hand-held terminal (N910), monthly rental $29.99/month',
    );
    expect(choiceText(screen.getByLabelText(/^6-inch hand-held terminal \(N950\)/))).toBe(
      '6-inch hand-held terminal (N950), monthly rental $34.50/month',
    );
  });

  it('fr-CA: the same prices in Canadian dollars, with French words and number formatting', async () => {
    api([n910, n950, buy, NONE], {}, 'CAD');
    await renderScreen(`/${applicationId}/order`, { environment: quebec(), locale: 'fr-CA' });
    await screen.findByRole('radio', { name: /^Louer/ }, { timeout: 25_000 });
    const prices = screen.getAllByText((_, element) => element?.hasAttribute('data-price') ?? false);
    expect(prices.map((price) => price.textContent?.replace(/\s/g, ' '))).toEqual([
      'À partir de 29,99 $/mois',
      '349,00 $, paiement unique',
      'Sans frais',
      '29,99 $/mois',
      '34,50 $/mois',
    ]);
  });
});
