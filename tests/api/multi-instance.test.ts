/**
 * More than one machine (issue 12): two API instances, each with its own connection pool, on one PostgreSQL
 * schema, behind an imaginary round-robin load balancer. Every request of a whole journey alternates between
 * them (register, sign in, create with an idempotency key and its retry, update, onboard and its retry, one-time
 * code sent by one and checked by the other, manual bank, accounts) and nothing is lost or duplicated: sessions,
 * idempotency keys, codes and rate-limit counts live in the database, not in a process.
 *
 * Needs a PostgreSQL server: TEST_DATABASE_URL (CI sets it in .ci/run). Without it the suite is skipped with a
 * message, because two PGlite instances cannot share one database.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../server/app.ts';
import { openStorage, type Database } from '../../server/storage/index.ts';
import { readOutbox } from '../../server/storage/otp.ts';
import { dropSchema, testDatabaseUrl } from '../storage/test-database.ts';
import { completeUs, confirmationLinkIn, cookieOf, sessionCookieOf } from './harness.ts';

if (!testDatabaseUrl) {
  console.warn(
    'tests/api/multi-instance.test.ts skipped: set TEST_DATABASE_URL=postgres://… to run two API instances on one PostgreSQL',
  );
}

const schema = `t_multi_${randomBytes(5).toString('hex')}`;
const attemptsPerMinute = 4;
let dbs: Database[] = [];
let apps: FastifyInstance[] = [];
let turn = 0;

/** The load balancer: each request goes to the next instance in turn; the answer says which one served it. */
async function send(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: {
    cookie?: string;
    body?: unknown;
    headers?: Record<string, string>;
    form?: Record<string, string>;
    remoteAddress?: string;
  } = {},
): Promise<LightMyRequestResponse & { instance: number }> {
  const instance = turn++ % apps.length;
  const headers: Record<string, string> = {
    ...(options.cookie ? { cookie: options.cookie } : {}),
    ...(options.headers ?? {}),
  };
  const payload = options.form ? new URLSearchParams(options.form).toString() : (options.body as object | undefined);
  if (options.form) headers['content-type'] = 'application/x-www-form-urlencoded';
  const res = await apps[instance]!.inject({
    method,
    url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  return Object.assign(res, { instance });
}

/**
 * Registers on one instance, reads the emailed link in the sandbox outbox and opens it on the others (issue 23:
 * registration never signs in; the link does): the answer that starts the session.
 */
async function register(
  email: string,
  password: string,
  remoteAddress: string,
): Promise<LightMyRequestResponse & { instance: number }> {
  const posted = await send('POST', '/sso/register', {
    form: { email, password, confirmPassword: password, path: '/' },
    remoteAddress,
  });
  expect(posted.statusCode).toBe(303);
  const registration = cookieOf(posted, 'onb_registration');
  const outbox = await send('GET', '/sandbox/outbox', { cookie: registration });
  expect(outbox.instance).not.toBe(posted.instance);
  const link = confirmationLinkIn(outbox.body);
  expect(link).toBeDefined();
  return send('GET', link!, { cookie: registration });
}

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await dbs[0]!.query<{ n: string | number }>(sql, params);
  return Number(rows[0]!.n);
}

describe.skipIf(!testDatabaseUrl)('two API instances on one PostgreSQL', () => {
  beforeAll(async () => {
    // Two pools on the same schema: the second opening finds the migrations applied and changes nothing.
    dbs = [
      await openStorage({ databaseUrl: testDatabaseUrl!, schema }),
      await openStorage({ databaseUrl: testDatabaseUrl!, schema }),
    ];
    apps = await Promise.all(
      dbs.map((db) => buildApp({ db, logLevel: 'silent', signInAttemptsPerMinute: attemptsPerMinute })),
    );
    await Promise.all(apps.map((app) => app.ready()));
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(dbs.map((db) => db.close()));
    if (testDatabaseUrl) await dropSchema(testDatabaseUrl, schema);
  });

  it('walks a whole journey with requests alternating between the instances, nothing lost or duplicated', async () => {
    const email = 'two.machines@example.com';
    const password = 'correct horse battery';
    const served = new Set<number>();
    const track = <T extends { instance: number }>(res: T): T => {
      served.add(res.instance);
      return res;
    };

    // Register on one instance; the session it sets works on the other.
    const registered = track(await register(email, password, '10.9.0.1'));
    expect(registered.statusCode).toBe(303);
    const firstCookie = sessionCookieOf(registered);
    const session = track(await send('GET', '/api/v2/session', { cookie: firstCookie }));
    expect(session.instance).not.toBe(registered.instance);
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ user: { email } });

    // Sign in again (as after a sign-out elsewhere): a new session, valid on both.
    const signedIn = track(
      await send('POST', '/sso/login', { form: { email, password, path: '/' }, remoteAddress: '10.9.0.1' }),
    );
    expect(signedIn.statusCode).toBe(303);
    const cookie = sessionCookieOf(signedIn);
    for (let i = 0; i < 2; i += 1)
      expect(track(await send('GET', '/api/v2/session', { cookie })).json()).toMatchObject({ user: { email } });

    // Create on one instance, retry with the same Idempotency-Key on the other: one application.
    const key = { 'idempotency-key': `multi-${randomBytes(4).toString('hex')}` };
    const created = track(
      await send('POST', '/api/v2/applications', {
        cookie,
        body: { applicant: completeUs.applicant, company: { name: 'Two Machines Bakery', currency: 'USD' } },
        headers: key,
      }),
    );
    const retried = track(
      await send('POST', '/api/v2/applications', {
        cookie,
        body: { applicant: completeUs.applicant, company: { name: 'Two Machines Bakery', currency: 'USD' } },
        headers: key,
      }),
    );
    expect(created.instance).not.toBe(retried.instance);
    expect(created.statusCode).toBe(201);
    expect(retried.statusCode).toBe(200);
    const id = created.json().application.id as string;
    expect(retried.json().application.id).toBe(id);

    // Update on one, read on the other.
    const updated = track(
      await send('PUT', `/api/v2/applications/${id}`, { cookie, body: { company: completeUs.company } }),
    );
    expect(updated.statusCode).toBe(200);
    const read = track(await send('GET', `/api/v2/applications/${id}`, { cookie }));
    expect(read.json().company).toMatchObject({ name: 'Acme Bakery', segment: '5462' });

    // Onboard on one, retry on the other: one decision, answered twice.
    const onboarded = track(await send('POST', `/api/v2/applications/${id}/onboard`, { cookie }));
    expect(onboarded.statusCode).toBe(200);
    const again = track(await send('POST', `/api/v2/applications/${id}/onboard`, { cookie }));
    expect(again.statusCode).toBe(200);
    expect(again.json().application.decision).toBe(onboarded.json().application.decision);
    expect(onboarded.json().application.decision).toBe('APPROVED');

    // Bank on one, seen on the other.
    const bank = track(
      await send('POST', `/api/v2/applications/${id}/financial-instruments/manual`, {
        cookie,
        body: {
          accountNumber: '000123456789',
          accountType: 'CHECKING',
          fullName: 'Ann Lee',
          bankName: 'First Bank',
          primary: true,
          routingNumber: '011000015',
        },
      }),
    );
    expect(bank.statusCode).toBe(201);
    const afterBank = track(await send('GET', `/api/v2/applications/${id}`, { cookie }));
    expect(afterBank.json().application.hasFinancialInstrument).toBe(true);
    expect(afterBank.json().bank.account.accountNumber).toBe('********6789');

    // The accounts list, from either instance, holds the one application once.
    const accounts = track(await send('GET', '/api/v2/accounts', { cookie }));
    const list = accounts.json() as Array<{ applicationId: string }> | { accounts: Array<{ applicationId: string }> };
    const entries = Array.isArray(list) ? list : list.accounts;
    expect(entries.map((entry) => entry.applicationId)).toEqual([id]);

    expect(served).toEqual(new Set([0, 1]));
    expect(await count('SELECT count(*) AS n FROM users WHERE lower(email) = $1', [email])).toBe(1);
    expect(await count('SELECT count(*) AS n FROM applications')).toBe(1);
  });

  it('a one-time code sent by one instance is checked by the other', async () => {
    const registered = await register('otp.two@example.com', 'correct horse battery', '10.9.0.2');
    const cookie = sessionCookieOf(registered);
    const body = {
      applicant: {
        ...completeUs.applicant,
        governmentIdentification: { type: 'INDIVIDUAL', value: '0005', sourceType: 'SSN4' },
      },
      company: completeUs.company,
    };
    const id = (await send('POST', '/api/v2/applications', { cookie, body })).json().application.id as string;
    expect(
      (await send('POST', `/api/v2/applications/${id}/onboard`, { cookie })).json().application.stepUpDetails,
    ).toEqual([expect.objectContaining({ type: 'OTP_SMS' })]);
    const sent = await send('POST', `/api/v2/applications/${id}/otp-code`, { cookie });
    expect(sent.statusCode).toBeLessThan(300);
    const outbox = await readOutbox(dbs[1]!);
    const code = String(outbox.at(-1)!.args.code);
    const checked = await send('POST', `/api/v2/applications/${id}/step-ups/otp`, { cookie, body: { code } });
    expect(checked.instance).not.toBe(sent.instance);
    expect(checked.statusCode).toBe(200);
    expect(checked.json().application.stepUpDetails ?? []).toEqual([]);
  });

  it('counts sign-in attempts of one client address across both instances (the limit is shared)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= attemptsPerMinute; i += 1) {
      const res = await send('POST', '/sso/login', {
        form: { email: 'nobody@example.com', password: `guess ${i}`, path: '/' },
        remoteAddress: '10.9.0.99',
      });
      statuses.push(res.statusCode);
    }
    // With a limit per process each instance would have allowed 4 and none would answer 429 after 5 attempts.
    expect(statuses.slice(0, attemptsPerMinute)).toEqual(Array(attemptsPerMinute).fill(401));
    expect(statuses[attemptsPerMinute]).toBe(429);
  });
});
