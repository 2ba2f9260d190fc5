/**
 * Killing the server mid-flow loses nothing a 2xx acknowledged (issue 5): the real server process (server/main.ts)
 * on a PGlite data folder (or PostgreSQL with TEST_DATABASE_URL) is killed with SIGKILL between steps of a journey
 * and started again; every acknowledged change, session, link, idempotency key and rate count is still there.
 */
import { completeUs } from '../../server/sandbox/applicants.ts';
import { killedServer, registerAndConfirm } from './killed-server.ts';

const server = killedServer();

let cookie = '';
async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.base}${path}`, {
    method,
    redirect: 'manual',
    headers: { cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: () => JSON.parse(text), headers: res.headers };
}

beforeAll(() => server.setUp());
afterAll(() => server.tearDown());

describe('SIGKILL and start again', () => {
  it('keeps everything a 2xx acknowledged', { timeout: 360_000 }, async () => {
    await server.start();
    cookie = await registerAndConfirm(server.base, 'kill@example.com', 'long enough pw');
    // The complete US applicant, with the last four digits that ask for a phone check (a step-up to survive the kill).
    const applicant = {
      ...completeUs.applicant,
      governmentIdentification: { ...completeUs.applicant.governmentIdentification, value: '0009' },
    };
    const createBody = { applicant, company: completeUs.company };
    const created = await call('POST', '/api/v2/applications', createBody, { 'idempotency-key': 'create-1' });
    expect(created.status).toBe(201);
    const id = created.json().application.id as string;
    await server.kill();

    await server.start();
    expect(
      // The same request again (issue 23: a key is tied to its request), as the browser retries it.
      (await call('POST', '/api/v2/applications', createBody, { 'idempotency-key': 'create-1' })).json().application.id,
    ).toBe(id);
    expect((await call('POST', `/api/v2/applications/${id}/onboard`)).json().application.stepUpDetails).toEqual([
      { type: 'PHONE_AUTH', status: 'REQUIRED' },
    ]);
    for (let i = 0; i < 3; i++)
      expect(
        (await call('POST', `/api/v2/applications/${id}/phone-auth/sms-verifications?retry=true`, {})).status,
      ).toBe(200);
    // The outbox shows a user the messages sent on their behalf (issue 23): read it as the applicant.
    const outbox = await fetch(`${server.base}/sandbox/outbox`, { headers: { cookie } }).then((r) => r.text());
    const vfp = /vfp=([A-Za-z0-9_-]{43})/.exec(outbox)![1]!;
    const token = (
      await call('POST', '/sandbox/vault/cards', {
        number: '4242424242424242',
        cvv: '123',
        expiry: '12/30',
        postalCode: '12345',
      })
    ).json().token;
    const fi = (await call('POST', `/api/v2/applications/${id}/financial-instruments/credit-cards`, { token })).json()
      .financial_instrument_id;
    // The payment authorises the quoted order's total (doc1 §4.9: payment, then order create).
    const order = (
      await call('POST', `/api/v2/applications/${id}/orders/quote`, {
        address: applicant.address,
        profiles: [{ planKey: 'n910', quantity: 1 }],
      })
    ).json();
    const amount = order.totals.totalCents as number;
    const paid = await call(
      'POST',
      `/api/v2/applications/${id}/payments`,
      { amount, financialInstrumentId: fi },
      { 'idempotency-key': 'pay-1' },
    );
    expect(paid.status).toBe(201);
    await server.kill();

    await server.start();
    // The session, the decision, the rate count, the texted link and the payment survived.
    expect((await call('GET', '/api/v2/session')).json().user).toMatchObject({ email: expect.any(String) });
    expect((await call('POST', `/api/v2/applications/${id}/phone-auth/sms-verifications?retry=true`, {})).status).toBe(
      429,
    );
    const retried = await call(
      'POST',
      `/api/v2/applications/${id}/payments`,
      { amount, financialInstrumentId: fi },
      { 'idempotency-key': 'pay-1' },
    );
    expect(retried.status).toBe(200);
    expect(retried.json().paymentId).toBe(paid.json().paymentId);
    const confirmed = await call('POST', `/api/v2/applications/${id}/phone-auth/sms-verifications/${vfp}`);
    expect(confirmed.status).toBe(200);
    await server.kill();

    await server.start();
    const doc = (await call('GET', `/api/v2/applications/${id}`)).json();
    expect(doc.application).toMatchObject({ decision: 'APPROVED_PENDING', stepUpDetails: [] });
    expect(doc.applicant.phone).toEqual({ localPhoneNumber: '2125551234', verified: true });
    expect(doc.bank.creditCard).toMatchObject({ last4: '4242' });
    expect((await call('POST', `/api/v2/applications/${id}/phone-auth/sms-verifications/${vfp}`)).status).toBe(410);
  });
});
