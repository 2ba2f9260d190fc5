import { readFileSync } from 'node:fs';
import { findApplication } from '../../server/storage/applications.ts';
import { findPayment, listPayments } from '../../server/storage/payments.ts';
import { completeCa, completeUs, type Harness, LogCapture, startHarness } from './harness.ts';

/** A fresh Idempotency-Key: payments require one (issue 23). */
let payKeys = 0;
const payKey = () => ({ 'idempotency-key': `pay-key-${++payKeys}` });
/** POSTs a payment of `amount` cents with card `fi`, under a fresh Idempotency-Key unless `headers` are given. */
const pay = (id: string, cookie: string, amount: number, fi: string, headers: Record<string, string> = payKey()) =>
  h.call('POST', `/api/v2/applications/${id}/payments`, cookie, { amount, financialInstrumentId: fi }, headers);

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
    const res = await h.call('POST', `/api/v2/applications/${id}/financial-instruments/credit-cards`, cookie, {
      primary: false,
      token: vaulted.json().token,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      financial_instrument_id: expect.stringMatching(/^fi_/),
      brand: vaulted.json().brand,
      last4: '4242',
    });
    const stored = JSON.stringify((await findApplication(h.t.db, id))!.document);
    expect(stored).not.toContain(card.number);
    const { rows } = await h.t.db.query('SELECT * FROM vault_cards');
    expect(JSON.stringify(rows)).not.toContain(card.number);
    expect(JSON.stringify(rows)).not.toContain('"123"');
    expect(logs.text).not.toContain(card.number);
  });

  it('the vault refuses bad card fields with 400 naming each field, and stores nothing', async () => {
    const { cookie } = await application();
    const res = await h.call('POST', '/sandbox/vault/cards', cookie, {
      number: '4242424242424241',
      cvv: '12',
      expiry: '13/30',
      postalCode: '1234',
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['/cvv', '/expiry', '/number', '/postalCode']);
    expect((await h.t.db.query('SELECT 1 FROM vault_cards')).rows).toEqual([]);
  });

  it('sandbox trigger: card 4000000000000119 is refused by the vault (503, card save message)', async () => {
    const { cookie } = await application();
    const res = await vaultCard(cookie, '4000000000000119');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      error: 'SERVICE_UNAVAILABLE',
      message: 'Service temporarily unavailable. Please try again later.',
    });
  });

  it('refuses an unknown token (400 /token), other users (403) and anonymous callers (401)', async () => {
    const { id, cookie } = await application();
    const unknown = await h.call('POST', `/api/v2/applications/${id}/financial-instruments/credit-cards`, cookie, {
      token: 'tok_doesnotexist00',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0]).toMatchObject({ field: '/token', key: 'errors.cardTokenUnknown' });
    const stranger = await h.signUp();
    const token = (await vaultCard(stranger)).json().token;
    expect(
      (await h.call('POST', `/api/v2/applications/${id}/financial-instruments/credit-cards`, stranger, { token }))
        .statusCode,
    ).toBe(403);
    expect((await h.app.inject({ method: 'POST', url: '/sandbox/vault/cards', payload: card })).statusCode).toBe(401);
  });
});

const shipTo = { line1: '123 Main Street', city: 'Springfield', state: 'IL', zip: '62701', countryCode: 'US' };
const plans = JSON.parse(readFileSync(new URL('../../rules/plans.json', import.meta.url), 'utf8')) as {
  freeShippingDays: Record<'US' | 'CA', number>;
};

/** Moves an application's start `days` back (the free-shipping window counts from it, rules/plans.json). */
async function startedDaysAgo(id: string, days: number): Promise<void> {
  await h.t.db.query('UPDATE applications SET created_at = now() - make_interval(days => $2::int) WHERE id = $1', [
    id,
    days,
  ]);
}

/** Quotes an order (POST .../orders/quote): priced, kept on the application, not created. */
function quote(
  id: string,
  cookie: string,
  profiles: Array<{ planKey: string; quantity: number }>,
  address: object = shipTo,
  headers: Record<string, string> = {},
) {
  return h.call('POST', `/api/v2/applications/${id}/orders/quote`, cookie, { address, profiles }, headers);
}

/** An application out of the free-shipping window with a filed card and, unless `order` is false, a quote of one n910 rental (30.00 + 15.00 shipping). */
async function withCard(number = card.number, order = true) {
  const { id, cookie } = await application();
  await startedDaysAgo(id, plans.freeShippingDays.US + 1);
  if (order) expect((await quote(id, cookie, [{ planKey: 'n910', quantity: 1 }])).json().totals.totalCents).toBe(4500);
  const token = (await vaultCard(cookie, number)).json().token;
  const fi = (
    await h.call('POST', `/api/v2/applications/${id}/financial-instruments/credit-cards`, cookie, {
      primary: false,
      token,
    })
  ).json().financial_instrument_id;
  return { id, cookie, fi };
}

