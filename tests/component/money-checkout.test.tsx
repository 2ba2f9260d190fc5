/**
 * The checkout screen (flows/money/screens/order-card.json) as a user meets it: the fees table from the plans and the
 * quoted order (with the free-shipping row inside the free-shipping days), the card entered into the vault widget (the
 * vault gets the number, the API only the token, storage nothing), doc1 §4.9's call order (card, payment, order
 * create naming the payment, submit), a declined card reset with its message and no order created, and a zero total
 * that creates the order without a payment.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationId, canadaEnvironment, fakeApi, renderScreen } from './render-screen.tsx';

const plans = {
  market: 'US',
  currency: 'USD',
  shippingCents: 1500,
  plans: [
    {
      planKey: 'n910',
      planName: 'N910',
      device: 'N910',
      perUnit: 30,
      perUnitCents: 3000,
      trialPeriodDays: 0,
      frequency: 'MONTHLY',
    },
  ],
};
const applicationDoc = {
  application: { id: applicationId, decision: 'APPROVED' },
  applicant: {},
  company: { currency: 'USD' },
  bank: {},
  order: {
    type: 'RENT',
    submitted: false,
    profiles: [{ planKey: 'n910', quantity: 2 }],
    totals: { subtotalCents: 6000, shippingCents: 1500, freeShippingCents: 0, totalCents: 7500 },
  },
};
const CARD = '4242424242424242';

function api(payment: { status: number; body: unknown }) {
  return fakeApi(applicationDoc, (method, url) => {
    if (url.startsWith('/api/v2/configs/plans')) return { status: 200, body: plans };
    if (url === '/sandbox/vault/cards')
      return { status: 201, body: { token: `tok_${'a'.repeat(32)}`, brand: 'VISA', last4: '4242' } };
    if (url.endsWith('/credit-cards'))
      return { status: 201, body: { financial_instrument_id: 'fi_1', brand: 'VISA', last4: '4242' } };
    if (url.endsWith('/payments')) return payment;
    if (method === 'POST' && url.endsWith('/orders'))
      return { status: 201, body: { ...applicationDoc.order, id: 'ord_1', paymentId: 'pay_1', submitted: true } };
    if (url.endsWith('/onboard')) return { status: 200, body: applicationDoc };
    return undefined;
  });
}

/** The writes in the order they were made, by path ending. */
const writes = (calls: Array<{ method: string; url: string }>) =>
  calls
    .filter((c) => c.method !== 'GET')
    .map((c) => c.url.replace(/^.*\/applications\/[^/]+/, '').replace(/^\/sandbox\/vault\/cards$/, 'vault'));

async function enterCard(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Card number'), CARD);
  await user.type(screen.getByLabelText('Expiration date (MM/YY)'), '12/39');
  await user.type(screen.getByLabelText('Security code (CVV)'), '123');
  await user.type(screen.getByLabelText('Billing ZIP code'), '78701');
  await screen.findByText('Card saved securely, ending in');
}

/** The bank's decline of doc2 §7 (402 PAYMENT_DECLINED), as the API words it. */
const declined = 'Your selected payment method was declined by bank. Please use another one.';

/** Opens the checkout, types a card and places the order, which the API declines. */
async function placeDeclinedOrder() {
  const calls = api({
    status: 402,
    body: {
      error: 'PAYMENT_DECLINED',
      message: declined,
      details: [{ field: '/financialInstrumentId', key: 'errors.paymentDeclined', description: declined }],
    },
  });
  await renderScreen(`/${applicationId}/order/card`);
  await screen.findByText('$75.00', {}, { timeout: 8000 });
  const user = userEvent.setup();
  await enterCard(user);
  await user.click(screen.getByRole('button', { name: 'Place order' }));
  return { calls };
}

