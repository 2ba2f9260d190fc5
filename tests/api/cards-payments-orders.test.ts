import { Writable } from 'node:stream';
import { findApplication } from '../../server/storage/applications.ts';
import { listPayments } from '../../server/storage/payments.ts';
import { completeCa, completeUs, startHarness, type Harness } from './harness.ts';

class LogCapture extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.text += chunk.toString('utf8');
    done();
  }
}
const logs = new LogCapture();
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ logLevel: 'trace', logStream: logs });
});
afterAll(async () => h?.close());
beforeEach(async () => h.t.reset());

const card = { number: '4242424242424242', cvv: '123', expiry: '12/30', postalCode: '12345' };

async function application(body: object = completeUs) {
  const cookie = await h.signUp();
  const id = (await h.call('POST', '/api/v2/applications', cookie, body)).json().application.id as string;
  return { id, cookie };
}

async function vaultCard(cookie: string, number = card.number) {
  const res = await h.call('POST', '/sandbox/vault/cards', cookie, { ...card, number });
  return res;
}

describe('card vault and credit-card tokens', () => {
  it('the vault takes the card and answers a token; the API files the token and never sees the number', async () => {
    const { id, cookie } = await application();
    const vaulted = await vaultCard(cookie);
    expect(vaulted.statusCode).toBe(201);
    expect(vaulted.json()).toEqual({ token: expect.stringMatching(/^tok_/), brand: expect.any(String), last4: '4242' });
    const res = await h.call('POST', `/api/v2/applications/${id}/financial-instruments/credit-cards`, cookie, { primary: false, token: vaulted.json().token });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ financial_instrument_id: expect.stringMatching(/^fi_/), brand: vaulted.json().brand, last4: '4242' });
    const stored = JSON.stringify((await findApplication(h.t.db, id))!.document);
    expect(stored).not.toContain(card.number);
    const { rows } = await h.t.db.query('SELECT * FROM vault_cards');
    expect(JSON.stringify(rows)).not.toContain(card.number);
    expect(JSON.stringify(rows)).not.toContain('"123"');
    expect(logs.text).not.toContain(card.number);
  });

  it('the vault refuses bad card fields with 400 naming each field, and stores nothing', async () => {
    const { cookie } = await application();
    const res = await h.call('POST', '/sandbox/vault/cards', cookie, { number: '4242424242424241', cvv: '12', expiry: '13/30', postalCode: '1234' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field).sort()).toEqual(['/cvv', '/expiry', '/number', '/postalCode']);
    expect((await h.t.db.query('SELECT 1 FROM vault_cards')).rows).toEqual([]);
  });

  it('sandbox trigger: card 4000000000000119 is refused by the vault (503, card save message)', async () => {
    const { cookie } = await application();
    const res = await vaultCard(cookie, '4000000000000119');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: 'SERVICE_UNAVAILABLE', message: 'Service temporarily unavailable. Please try again later.' });
  });

  it('refuses an unknown token (400 /token), other users (403) and anonymous callers (401)', async () => {
    const { id, cookie } = await application();
    const unknown = await h.call('POST', `/api/v2/applications/${id}/financial-instruments/credit-cards`, cookie, { token: 'tok_doesnotexist00' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0]).toMatchObject({ field: '/token', key: 'errors.cardTokenUnknown' });
    const stranger = await h.signUp();
    const token = (await vaultCard(stranger)).json().token;
    expect((await h.call('POST', `/api/v2/applications/${id}/financial-instruments/credit-cards`, stranger, { token })).statusCode).toBe(403);
    expect((await h.app.inject({ method: 'POST', url: '/sandbox/vault/cards', payload: card })).statusCode).toBe(401);
  });
});

const shipTo = { line1: '123 Main Street', city: 'Springfield', state: 'IL', zip: '62701', countryCode: 'US' };

