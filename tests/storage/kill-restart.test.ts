/**
 * Killing the server mid-flow loses nothing a 2xx acknowledged (issue 5): the real server process (server/main.ts)
 * on a PGlite data folder (or PostgreSQL with TEST_DATABASE_URL) is killed with SIGKILL between steps of a journey
 * and started again; every acknowledged change, session, link, idempotency key and rate count is still there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { dropSchema, testDatabaseUrl } from './test-database.ts';

const root = new URL('../../', import.meta.url).pathname;
const port = 4401;
const base = `http://127.0.0.1:${port}`;
const folder = mkdtempSync(join(tmpdir(), 'onb-kill-'));
const schema = `t_${randomBytes(6).toString('hex')}`;
let server: ChildProcess | undefined;

async function start(): Promise<void> {
  mkdirSync(join(folder, 'dist'), { recursive: true });
  writeFileSync(join(folder, 'dist/index.html'), '<!doctype html><title>app</title>');
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DIST_DIR: join(folder, 'dist'),
    LOG_LEVEL: 'silent',
    ...(testDatabaseUrl
      ? {
          DATABASE_URL: `${testDatabaseUrl}${testDatabaseUrl.includes('?') ? '&' : '?'}options=-c%20search_path%3D${schema}`,
        }
      : { DATA_DIR: join(folder, 'pglite') }),
  };
  server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], { env, stdio: 'ignore' });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/v2/configs`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

/** SIGKILL: no shutdown hook runs, nothing is flushed on purpose. */
async function kill(): Promise<void> {
  const child = server;
  if (!child) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
  server = undefined;
}

let cookie = '';
async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    redirect: 'manual',
    headers: { cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: () => JSON.parse(text), headers: res.headers };
}

beforeAll(async () => {
  if (testDatabaseUrl) {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
  }
});

afterAll(async () => {
  await kill();
  rmSync(folder, { recursive: true, force: true });
  if (testDatabaseUrl) await dropSchema(testDatabaseUrl, schema);
});

/** Registration never signs in (issue 23): the link emailed for it, read in the sandbox outbox, does. */
async function confirmRegistration(base: string, registered: Response): Promise<string> {
  const registration = registered.headers
    .getSetCookie()
    .find((c) => c.startsWith('onb_registration='))!
    .split(';')[0]!;
  const outbox = await (await fetch(`${base}/sandbox/outbox`, { headers: { cookie: registration } })).text();
  const link = /href="(\/sso\/register\/confirm\?[^"]+)"/.exec(outbox)![1]!.replaceAll('&amp;', '&');
  const confirmed = await fetch(`${base}${link}`, { redirect: 'manual', headers: { cookie: registration } });
  expect(confirmed.status).toBe(303);
  return confirmed.headers
    .getSetCookie()
    .find((c) => c.startsWith('onb_session='))!
    .split(';')[0]!;
}

describe('SIGKILL and start again', () => {
  it('keeps everything a 2xx acknowledged', { timeout: 120_000 }, async () => {
    await start();
    const registered = await fetch(`${base}/sso/register`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=kill%40example.com&password=long+enough+pw&confirmPassword=long+enough+pw&path=%2F',
    });
    cookie = await confirmRegistration(base, registered);
    const applicant = {
      name: { firstName: 'Ann', lastName: 'Lee' },
      email: { emailAddress: 'ann@example.com' },
      phone: { localPhoneNumber: '(212) 555-1234' },
      dob: '01/15/1985',
      governmentIdentification: { type: 'INDIVIDUAL', value: '0009', sourceType: 'SSN4' },
      address: { line1: '123 Main Street', city: 'Springfield', state: 'IL', zip: '62701', countryCode: 'US' },
    };
    const createBody = { applicant, company: { name: 'Acme Bakery', segment: '5462', currency: 'USD' } };
    const created = await call('POST', '/api/v2/applications', createBody, { 'idempotency-key': 'create-1' });
    expect(created.status).toBe(201);
    const id = created.json().application.id as string;
    await kill();

    await start();
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
    const outbox = await fetch(`${base}/sandbox/outbox`, { headers: { cookie } }).then((r) => r.text());
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
    await kill();

    await start();
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
    await kill();

    await start();
    const doc = (await call('GET', `/api/v2/applications/${id}`)).json();
    expect(doc.application).toMatchObject({ decision: 'APPROVED_PENDING', stepUpDetails: [] });
    expect(doc.applicant.phone).toEqual({ localPhoneNumber: '2125551234', verified: true });
    expect(doc.bank.creditCard).toMatchObject({ last4: '4242' });
    expect((await call('POST', `/api/v2/applications/${id}/phone-auth/sms-verifications/${vfp}`)).status).toBe(410);
  });
});
