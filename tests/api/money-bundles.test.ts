/**
 * POST /api/v2/applications/{id}/orders/bundles/quote (server/routes/money-bundles.ts): reseller bundles priced in
 * cents from rules/plans.json by the one pricing function, the two-screen upgrade, licences, shipping and free
 * shipping days; the quote is kept as the application's order, not created (the payment and POST .../orders follow,
 * tests/api/cards-payments-orders.test.ts); bad input is a 400 that changes nothing.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { completeCa, completeUs, startHarness, type Harness } from './harness.ts';

/** A fresh Idempotency-Key: payments require one (issue 23). */
let payKeys = 0;
const payKey = () => ({ 'idempotency-key': `pay-key-${++payKeys}` });

const plans = JSON.parse(readFileSync(new URL('../../rules/plans.json', import.meta.url), 'utf8'));
const address = { line1: '123 Main Street', city: 'Austin', state: 'TX', zip: '78701', countryCode: 'US' };
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h.close());
beforeEach(async () => h.t.reset());

async function application(doc: object = completeUs): Promise<{ cookie: string; id: string }> {
  const cookie = await h.signUp();
  const res = await h.call('POST', '/api/v2/applications', cookie, {
    application: { intent: 'CREATE_BUSINESS' },
    ...doc,
  });
  expect(res.statusCode).toBe(201);
  return { cookie, id: res.json().application.id };
}

const priceOf = (market: 'US' | 'CA', key: string) =>
  Math.round(plans.bundles[market].prices.find((p: { planKey: string }) => p.planKey === key).perUnit * 100);

/** Moves an application's start `days` back, out of (or into) the free-shipping window. */
async function startedDaysAgo(id: string, days: number): Promise<void> {
  await h.t.db.query(`UPDATE applications SET created_at = now() - make_interval(days => $2::int) WHERE id = $1`, [
    id,
    days,
  ]);
}