async function paymentRows(): Promise<number> {
  return (await h.t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments')).rows[0]!.n;
}

async function storedOrder(id: string) {
  return (await findApplication<{ order: Record<string, unknown>; application: Record<string, unknown> }>(h.t.db, id))!
    .document;
}

describe('payments (doc1 §4.9: the payment comes before the order is created)', () => {
  it('refuses an amount other than the quoted total to the cent (400 /amount, localised), records nothing', async () => {
    const { id, cookie, fi } = await withCard();
    for (const amount of [4499, 4501, 450000, 1]) {
      const res = await h.call(
        'POST',
        `/api/v2/applications/${id}/payments`,
        cookie,
        { amount, financialInstrumentId: fi },
        { 'idempotency-key': `pay-${amount}` },
      );
      expect(res.statusCode, String(amount)).toBe(400);
      expect(res.json().details).toEqual([
        {
          field: '/amount',
          key: 'errors.paymentAmountMismatch',
          description: 'The amount does not match your order total. Please review your order and try again.',
        },
      ]);
    }
    const french = await pay(id, cookie, 4400, fi, { 'accept-language': 'fr-CA', ...payKey() });
    expect(french.json().details[0].description).toBe(
      'Le montant ne correspond pas au total de votre commande. Veuillez vérifier votre commande et réessayer.',
    );
    expect(await listPayments(h.t.db, id)).toEqual([]);
    expect(await paymentRows()).toBe(0);
  });

  it('refuses a payment when nothing is quoted yet (409 errors.orderMissing), records nothing', async () => {
    const { id, cookie, fi } = await withCard(card.number, false);
    const res = await pay(id, cookie, 4500, fi);
    expect(res.statusCode).toBe(409);
    expect(res.json().details[0]).toMatchObject({
      field: '/order',
      key: 'errors.orderMissing',
      description: 'Please choose your order before paying.',
    });
    expect(await paymentRows()).toBe(0);
  });

  it('follows the quote when it changes: the old total is refused, the new one authorised; a zero total takes no payment', async () => {
    const { id, cookie, fi } = await withCard();
    const bigger = (await quote(id, cookie, [{ planKey: 'n910', quantity: 3 }])).json();
    expect(bigger.totals.totalCents).toBe(3 * 3000 + 1500);
    expect((await pay(id, cookie, 4500, fi)).statusCode).toBe(400);
    const paid = await pay(id, cookie, bigger.totals.totalCents, fi);
    expect(paid.statusCode).toBe(201);
    expect(paid.json().amount).toBe(10500);
    const none = (await quote(id, cookie, [{ planKey: 'noDevice', quantity: 1 }])).json();
    expect(none.totals.totalCents).toBe(0);
    const res = await pay(id, cookie, 1, fi);
    expect(res.json().details[0]).toMatchObject({ field: '/amount', key: 'errors.paymentAmountMismatch' });
    expect(await listPayments(h.t.db, id)).toHaveLength(1);
  });

  it('the stored totals are not trusted: the API prices the quote again (a total edited in the database is refused)', async () => {
    const { id, cookie, fi } = await withCard();
    await h.t.db.query(
      `UPDATE applications SET document = jsonb_set(document, '{order,totals,totalCents}', '1') WHERE id = $1`,
      [id],
    );
    const res = await pay(id, cookie, 1, fi);
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toMatchObject({ field: '/amount', key: 'errors.paymentAmountMismatch' });
    expect(await paymentRows()).toBe(0);
  });

  it('authorises an amount in cents once per idempotency key', async () => {
    const { id, cookie, fi } = await withCard();
    const first = await pay(id, cookie, 4500, fi, { 'idempotency-key': 'pay-1' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ paymentId: expect.stringMatching(/^pay_/), status: 'AUTHORIZED', amount: 4500 });
    const retry = await pay(id, cookie, 4500, fi, { 'idempotency-key': 'pay-1' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().paymentId).toBe(first.json().paymentId);
    expect(await listPayments(h.t.db, id)).toHaveLength(1);
  });

  it('sandbox trigger: card 4000000000000002 is declined (402, payment declined message); no payment and NO order', async () => {
    const { id, cookie, fi } = await withCard('4000000000000002');
    const before = await storedOrder(id);
    const res = await pay(id, cookie, 4500, fi);
    expect(res.statusCode).toBe(402);
    expect(res.json().details[0]).toMatchObject({
      field: '/financialInstrumentId',
      key: 'errors.paymentDeclined',
      description: 'Your selected payment method was declined by bank. Please use another one.',
    });
    expect(await listPayments(h.t.db, id)).toEqual([]);
    const doc = (await h.call('GET', `/api/v2/applications/${id}`, cookie)).json();
    expect(doc.order.id).toBeUndefined();
    expect(doc.order.submitted).toBe(false);
    expect(doc.application.orderId).toBeUndefined();
    expect(await storedOrder(id)).toEqual(before);
    // Without a payment no order can be created for this total either.
    const create = await h.call('POST', `/api/v2/applications/${id}/orders`, cookie, {});
    expect(create.statusCode).toBe(400);
    expect(create.json().details[0]).toMatchObject({ field: '/paymentId', key: 'errors.paymentRequired' });
  });

  it('refuses dollars instead of cents, an unknown instrument, and other users', async () => {
    const { id, cookie, fi } = await withCard();
    const dollars = await pay(id, cookie, 45.5, fi);
    expect(dollars.statusCode).toBe(400);
    expect(dollars.json().details[0].field).toBe('/amount');
    const other = await h.call(
      'POST',
      `/api/v2/applications/${id}/payments`,
      cookie,
      { amount: 100, financialInstrumentId: 'fi_00000000-0000' },
      payKey(),
    );
    expect(other.json().details[0]).toMatchObject({ field: '/financialInstrumentId', key: 'errors.instrumentUnknown' });
    const stranger = await h.signUp();
    expect((await pay(id, stranger, 100, fi)).statusCode).toBe(403);
    expect(await listPayments(h.t.db, id)).toEqual([]);
  });
});

describe('the sequence: quote, payment, order create (doc1 §4.9)', () => {
  it('quotes without creating, authorises the quoted total, creates the order naming the payment, and a retry creates nothing new', async () => {
    const { id, cookie, fi } = await withCard();
    const quoted = (await quote(id, cookie, [{ planKey: 'n910', quantity: 2 }])).json();
    expect(quoted).toMatchObject({
      type: 'RENT',
      submitted: false,
      totals: { subtotalCents: 6000, shippingCents: 1500, freeShippingCents: 0, totalCents: 7500 },
    });
    expect(quoted.id).toBeUndefined();
    expect((await storedOrder(id)).application.orderId).toBeUndefined();
    const paid = (await pay(id, cookie, 7500, fi, { 'idempotency-key': 'k-pay' })).json();
    const created = await h.call(
      'POST',
      `/api/v2/applications/${id}/orders`,
      cookie,
      { paymentId: paid.paymentId },
      { 'idempotency-key': 'k-order' },
    );
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json();
    expect(order).toMatchObject({
      id: expect.stringMatching(/^ord_/),
      paymentId: paid.paymentId,
      submitted: true,
      totals: quoted.totals,
      address: shipTo,
    });
    expect((await findPayment(h.t.db, paid.paymentId))!.orderId).toBe(order.id);
    expect((await h.call('GET', `/api/v2/applications/${id}/orders/${order.id}`, cookie)).json()).toEqual(order);
    expect((await h.call('GET', `/api/v2/applications/${id}`, cookie)).json().application.orderId).toBe(order.id);
    // Retries (same idempotency keys) answer the same payment and the same order.
    const payAgain = await pay(id, cookie, 7500, fi, { 'idempotency-key': 'k-pay' });
    expect(payAgain.statusCode).toBe(200);
    expect(payAgain.json().paymentId).toBe(paid.paymentId);
    const again = await h.call(
      'POST',
      `/api/v2/applications/${id}/orders`,
      cookie,
      { paymentId: paid.paymentId },
      { 'idempotency-key': 'k-order' },
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(order);
    expect(await listPayments(h.t.db, id)).toHaveLength(1);
    // Once created, the order takes no new quote, no new payment and no second create (409, nothing changed).
    const requote = await quote(id, cookie, [{ planKey: 'n910', quantity: 1 }]);
    expect(requote.statusCode).toBe(409);
    expect(requote.json().details[0]).toMatchObject({
      key: 'errors.orderAlreadyCreated',
      description: 'Your order has already been placed.',
    });
    expect((await pay(id, cookie, 7500, fi)).json().details[0].key).toBe('errors.orderAlreadyCreated');
    expect((await h.call('POST', `/api/v2/applications/${id}/orders`, cookie, {})).statusCode).toBe(409);
    expect((await storedOrder(id)).order).toEqual(order);
  });

  it('refuses an order whose payment does not fit, naming the problem, and changes nothing', async () => {
    const mine = await withCard();
    const theirs = await withCard();
    const theirPayment = (
      await h.call(
        'POST',
        `/api/v2/applications/${theirs.id}/payments`,
        theirs.cookie,
        { amount: 4500, financialInstrumentId: theirs.fi },
        payKey(),
      )
    ).json().paymentId;
    const myPayment = (
      await h.call(
        'POST',
        `/api/v2/applications/${mine.id}/payments`,
        mine.cookie,
        { amount: 4500, financialInstrumentId: mine.fi },
        payKey(),
      )
    ).json().paymentId;
    const before = await storedOrder(mine.id);
    const create = (body: object) => h.call('POST', `/api/v2/applications/${mine.id}/orders`, mine.cookie, body);

    const none = await create({});
    expect(none.statusCode).toBe(400);
    expect(none.json().details[0]).toMatchObject({
      field: '/paymentId',
      key: 'errors.paymentRequired',
      description: 'Please pay for your order before it is placed.',
    });
    for (const paymentId of [theirPayment, 'pay_00000000-0000-0000']) {
      const res = await create({ paymentId });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0]).toMatchObject({
        field: '/paymentId',
        key: 'errors.paymentUnknown',
        description: 'This payment is not on the application. Please pay again.',
      });
    }
    // The quote changed after paying: the payment no longer equals the order's total.
    await quote(mine.id, mine.cookie, [{ planKey: 'n910', quantity: 2 }]);
    const mismatch = await create({ paymentId: myPayment });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().details[0]).toMatchObject({ field: '/paymentId', key: 'errors.paymentAmountMismatch' });
    await quote(mine.id, mine.cookie, [{ planKey: 'n910', quantity: 1 }]);
    // A payment that already paid for an order pays for no other (the guard holds whatever the document says).
    await h.t.db.query(`UPDATE payments SET order_id = 'ord_elsewhere-0000' WHERE id = $1`, [myPayment]);
    const used = await create({ paymentId: myPayment });
    expect(used.statusCode).toBe(409);
    expect(used.json().details[0]).toMatchObject({
      field: '/paymentId',
      key: 'errors.paymentUsed',
      description: 'This payment has already paid for an order. Please pay again.',
    });
    const french = await h.call(
      'POST',
      `/api/v2/applications/${mine.id}/orders`,
      mine.cookie,
      { paymentId: myPayment },
      { 'accept-language': 'fr-CA' },
    );
    expect(french.json().details[0].description).toBe(
      'Ce paiement a déjà réglé une commande. Veuillez payer de nouveau.',
    );
    expect(
      (await h.call('POST', `/api/v2/applications/${mine.id}/orders`, theirs.cookie, { paymentId: theirPayment }))
        .statusCode,
    ).toBe(403);

    expect(await storedOrder(mine.id)).toEqual(before);
    expect((await findPayment(h.t.db, theirPayment))!.orderId).toBeNull();
    const fresh = await h.call(
      'POST',
      `/api/v2/applications/${mine.id}/payments`,
      mine.cookie,
      { amount: 4500, financialInstrumentId: mine.fi },
      payKey(),
    );
    expect((await create({ paymentId: fresh.json().paymentId })).statusCode).toBe(201);
  });

  it('a zero total (a trial device inside the free-shipping days) needs no payment', async () => {
    const { id, cookie } = await application();
    const quoted = (await quote(id, cookie, [{ planKey: 'poyntC', quantity: 1 }])).json();
    expect(quoted.totals).toEqual({ subtotalCents: 0, shippingCents: 1500, freeShippingCents: 1500, totalCents: 0 });
    const created = await h.call('POST', `/api/v2/applications/${id}/orders`, cookie, { paymentId: null });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().paymentId).toBeUndefined();
    const retry = await h.call('POST', `/api/v2/applications/${id}/orders`, cookie, {});
    expect(retry.statusCode).toBe(200);
    expect(retry.json().id).toBe(created.json().id);
    expect(await paymentRows()).toBe(0);
  });
});