describe('payments', () => {
  /** An application with a filed card and, unless `order` is false, an order of one n910 rental (30.00 + 15.00 shipping). */
  async function withCard(number = card.number, order = true) {
    const { id, cookie } = await application();
    let orderId = '';
    if (order) {
      const created = await h.call('POST', `/api/v2/applications/${id}/orders`, cookie, { address: shipTo, profiles: [{ planKey: 'n910', quantity: 1 }] });
      expect(created.json().totals.totalCents).toBe(4500);
      orderId = created.json().id;
    }
    const token = (await vaultCard(cookie, number)).json().token;
    const fi = (await h.call('POST', `/api/v2/applications/${id}/financial-instruments/credit-cards`, cookie, { primary: false, token })).json().financial_instrument_id;
    return { id, cookie, fi, orderId };
  }

  async function paymentRows(): Promise<number> {
    return ((await h.t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments')).rows[0]!).n;
  }

  it('refuses an amount other than the order total to the cent (400 /amount, localised), records nothing', async () => {
    const { id, cookie, fi } = await withCard();
    for (const amount of [4499, 4501, 450000, 1]) {
      const res = await h.call('POST', `/api/v2/applications/${id}/payments`, cookie, { amount, financialInstrumentId: fi }, { 'idempotency-key': `pay-${amount}` });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().details).toEqual([
        { field: '/amount', key: 'errors.paymentAmountMismatch', description: 'The amount does not match your order total. Please review your order and try again.' },
      ]);
    }
    const french = await h.call('POST', `/api/v2/applications/${id}/payments`, cookie, { amount: 4400, financialInstrumentId: fi }, { 'accept-language': 'fr-CA' });
    expect(french.json().details[0].description).toBe('Le montant ne correspond pas au total de votre commande. Veuillez vérifier votre commande et réessayer.');
    expect(await listPayments(h.t.db, id)).toEqual([]);
    expect(await paymentRows()).toBe(0);
  });

  it('refuses a payment when the application has no order yet (409 errors.orderMissing), records nothing', async () => {
    const { id, cookie, fi } = await withCard(card.number, false);
    const res = await h.call('POST', `/api/v2/applications/${id}/payments`, cookie, { amount: 4500, financialInstrumentId: fi });
    expect(res.statusCode).toBe(409);
    expect(res.json().details[0]).toMatchObject({ field: '/amount', key: 'errors.orderMissing', description: 'Please choose your order before paying.' });
    expect(await paymentRows()).toBe(0);
  });

  it("orderId must be the application's own order: another user's or an unknown order is 400 /orderId", async () => {
    const mine = await withCard();
    const theirs = await withCard();
    for (const orderId of [theirs.orderId, 'ord_00000000-0000-0000']) {
      const res = await h.call('POST', `/api/v2/applications/${mine.id}/payments`, mine.cookie, { amount: 4500, financialInstrumentId: mine.fi, orderId });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0]).toMatchObject({ field: '/orderId', key: 'errors.orderUnknown', description: 'This order is not on the application. Please review your order again.' });
    }
    expect(await paymentRows()).toBe(0);
    // The other user's application is not reachable at all with its own order id.
    const cross = await h.call('POST', `/api/v2/applications/${theirs.id}/payments`, mine.cookie, { amount: 4500, financialInstrumentId: mine.fi, orderId: theirs.orderId });
    expect(cross.statusCode).toBe(403);
    expect(await paymentRows()).toBe(0);
    const ok = await h.call('POST', `/api/v2/applications/${mine.id}/payments`, mine.cookie, { amount: 4500, financialInstrumentId: mine.fi, orderId: mine.orderId });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ status: 'AUTHORIZED', amount: 4500 });
  });

  it('follows the order when it changes: the old total is refused, the new one authorised; a zero total takes no payment', async () => {
    const { id, cookie, fi } = await withCard();
    const bigger = (await h.call('POST', `/api/v2/applications/${id}/orders`, cookie, { address: shipTo, profiles: [{ planKey: 'n910', quantity: 3 }] })).json();
    expect(bigger.totals.totalCents).toBe(3 * 3000 + 1500);
    expect((await h.call('POST', `/api/v2/applications/${id}/payments`, cookie, { amount: 4500, financialInstrumentId: fi })).statusCode).toBe(400);
    const paid = await h.call('POST', `/api/v2/applications/${id}/payments`, cookie, { amount: bigger.totals.totalCents, financialInstrumentId: fi });
    expect(paid.statusCode).toBe(201);
    expect(paid.json().amount).toBe(10500);
    const none = (await h.call('POST', `/api/v2/applications/${id}/orders`, cookie, { address: shipTo, profiles: [{ planKey: 'noDevice', quantity: 1 }] })).json();
    expect(none.totals.totalCents).toBe(0);
    const res = await h.call('POST', `/api/v2/applications/${id}/payments`, cookie, { amount: 1, financialInstrumentId: fi });
    expect(res.json().details[0]).toMatchObject({ field: '/amount', key: 'errors.paymentAmountMismatch' });
    expect(await listPayments(h.t.db, id)).toHaveLength(1);
  });

  it('authorises an amount in cents once per idempotency key', async () => {
    const { id, cookie, fi } = await withCard();
    const first = await h.call('POST', `/api/v2/applications/${id}/payments`, cookie, { amount: 4500, financialInstrumentId: fi }, { 'idempotency-key': 'pay-1' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ paymentId: expect.stringMatching(/^pay_/), status: 'AUTHORIZED', amount: 4500 });
    const retry = await h.call('POST', `/api/v2/applications/${id}/payments`, cookie, { amount: 4500, financialInstrumentId: fi }, { 'idempotency-key': 'pay-1' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().paymentId).toBe(first.json().paymentId);
    expect(await listPayments(h.t.db, id)).toHaveLength(1);
  });

  it('sandbox trigger: card 4000000000000002 is declined (402, payment declined message), nothing recorded', async () => {
    const { id, cookie, fi } = await withCard('4000000000000002');
    const res = await h.call('POST', `/api/v2/applications/${id}/payments`, cookie, { amount: 4500, financialInstrumentId: fi });
    expect(res.statusCode).toBe(402);
    expect(res.json().details[0]).toMatchObject({ key: 'errors.paymentDeclined', description: 'Your selected payment method was declined by bank. Please use another one.' });
    expect(await listPayments(h.t.db, id)).toEqual([]);
  });

  it('refuses dollars instead of cents, an unknown instrument, and other users', async () => {
    const { id, cookie, fi } = await withCard();
    const dollars = await h.call('POST', `/api/v2/applications/${id}/payments`, cookie, { amount: 45.5, financialInstrumentId: fi });
    expect(dollars.statusCode).toBe(400);
    expect(dollars.json().details[0].field).toBe('/amount');
    const other = await h.call('POST', `/api/v2/applications/${id}/payments`, cookie, { amount: 100, financialInstrumentId: 'fi_00000000-0000' });
    expect(other.json().details[0]).toMatchObject({ field: '/financialInstrumentId', key: 'errors.instrumentUnknown' });
    const stranger = await h.signUp();
    expect((await h.call('POST', `/api/v2/applications/${id}/payments`, stranger, { amount: 100, financialInstrumentId: fi })).statusCode).toBe(403);
    expect(await listPayments(h.t.db, id)).toEqual([]);
  });
});

