/**
 * The checkout screen (flows/money/screens/order-card.json) as a user meets it: the fees table from the plans and the
 * order, the card entered into the vault widget (the vault gets the number, the API only the token, storage nothing),
 * and a declined card reset with its message.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationId, fakeApi, renderScreen } from './render-screen.tsx';

const plans = {
  market: 'US', currency: 'USD', shippingCents: 1500,
  plans: [{ planKey: 'n910', planName: 'N910', device: 'N910', perUnit: 30, perUnitCents: 3000, trialPeriodDays: 0, frequency: 'MONTHLY' }],
};
const applicationDoc = {
  application: { id: applicationId, decision: 'APPROVED' },
  applicant: {}, company: { currency: 'USD' }, bank: {},
  order: { id: 'ord_1', type: 'RENT', profiles: [{ planKey: 'n910', quantity: 2 }], totals: { subtotalCents: 6000, shippingCents: 1500, totalCents: 7500 } },
};
const CARD = '4242424242424242';

function api(payment: { status: number; body: unknown }) {
  return fakeApi(applicationDoc, (method, url) => {
    if (url.startsWith('/api/v2/configs/plans')) return { status: 200, body: plans };
    if (url === '/sandbox/vault/cards') return { status: 201, body: { token: `tok_${'a'.repeat(32)}`, brand: 'VISA', last4: '4242' } };
    if (url.endsWith('/credit-cards')) return { status: 201, body: { financial_instrument_id: 'fi_1', brand: 'VISA', last4: '4242' } };
    if (url.endsWith('/payments')) return payment;
    if (url.endsWith('/onboard')) return { status: 200, body: applicationDoc };
    return undefined;
  });
}

async function enterCard(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Card number'), CARD);
  await user.type(screen.getByLabelText('Expiration date (MM/YY)'), '12/39');
  await user.type(screen.getByLabelText('Security code (CVV)'), '123');
  await user.type(screen.getByLabelText('Billing ZIP code'), '78701');
  await screen.findByText('Card saved securely, ending in');
}

describe('checkout screen', () => {
  it('shows the fees in cents from the plans, and the card number goes only to the vault', async () => {
    const calls = api({ status: 201, body: { paymentId: 'pay_1', status: 'AUTHORIZED', amount: 7500 } });
    await renderScreen(`/${applicationId}/order/card`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Review and pay' }, { timeout: 8000 })).toBeInTheDocument();
    const total = await screen.findByText('$75.00', {}, { timeout: 8000 });
    expect(total.closest('tr')?.getAttribute('data-row')).toBe('total');
    const user = userEvent.setup();
    await enterCard(user);
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(calls.calls.some((c) => c.url.endsWith('/payments'))).toBe(true));
    const payment = calls.calls.find((c) => c.url.endsWith('/payments'))!;
    expect(payment.body).toEqual({ amount: 7500, financialInstrumentId: 'fi_1' });
    const withNumber = calls.calls.filter((c) => JSON.stringify(c).includes(CARD));
    expect(withNumber.map((c) => c.url)).toEqual(['/sandbox/vault/cards']);
    expect(JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage })).not.toContain(CARD);
  });

  it('a declined card is reset and the declined message stays on the card', async () => {
    const declined = 'Your selected payment method was declined by bank. Please use another one.';
    api({ status: 402, body: { error: 'PAYMENT_DECLINED', message: declined, details: [{ field: '/financialInstrumentId', key: 'errors.paymentDeclined', description: declined }] } });
    await renderScreen(`/${applicationId}/order/card`);
    await screen.findByText('$75.00', {}, { timeout: 8000 });
    const user = userEvent.setup();
    await enterCard(user);
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(document.querySelector('.card-entry__notice')?.textContent).toBe(declined));
    expect(screen.getByLabelText('Card number')).toHaveValue('');
    expect(screen.getByRole('heading', { level: 1, name: 'Review and pay' })).toBeInTheDocument();
  });

  it('a zero total (a trial month) files the card for the monthly billing and authorises no payment', async () => {
    const free = { ...applicationDoc, order: { ...applicationDoc.order, totals: { subtotalCents: 0, shippingCents: 0, totalCents: 0 } } };
    const calls = fakeApi(free, (method, url) => {
      if (url.startsWith('/api/v2/configs/plans')) return { status: 200, body: plans };
      if (url === '/sandbox/vault/cards') return { status: 201, body: { token: `tok_${'a'.repeat(32)}`, brand: 'VISA', last4: '4242' } };
      if (url.endsWith('/credit-cards')) return { status: 201, body: { financial_instrument_id: 'fi_1', brand: 'VISA', last4: '4242' } };
      if (url.endsWith('/payments')) return { status: 400, body: { message: 'not the order total' } };
      if (url.endsWith('/onboard')) return { status: 200, body: free };
      return undefined;
    });
    await renderScreen(`/${applicationId}/order/card`);
    await screen.findByRole('heading', { level: 1, name: 'Review and pay' }, { timeout: 8000 });
    const user = userEvent.setup();
    await enterCard(user);
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(calls.calls.some((c) => c.url.endsWith('/onboard'))).toBe(true));
    expect(calls.calls.some((c) => c.url.endsWith('/credit-cards'))).toBe(true);
    expect(calls.calls.filter((c) => c.url.endsWith('/payments'))).toEqual([]);
  });
});