describe('quotes', () => {
  const address = shipTo;

  it('prices a rental from the plans in cents with shipping; inside the free-shipping days the shipping is taken off again', async () => {
    const { id, cookie } = await application();
    const fresh = await quote(id, cookie, [{ planKey: 'n910', quantity: 2 }]);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({
      type: 'RENT',
      totals: { subtotalCents: 6000, shippingCents: 1500, freeShippingCents: 1500, totalCents: 6000 },
    });
    await startedDaysAgo(id, plans.freeShippingDays.US - 1);
    expect((await quote(id, cookie, [{ planKey: 'n910', quantity: 2 }])).json().totals.freeShippingCents).toBe(1500);
    await startedDaysAgo(id, plans.freeShippingDays.US);
    expect((await quote(id, cookie, [{ planKey: 'n910', quantity: 2 }])).json().totals).toEqual({
      subtotalCents: 6000,
      shippingCents: 1500,
      freeShippingCents: 0,
      totalCents: 7500,
    });
  });

  it('a trial device has no upfront charge; no device has no shipping; Canada uses its own prices', async () => {
    const us = await application();
    await startedDaysAgo(us.id, 365);
    const trial = (await quote(us.id, us.cookie, [{ planKey: 'poyntC', quantity: 1 }])).json();
    expect(trial.totals).toEqual({ subtotalCents: 0, shippingCents: 1500, freeShippingCents: 0, totalCents: 1500 });
    const none = (await quote(us.id, us.cookie, [{ planKey: 'noDevice', quantity: 1 }])).json();
    expect(none).toMatchObject({
      type: 'NO_DEVICE',
      totals: { shippingCents: 0, freeShippingCents: 0, totalCents: 0 },
    });
    const ca = await application(completeCa);
    await startedDaysAgo(ca.id, 365);
    const caAddress = {
      line1: '500 Rue Sherbrooke',
      city: 'Montréal',
      territory: 'QC',
      zip: 'H9B 1Y7',
      countryCode: 'CA',
    };
    const buy = (await quote(ca.id, ca.cookie, [{ planKey: 'buy', quantity: 1 }], caAddress)).json();
    expect(buy).toMatchObject({
      type: 'BUY',
      totals: { subtotalCents: 34900, shippingCents: 2000, totalCents: 36900 },
    });
  });

  it('no device needs no address and replaces an earlier device quote; a device without an address is refused (400 /address), nothing stored', async () => {
    const { id, cookie } = await application();
    expect((await quote(id, cookie, [{ planKey: 'buy', quantity: 1 }])).json()).toMatchObject({
      type: 'BUY',
      address: { line1: shipTo.line1 },
    });
    const none = await h.call('POST', `/api/v2/applications/${id}/orders/quote`, cookie, {
      type: 'NO_DEVICE',
      profiles: [{ planKey: 'noDevice', quantity: 1 }],
    });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ type: 'NO_DEVICE', submitted: false, totals: { totalCents: 0 } });
    expect(none.json().address).toBeUndefined();
    const stored = (await storedOrder(id)).order as Record<string, unknown>;
    expect(stored).toMatchObject({ type: 'NO_DEVICE' });
    expect(stored.address).toBeUndefined();
    const device = await h.call('POST', `/api/v2/applications/${id}/orders/quote`, cookie, {
      profiles: [{ planKey: 'n910', quantity: 1 }],
    });
    expect(device.statusCode).toBe(400);
    expect(device.json().details).toEqual([expect.objectContaining({ field: '/address', key: 'validation.required' })]);
    expect((await storedOrder(id)).order).toEqual(stored);
  });

  it('refuses a PO box shipping address and a bad quantity, naming the field; nothing stored', async () => {
    const { id, cookie } = await application();
    const poBox = await quote(id, cookie, [{ planKey: 'n910', quantity: 1 }], { ...address, line1: 'PO Box 123' });
    expect(poBox.statusCode).toBe(400);
    expect(poBox.json().details[0].field).toBe('/address/line1');
    const quantity = await quote(id, cookie, [{ planKey: 'n910', quantity: 0 }]);
    expect(quantity.json().details[0].field).toBe('/profiles/0/quantity');
    expect((await storedOrder(id)).order).toEqual({});
    const create = await h.call('POST', `/api/v2/applications/${id}/orders`, cookie, {});
    expect(create.statusCode).toBe(409);
    expect(create.json().details[0]).toMatchObject({ key: 'errors.orderMissing' });
  });

  it('answers 403 to another user, 404 for an order of another id', async () => {
    const { id, cookie } = await application();
    await quote(id, cookie, [{ planKey: 'poyntC', quantity: 1 }]);
    const order = (await h.call('POST', `/api/v2/applications/${id}/orders`, cookie, {})).json();
    const stranger = await h.signUp();
    expect((await h.call('GET', `/api/v2/applications/${id}/orders/${order.id}`, stranger)).statusCode).toBe(403);
    expect((await quote(id, stranger, [{ planKey: 'n910', quantity: 1 }])).statusCode).toBe(403);
    expect((await h.call('GET', `/api/v2/applications/${id}/orders/ord_00000000-0000`, cookie)).statusCode).toBe(404);
  });
});
