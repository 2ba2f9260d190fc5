/**
 * POST /api/v2/applications/{id}/orders/bundles (server/routes/money-bundles.ts): reseller bundles priced in cents
 * from rules/plans.json, the two-screen upgrade, licences, shipping; bad input is a 400 that changes nothing.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { completeCa, completeUs, startHarness, type Harness } from './harness.ts';

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
  const res = await h.call('POST', '/api/v2/applications', cookie, { application: { intent: 'CREATE_BUSINESS' }, ...doc });
  expect(res.statusCode).toBe(201);
  return { cookie, id: res.json().application.id };
}

const priceOf = (market: 'US' | 'CA', key: string) => Math.round(plans.bundles[market].prices.find((p: { planKey: string }) => p.planKey === key).perUnit * 100);

describe('reseller bundle orders', () => {
  it('prices a restaurant two-screen bundle with licences and shipping, and keeps it on the application', async () => {
    const { cookie, id } = await application();
    const res = await h.call('POST', `/api/v2/applications/${id}/orders/bundles`, cookie, { kind: 'restaurant', twoScreens: true, quantity: 2, licences: 1, address });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    const upgrade = plans.bundles.US.kinds.restaurant.upgradeKey;
    const expected = priceOf('US', upgrade) * 2 + priceOf('US', 'LICENSE') * 1;
    expect(order.totals).toEqual({ subtotalCents: expected, shippingCents: Math.round(plans.shipping.US * 100), totalCents: expected + Math.round(plans.shipping.US * 100) });
    expect(order.bundleQuantity).toEqual({ [upgrade]: 2, LICENSE: 1 });
    expect(order.quantity).toEqual({ license: 1, total: 2 });
    const doc = (await h.call('GET', `/api/v2/applications/${id}`, cookie)).json();
    expect(doc.order.id).toBe(order.id);
    expect(doc.application.orderId).toBe(order.id);
  });

  it('uses the one-screen bundle without the upgrade, Canadian prices in Canada, and no licence line for zero licences', async () => {
    const { cookie, id } = await application(completeCa);
    const res = await h.call('POST', `/api/v2/applications/${id}/orders/bundles`, cookie, {
      kind: 'retail', twoScreens: false, quantity: 1, licences: 0, address: { line1: '500 Rue Sherbrooke', city: 'Montréal', territory: 'QC', zip: 'H9B 1Y7', countryCode: 'CA' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const key = plans.bundles.CA.kinds.retail.bundleKey;
    expect(res.json().profiles.map((p: { planKey: string }) => p.planKey)).toEqual([key]);
    expect(res.json().totals.totalCents).toBe(priceOf('CA', key) + Math.round(plans.shipping.CA * 100));
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
      const res = await h.call('POST', `/api/v2/applications/${id}/orders/bundles`, cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe('VALIDATION_FAILED');
    }
    expect((await h.call('GET', `/api/v2/applications/${id}`, cookie)).json()).toEqual(before);
    const anonymous = await h.call('POST', `/api/v2/applications/${id}/orders/bundles`, undefined, { kind: 'retail', twoScreens: false, quantity: 1, licences: 1, address });
    expect(anonymous.statusCode).toBe(401);
    const other = await h.signUp();
    const forbidden = await h.call('POST', `/api/v2/applications/${id}/orders/bundles`, other, { kind: 'retail', twoScreens: false, quantity: 1, licences: 1, address });
    expect(forbidden.statusCode).toBe(403);
  });
});