describe('reseller bundle quotes', () => {
  it('prices a restaurant two-screen bundle with licences and shipping, and keeps the quote on the application (not created)', async () => {
    const { cookie, id } = await application();
    await startedDaysAgo(id, plans.freeShippingDays.US + 1);
    const res = await h.call('POST', `/api/v2/applications/${id}/orders/bundles/quote`, cookie, {
      kind: 'restaurant',
      twoScreens: true,
      quantity: 2,
      licences: 1,
      address,
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json();
    const upgrade = plans.bundles.US.kinds.restaurant.upgradeKey;
    const expected = priceOf('US', upgrade) * 2 + priceOf('US', 'LICENSE') * 1;
    const shipping = Math.round(plans.shipping.US * 100);
    expect(order.totals).toEqual({
      subtotalCents: expected,
      shippingCents: shipping,
      freeShippingCents: 0,
      totalCents: expected + shipping,
    });
    expect(order.bundleQuantity).toEqual({ [upgrade]: 2, LICENSE: 1 });
    expect(order.quantity).toEqual({ license: 1, total: 2 });
    expect(order).toMatchObject({ type: 'RENT', displayBundles: true, submitted: false });
    expect(order.id).toBeUndefined();
    const doc = (await h.call('GET', `/api/v2/applications/${id}`, cookie)).json();
    expect(doc.order).toEqual(order);
    expect(doc.application.orderId).toBeUndefined();
  });

  it('a bundle quoted inside the free-shipping days ships free: the shipping shows and is taken off again', async () => {
    const { cookie, id } = await application();
    const res = await h.call('POST', `/api/v2/applications/${id}/orders/bundles/quote`, cookie, {
      kind: 'retail',
      twoScreens: false,
      quantity: 1,
      licences: 1,
      address,
    });
    const key = plans.bundles.US.kinds.retail.bundleKey;
    const subtotal = priceOf('US', key) + priceOf('US', 'LICENSE');
    const shipping = Math.round(plans.shipping.US * 100);
    expect(res.json().totals).toEqual({
      subtotalCents: subtotal,
      shippingCents: shipping,
      freeShippingCents: shipping,
      totalCents: subtotal,
    });
  });

  it('uses the one-screen bundle without the upgrade, Canadian prices in Canada, and no licence line for zero licences', async () => {
    const { cookie, id } = await application(completeCa);
    await startedDaysAgo(id, plans.freeShippingDays.CA);
    const res = await h.call('POST', `/api/v2/applications/${id}/orders/bundles/quote`, cookie, {
      kind: 'retail',
      twoScreens: false,
      quantity: 1,
      licences: 0,
      address: { line1: '500 Rue Sherbrooke', city: 'Montréal', territory: 'QC', zip: 'H9B 1Y7', countryCode: 'CA' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const key = plans.bundles.CA.kinds.retail.bundleKey;
    expect(res.json().profiles.map((p: { planKey: string }) => p.planKey)).toEqual([key]);
    expect(res.json().totals.totalCents).toBe(priceOf('CA', key) + Math.round(plans.shipping.CA * 100));
  });

  it('a quoted bundle is paid and created like any order: the API prices it again from the bundle prices', async () => {
    const { cookie, id } = await application();
    await startedDaysAgo(id, plans.freeShippingDays.US + 1);
    const quoted = (
      await h.call('POST', `/api/v2/applications/${id}/orders/bundles/quote`, cookie, {
        kind: 'retail',
        twoScreens: true,
        quantity: 1,
        licences: 2,
        address,
      })
    ).json();
    const key = plans.bundles.US.kinds.retail.upgradeKey;
    const total = priceOf('US', key) + priceOf('US', 'LICENSE') * 2 + Math.round(plans.shipping.US * 100);
    expect(quoted.totals.totalCents).toBe(total);
    const token = (
      await h.call('POST', '/sandbox/vault/cards', cookie, {
        number: '4242424242424242',
        cvv: '123',
        expiry: '12/30',
        postalCode: '12345',
      })
    ).json().token;
    const fi = (
      await h.call('POST', `/api/v2/applications/${id}/financial-instruments/credit-cards`, cookie, { token })
    ).json().financial_instrument_id;
    const paid = await h.call(
      'POST',
      `/api/v2/applications/${id}/payments`,
      cookie,
      { amount: total, financialInstrumentId: fi },
      payKey(),
    );
    expect(paid.statusCode, paid.body).toBe(201);
    const created = await h.call('POST', `/api/v2/applications/${id}/orders`, cookie, {
      paymentId: paid.json().paymentId,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      id: expect.stringMatching(/^ord_/),
      displayBundles: true,
      bundleQuantity: { [key]: 1, LICENSE: 2 },
      totals: quoted.totals,
      submitted: true,
    });
  });

  it('refuses bad input with a 400 and changes nothing: unknown kind, too many, a PO box, no session', async () => {
    const { cookie, id } = await application();
    const before = (await h.call('GET', `/api/v2/applications/${id}`, cookie)).json();
    for (const body of [
      { kind: 'bakery', twoScreens: false, quantity: 1, licences: 1, address },
      { kind: 'retail', twoScreens: false, quantity: 11, licences: 1, address },
      { kind: 'retail', twoScreens: false, quantity: 1, licences: 1, address: { ...address, line1: 'PO Box 12' } },
      { kind: 'retail', twoScreens: 'yes', quantity: 1, licences: 1, address },
    ]) {
      const res = await h.call('POST', `/api/v2/applications/${id}/orders/bundles/quote`, cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe('VALIDATION_FAILED');
    }
    expect((await h.call('GET', `/api/v2/applications/${id}`, cookie)).json()).toEqual(before);
    const anonymous = await h.call('POST', `/api/v2/applications/${id}/orders/bundles/quote`, undefined, {
      kind: 'retail',
      twoScreens: false,
      quantity: 1,
      licences: 1,
      address,
    });
    expect(anonymous.statusCode).toBe(401);
    const other = await h.signUp();
    const forbidden = await h.call('POST', `/api/v2/applications/${id}/orders/bundles/quote`, other, {
      kind: 'retail',
      twoScreens: false,
      quantity: 1,
      licences: 1,
      address,
    });
    expect(forbidden.statusCode).toBe(403);
  });
});