describe('checkout screen', () => {
  it('shows the fees in cents from the plans, and the card number goes only to the vault', async () => {
    const calls = api({ status: 201, body: { paymentId: 'pay_1', status: 'AUTHORIZED', amount: 7500 } });
    await renderScreen(`/${applicationId}/order/card`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Review and pay' }, { timeout: 8000 }),
    ).toBeInTheDocument();
    const total = await screen.findByText('$75.00', {}, { timeout: 8000 });
    expect(total.closest('tr')?.getAttribute('data-row')).toBe('total');
    expect(screen.queryByText('Free shipping (new-merchant offer)')).toBeNull();
    const user = userEvent.setup();
    await enterCard(user);
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(calls.calls.some((c) => c.url.endsWith('/payments'))).toBe(true));
    const payment = calls.calls.find((c) => c.url.endsWith('/payments'))!;
    expect(payment.body).toEqual({ amount: 7500, financialInstrumentId: 'fi_1' });
    // doc1 §4.9: payment, then order create (naming the payment), then submit.
    await waitFor(() => expect(calls.calls.some((c) => c.url.endsWith('/onboard'))).toBe(true));
    expect(writes(calls.calls)).toEqual([
      'vault',
      '/financial-instruments/credit-cards',
      '/payments',
      '/orders',
      '/onboard',
    ]);
    expect(calls.calls.find((c) => c.method === 'POST' && c.url.endsWith('/orders'))!.body).toEqual({
      paymentId: 'pay_1',
    });
    const withNumber = calls.calls.filter((c) => JSON.stringify(c).includes(CARD));
    expect(withNumber.map((c) => c.url)).toEqual(['/sandbox/vault/cards']);
    expect(JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage })).not.toContain(CARD);
  });

  it('a declined card is reset and the declined message stays on the card', async () => {
    const { calls } = await placeDeclinedOrder();
    // The declined message stays at the card (the field's error under it), with the entry reset for another card.
    await waitFor(() =>
      expect(
        document.querySelector('.card-entry')?.parentElement?.closest('.field')?.querySelector('.field__error')
          ?.textContent,
      ).toBe(declined),
    );
    expect(screen.getByLabelText('Card number')).toHaveValue('');
    expect(screen.getByRole('heading', { level: 1, name: 'Review and pay' })).toBeInTheDocument();
    // The sequence stopped at the payment: no order was created, nothing was submitted.
    expect(writes(calls.calls)).toEqual(['vault', '/financial-instruments/credit-cards', '/payments']);
  });

  it('a zero total (a trial month shipped free) files the card for the monthly billing, authorises no payment and creates the order without one', async () => {
    const trial = {
      ...plans,
      plans: [
        { ...plans.plans[0], planKey: 'poyntC', planName: 'Smart Terminal', device: 'PoyntC', trialPeriodDays: 30 },
      ],
    };
    const free = {
      ...applicationDoc,
      order: {
        ...applicationDoc.order,
        profiles: [{ planKey: 'poyntC', quantity: 1 }],
        totals: { subtotalCents: 0, shippingCents: 1500, freeShippingCents: 1500, totalCents: 0 },
      },
    };
    const calls = fakeApi(free, (method, url) => {
      if (url.startsWith('/api/v2/configs/plans')) return { status: 200, body: trial };
      if (url === '/sandbox/vault/cards')
        return { status: 201, body: { token: `tok_${'a'.repeat(32)}`, brand: 'VISA', last4: '4242' } };
      if (url.endsWith('/credit-cards'))
        return { status: 201, body: { financial_instrument_id: 'fi_1', brand: 'VISA', last4: '4242' } };
      if (url.endsWith('/payments')) return { status: 400, body: { message: 'not the order total' } };
      if (method === 'POST' && url.endsWith('/orders'))
        return { status: 201, body: { ...free.order, id: 'ord_1', submitted: true } };
      if (url.endsWith('/onboard')) return { status: 200, body: free };
      return undefined;
    });
    await renderScreen(`/${applicationId}/order/card`);
    await screen.findByRole('heading', { level: 1, name: 'Review and pay' }, { timeout: 8000 });
    // The fees show the shipping and take it off again (rules/plans.json freeShippingDays), and the trial's offer.
    const freeRow = await screen.findByText('Free shipping (new-merchant offer)', {}, { timeout: 8000 });
    expect(freeRow.closest('tr')?.getAttribute('data-cents')).toBe('-1500');
    expect(document.querySelector('[data-row="shipping"]')?.getAttribute('data-cents')).toBe('1500');
    expect(document.querySelector('[data-row="total"]')?.getAttribute('data-cents')).toBe('0');
    const user = userEvent.setup();
    await enterCard(user);
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(calls.calls.some((c) => c.url.endsWith('/onboard'))).toBe(true));
    expect(writes(calls.calls)).toEqual(['vault', '/financial-instruments/credit-cards', '/orders', '/onboard']);
    expect(calls.calls.find((c) => c.method === 'POST' && c.url.endsWith('/orders'))!.body).toEqual({
      paymentId: null,
    });
  });
  it('an order already created (its submit failed and is tried again) is neither paid for nor created twice', async () => {
    const placed = {
      ...applicationDoc,
      order: { ...applicationDoc.order, id: 'ord_1', paymentId: 'pay_1', submitted: true },
    };
    const calls = fakeApi(placed, (method, url) => {
      if (url.startsWith('/api/v2/configs/plans')) return { status: 200, body: plans };
      if (url === '/sandbox/vault/cards')
        return { status: 201, body: { token: `tok_${'a'.repeat(32)}`, brand: 'VISA', last4: '4242' } };
      if (url.endsWith('/credit-cards'))
        return { status: 201, body: { financial_instrument_id: 'fi_1', brand: 'VISA', last4: '4242' } };
      if (url.endsWith('/onboard')) return { status: 200, body: placed };
      return undefined;
    });
    await renderScreen(`/${applicationId}/order/card`);
    await screen.findByText('$75.00', {}, { timeout: 8000 });
    const user = userEvent.setup();
    await enterCard(user);
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(calls.calls.some((c) => c.url.endsWith('/onboard'))).toBe(true));
    expect(writes(calls.calls)).toEqual(['vault', '/financial-instruments/credit-cards', '/onboard']);
  });
});