describe('orders', () => {
  const address = { line1: '123 Main Street', city: 'Springfield', state: 'IL', zip: '62701', countryCode: 'US' };

  it('prices a rental order from the plans in cents, with shipping, and reads it back', async () => {
    const { id, cookie } = await application();
    const res = await h.call('POST', `/api/v2/applications/${id}/orders`, cookie, { address, profiles: [{ planKey: 'n910', quantity: 2 }], feeProfiles: [] });
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({ type: 'RENT', totals: { subtotalCents: 6000, shippingCents: 1500, totalCents: 7500 } });
    expect((await h.call('GET', `/api/v2/applications/${id}/orders/${order.id}`, cookie)).json()).toEqual(order);
    expect((await h.call('GET', `/api/v2/applications/${id}`, cookie)).json().application.orderId).toBe(order.id);
  });

  it('a trial device has no upfront charge; no device has no shipping; Canada uses its own prices', async () => {
    const us = await application();
    const trial = (await h.call('POST', `/api/v2/applications/${us.id}/orders`, us.cookie, { address, profiles: [{ planKey: 'poyntC', quantity: 1 }] })).json();
    expect(trial.totals.subtotalCents).toBe(0);
    const none = (await h.call('POST', `/api/v2/applications/${us.id}/orders`, us.cookie, { address, profiles: [{ planKey: 'noDevice', quantity: 1 }] })).json();
    expect(none).toMatchObject({ type: 'NO_DEVICE', totals: { totalCents: 0 } });
    const ca = await application(completeCa);
    const caAddress = { line1: '500 Rue Sherbrooke', city: 'Montréal', territory: 'QC', zip: 'H9B 1Y7', countryCode: 'CA' };
    const buy = (await h.call('POST', `/api/v2/applications/${ca.id}/orders`, ca.cookie, { address: caAddress, profiles: [{ planKey: 'buy', quantity: 1 }] })).json();
    expect(buy).toMatchObject({ type: 'BUY', totals: { subtotalCents: 34900, shippingCents: 2000 } });
  });

  it('refuses a PO box shipping address and a bad quantity, naming the field; nothing stored', async () => {
    const { id, cookie } = await application();
    const poBox = await h.call('POST', `/api/v2/applications/${id}/orders`, cookie, { address: { ...address, line1: 'PO Box 123' }, profiles: [{ planKey: 'n910', quantity: 1 }] });
    expect(poBox.statusCode).toBe(400);
    expect(poBox.json().details[0].field).toBe('/address/line1');
    const quantity = await h.call('POST', `/api/v2/applications/${id}/orders`, cookie, { address, profiles: [{ planKey: 'n910', quantity: 0 }] });
    expect(quantity.json().details[0].field).toBe('/profiles/0/quantity');
    expect((await findApplication<{ order: object }>(h.t.db, id))!.document.order).toEqual({});
  });

  it('answers 403 to another user, 404 for an order of another id', async () => {
    const { id, cookie } = await application();
    const order = (await h.call('POST', `/api/v2/applications/${id}/orders`, cookie, { address, profiles: [{ planKey: 'n910', quantity: 1 }] })).json();
    const stranger = await h.signUp();
    expect((await h.call('GET', `/api/v2/applications/${id}/orders/${order.id}`, stranger)).statusCode).toBe(403);
    expect((await h.call('POST', `/api/v2/applications/${id}/orders`, stranger, { address, profiles: [{ planKey: 'n910', quantity: 1 }] })).statusCode).toBe(403);
    expect((await h.call('GET', `/api/v2/applications/${id}/orders/ord_00000000-0000`, cookie)).statusCode).toBe(404);
  });
});
