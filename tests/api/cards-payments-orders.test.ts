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

describe('payments', () => {
  async function withCard(number = card.number) {
    const { id, cookie } = await application();
    const token = (await vaultCard(cookie, number)).json().token;
    const fi = (await h.call('POST', `/api/v2/applications/${id}/financial-instruments/credit-cards`, cookie, { primary: false, token })).json().financial_instrument_id;
    return { id, cookie, fi };
  }

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