describe('checkout as a person does it (issue 22 item 4)', () => {
  it('one press of "Place order" right after typing the card saves it and places the order', async () => {
    const calls = api({ status: 201, body: { paymentId: 'pay_1', status: 'AUTHORIZED', amount: 7500 } });
    // The vault takes its time, as a real one does: the press comes while the card is still being saved.
    const answer = globalThis.fetch;
    globalThis.fetch = (async (url: string, init?: RequestInit) => {
      if (url === '/sandbox/vault/cards') await new Promise((resolve) => setTimeout(resolve, 800));
      return answer(url, init);
    }) as typeof fetch;
    await renderScreen(`/${applicationId}/order/card`);
    await screen.findByText('$75.00', {}, { timeout: 8000 });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Card number'), CARD);
    await user.type(screen.getByLabelText('Expiration date (MM/YY)'), '12/39');
    await user.type(screen.getByLabelText('Security code (CVV)'), '123');
    await user.type(screen.getByLabelText('Billing ZIP code'), '78701');
    // No wait for "Card saved": the person presses the button at once, once.
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(calls.calls.some((c) => c.url.endsWith('/onboard'))).toBe(true), { timeout: 5000 });
    expect(writes(calls.calls)).toEqual([
      'vault',
      '/financial-instruments/credit-cards',
      '/payments',
      '/orders',
      '/onboard',
    ]);
    expect(screen.queryByText('Enter your card details to continue.')).toBeNull();
  });

  it('a declined card says it was declined once in the summary and once at the card: not "Enter your card details", no toast', async () => {
    await placeDeclinedOrder();
    const summary = await screen.findByRole('alert', { name: /declined/i }, { timeout: 5000 });
    // Let any late toast or live validation arrive before counting.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(summary.textContent).toContain(declined);
    expect(screen.queryByText(/Enter your card details/)).toBeNull();
    expect(screen.queryByText('Please fill or correct required fields.')).toBeNull();
    const shown = [...document.body.querySelectorAll('*')].filter(
      (node) => node.children.length === 0 && node.textContent?.includes(declined),
    );
    expect(shown).toHaveLength(2);
    expect(summary.contains(shown[0]!)).toBe(true);
    expect(document.querySelector('.card-entry')!.parentElement!.closest('.field')!.contains(shown[1]!)).toBe(true);
    expect(screen.getByRole('heading', { level: 2, name: 'Your card was declined.' })).toBeInTheDocument();
  });
});

describe('checkout: a rental reads as a price per month (issue 22.12)', () => {
  /** The checkout of one rented n910 at $29.99 a month, in `currency`, as the API would answer it. */
  function rental(currency: string) {
    const monthly = { ...plans, currency, plans: [{ ...plans.plans[0]!, perUnit: 29.99, perUnitCents: 2999 }] };
    const order = {
      ...applicationDoc.order,
      profiles: [{ planKey: 'n910', quantity: 1 }],
      totals: { subtotalCents: 2999, shippingCents: 1500, freeShippingCents: 0, totalCents: 4499 },
    };
    return fakeApi({ ...applicationDoc, company: { currency }, order }, (_method, url) =>
      url.startsWith('/api/v2/configs/plans') ? { status: 200, body: monthly } : undefined,
    );
  }

  it('en-US: the rental line says "$29.99/month", the totals stay amounts', async () => {
    rental('USD');
    await renderScreen(`/${applicationId}/order/card`);
    const line = await screen.findByText('$29.99/month', {}, { timeout: 8000 });
    expect(line.closest('tr')).toHaveClass('fees__line');
    expect(line.closest('tr')).toHaveTextContent(/monthly rental/);
    expect(screen.getByText('$44.99').closest('tr')?.getAttribute('data-row')).toBe('total');
  });

  it('fr-CA: the rental line says "29,99 $/mois"', async () => {
    rental('CAD');
    await renderScreen(`/${applicationId}/order/card`, { environment: canadaEnvironment('fr-CA'), locale: 'fr-CA' });
    await screen.findByRole('table', { name: 'Résumé de la commande' }, { timeout: 8000 });
    // Intl writes a no-break space between the amount and the dollar sign in French.
    expect(document.querySelector('.fees__line td')?.textContent).toBe('29,99\u00a0$/mois');
  });
});
