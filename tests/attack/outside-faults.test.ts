/**
 * Faults and attacks found from outside the project's own suite (issue 23, items 2 to 8). Each block was seen to
 * fail before its fix. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, sandboxEnabled } from '../../server/app.ts';
import { completeUs, startHarness, type Harness } from '../api/harness.ts';
import { expectRefusal } from './expect.ts';
import { discoverRoutes, type RouteInfo } from './routes.ts';
import { newActor, urlOf, validParams, type Actor } from './setup.ts';
import { snapshot } from './snapshot.ts';

let h: Harness;
let routes: RouteInfo[];
beforeAll(async () => {
  routes = await discoverRoutes();
  h = await startHarness();
});
afterAll(async () => h?.close());
beforeEach(async () => h.t.reset());

/** A JSON body nested `levels` deep: arrays inside arrays, then objects inside objects. */
function nested(levels: number): string {
  const half = Math.floor(levels / 2);
  return `${'['.repeat(half)}${'{"a":'.repeat(levels - half)}1${'}'.repeat(levels - half)}${']'.repeat(half)}`;
}

function raw(
  h: Harness,
  method: string,
  url: string,
  payload: string,
  headers: Record<string, string>,
): Promise<LightMyRequestResponse> {
  return h.app.inject({ method: method as 'POST', url, headers, payload });
}

describe('2. deeply nested JSON', () => {
  test('a body nested 4,000 levels (24 KB, under the body limit) is a localised 400 on every route that takes a body, signed in or not', async () => {
    const actor: Actor = await newActor(h, 'deep@example.com');
    const body = nested(4000);
    expect(body.length).toBeLessThan(64 * 1024);
    const writes = routes.filter((r) => r.method !== 'GET');
    expect(writes.length).toBeGreaterThan(40);
    for (const route of writes) {
      const url = urlOf(route, validParams(route, actor));
      const before = await snapshot(h.t.db);
      for (const cookie of [actor.cookie, undefined]) {
        const res = await raw(h, route.method, url, body, {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          'accept-language': 'fr-CA',
          ...(cookie ? { cookie } : {}),
        });
        expect(
          res.statusCode,
          `${route.method} ${route.url} ${cookie ? 'signed in' : 'anonymous'}: ${res.body.slice(0, 200)}`,
        ).toBeLessThan(500);
        expectRefusal(res);
        // Anonymous calls to guarded routes are 401 before the body is read; everything else names the nesting.
        if (res.statusCode === 400) {
          const detail = (res.json() as { details: Array<{ key: string; description: string }> }).details[0];
          expect(detail?.key, `${route.method} ${route.url}`).toBe('errors.nestingTooDeep');
          expect(detail?.description).toMatch(/niveaux/);
        } else expect([401, 403, 404, 415], `${route.method} ${route.url} ${res.statusCode}`).toContain(res.statusCode);
      }
      expect(await snapshot(h.t.db)).toEqual(before);
    }
  }, 120_000);

  test('the JSON patch media type is held to the same depth', async () => {
    const actor = await newActor(h, 'deep-patch@example.com');
    const created = await h.call('POST', '/api/v1/commerce/onboarding-applications', actor.cookie, {
      individuals: [{ ...completeUs.applicant, type: 'APPLICANT' }],
      company: completeUs.company,
    });
    const id =
      created.statusCode < 300
        ? (created.json() as { application: { id: string } }).application.id
        : actor.applicationId;
    const res = await raw(
      h,
      'PATCH',
      `/api/v1/commerce/onboarding-applications/${encodeURIComponent(id)}`,
      nested(4000),
      {
        'content-type': 'application/json-patch+json',
        cookie: actor.cookie,
      },
    );
    expectRefusal(res, '/', 'errors.nestingTooDeep');
    expect(res.statusCode).toBe(400);
  });

  test('nesting a real document needs stays accepted', async () => {
    const actor = await newActor(h, 'shallow@example.com');
    const res = await h.call('PUT', `/api/v2/applications/${encodeURIComponent(actor.applicationId)}`, actor.cookie, {
      company: completeUs.company,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  });
});

const card = { number: '4242424242424242', cvv: '123', expiry: '12/30', postalCode: '12345' };
const shipTo = { line1: '123 Main Street', city: 'Springfield', state: 'IL', zip: '62701', countryCode: 'US' };

/** A signed-in applicant with an application whose order (one n910 rental) is quoted. */
async function quoted(email: string): Promise<Actor & { total: number }> {
  const actor = await newActor(h, email);
  const res = await h.call('POST', `/api/v2/applications/${actor.applicationId}/orders/quote`, actor.cookie, {
    address: shipTo,
    profiles: [{ planKey: 'n910', quantity: 1 }],
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return { ...actor, total: (res.json() as { totals: { totalCents: number } }).totals.totalCents };
}

async function vaultToken(cookie: string): Promise<string> {
  const res = await h.call('POST', '/sandbox/vault/cards', cookie, card);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
  return (res.json() as { token: string }).token;
}

function fileCard(actor: Actor, token: string): Promise<LightMyRequestResponse> {
  return h.call(
    'POST',
    `/api/v2/applications/${actor.applicationId}/financial-instruments/credit-cards`,
    actor.cookie,
    { token },
  );
}

async function countRows(table: string): Promise<number> {
  return (await h.t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
}

describe('4. card-vault tokens belong to the user and application that made them', () => {
  test("another user's token cannot be filed on my application, and nothing is authorised on it", async () => {
    const owner = await quoted('card-owner@example.com');
    const thief = await quoted('card-thief@example.com');
    const token = await vaultToken(owner.cookie);
    const before = await snapshot(h.t.db);
    const res = await fileCard(thief, token);
    expectRefusal(res, '/token', 'errors.cardTokenUnknown');
    expect(await snapshot(h.t.db)).toEqual(before);
    // The owner still files and pays with it.
    expect((await fileCard(owner, token)).statusCode).toBe(201);
  });

  test('a token filed on one application cannot be filed on another application, even of the same user', async () => {
    const actor = await quoted('two-apps@example.com');
    const second = await h.call('POST', '/api/v2/applications', actor.cookie, completeUs);
    const other: Actor = { ...actor, applicationId: (second.json() as { application: { id: string } }).application.id };
    const token = await vaultToken(actor.cookie);
    expect((await fileCard(actor, token)).statusCode).toBe(201);
    const before = await snapshot(h.t.db);
    expectRefusal(await fileCard(other, token), '/token', 'errors.cardTokenUnknown');
    expect(await snapshot(h.t.db)).toEqual(before);
  });

  test("a payment is never authorised on another user's token written into the document by any route", async () => {
    const owner = await quoted('pay-owner@example.com');
    const thief = await quoted('pay-thief@example.com');
    const token = await vaultToken(owner.cookie);
    const mine = await vaultToken(thief.cookie);
    const filed = await fileCard(thief, mine);
    const fi = (filed.json() as { financial_instrument_id: string }).financial_instrument_id;
    // However the token got there (a future route, an import), the vault checks whose it is when it authorises.
    await h.t.db.query(
      `UPDATE applications SET document = jsonb_set(document, '{bank,creditCard,token}', to_jsonb($2::text)) WHERE id = $1`,
      [thief.applicationId, token],
    );
    const res = await h.call(
      'POST',
      `/api/v2/applications/${thief.applicationId}/payments`,
      thief.cookie,
      { amount: thief.total, financialInstrumentId: fi },
      { 'idempotency-key': 'steal-1' },
    );
    expectRefusal(res);
    expect(await countRows('payments')).toBe(0);
  });
});

/** Asserts a 422 naming the reused key, localised. */
function expectKeyReused(res: LightMyRequestResponse, key: string): void {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(422);
  expectRefusal(res, '/headers/idempotency-key', 'errors.idempotencyKeyReused');
  const body = res.json() as { message: string; details: Array<{ description: string }> };
  expect(body.details[0]!.description).toContain(key);
  expect(body.message).not.toContain('{$');
}

describe('3. idempotency keys are tied to their request', () => {
  test('V2 create: the same key and body answers the first application; another body under it is 422 and makes nothing', async () => {
    const cookie = await h.signUp('idem-v2@example.com');
    const key = 'create-key-1';
    const first = await h.call('POST', '/api/v2/applications', cookie, completeUs, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    // The same request with its keys in another order is the same request.
    const reordered = Object.fromEntries(Object.entries(completeUs).reverse());
    const again = await h.call('POST', '/api/v2/applications', cookie, reordered, { 'idempotency-key': key });
    expect(again.statusCode).toBe(200);
    expect(again.json().application.id).toBe(first.json().application.id);
    const before = await snapshot(h.t.db);
    const other = await h.call(
      'POST',
      '/api/v2/applications',
      cookie,
      { ...completeUs, company: { ...completeUs.company, name: 'Another Name LLC' } },
      { 'idempotency-key': key, 'accept-language': 'fr-CA' },
    );
    expectKeyReused(other, key);
    expect(other.json().details[0].description).toMatch(/clé/);
    // Another query (force-intent) is another request too.
    expectKeyReused(
      await h.call('POST', '/api/v2/applications?force-intent=ADD_STORE', cookie, completeUs, {
        'idempotency-key': key,
      }),
      key,
    );
    expect(await snapshot(h.t.db)).toEqual(before);
  });

  test('V1 create: another body under a used key is 422', async () => {
    const cookie = await h.signUp('idem-v1@example.com');
    const body = {
      individuals: [
        {
          type: 'APPLICANT_OWNER',
          firstName: 'Ann',
          lastName: 'Lee',
          email: 'ann@example.com',
          phone: { nationalNumber: '2125551234' },
          dob: '01/15/1985',
          address: completeUs.applicant.address,
        },
      ],
      company: { name: 'Acme Co', segment: '5462', currency: 'USD' },
    };
    const first = await h.call('POST', '/api/v1/commerce/onboarding-applications', cookie, body, {
      'idempotency-key': 'v1-key',
    });
    expect(first.statusCode, first.body.slice(0, 300)).toBe(201);
    expect(
      (await h.call('POST', '/api/v1/commerce/onboarding-applications', cookie, body, { 'idempotency-key': 'v1-key' }))
        .statusCode,
    ).toBe(200);
    const before = await snapshot(h.t.db);
    const changed = { ...body, company: { ...body.company, name: 'Changed Name LLC' } };
    expectKeyReused(
      await h.call('POST', '/api/v1/commerce/onboarding-applications', cookie, changed, {
        'idempotency-key': 'v1-key',
      }),
      'v1-key',
    );
    // A V2 create under the V1 key is another route: refused too.
    expectKeyReused(
      await h.call('POST', '/api/v2/applications', cookie, completeUs, { 'idempotency-key': 'v1-key' }),
      'v1-key',
    );
    expect(await snapshot(h.t.db)).toEqual(before);
  });

  test('payments: the key is required (400 without, nothing authorised); another request under a used key is 422', async () => {
    const actor = await quoted('idem-pay@example.com');
    const fi = (await fileCard(actor, await vaultToken(actor.cookie))).json().financial_instrument_id as string;
    const url = `/api/v2/applications/${actor.applicationId}/payments`;
    const body = { amount: actor.total, financialInstrumentId: fi };
    const before = await snapshot(h.t.db);
    const keyless = await h.call('POST', url, actor.cookie, body);
    expect(keyless.statusCode, keyless.body.slice(0, 300)).toBe(400);
    expectRefusal(keyless, '/headers/idempotency-key');
    expect(await snapshot(h.t.db)).toEqual(before);
    const paid = await h.call('POST', url, actor.cookie, body, { 'idempotency-key': 'pay-key' });
    expect(paid.statusCode).toBe(201);
    const retry = await h.call('POST', url, actor.cookie, body, { 'idempotency-key': 'pay-key' });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().paymentId).toBe(paid.json().paymentId);
    const afterPaid = await snapshot(h.t.db);
    expectKeyReused(
      await h.call('POST', url, actor.cookie, { ...body, amount: actor.total + 100 }, { 'idempotency-key': 'pay-key' }),
      'pay-key',
    );
    expect(await snapshot(h.t.db)).toEqual(afterPaid);
    expect(await countRows('payments')).toBe(1);
  });
});

describe('8. smaller holes', () => {
  /** A signed-in applicant whose onboarding asked for a one-time code (sandbox trigger: SSN last four 0005). */
  async function withOtp(email: string): Promise<{ cookie: string; id: string }> {
    const cookie = await h.signUp(email);
    const body = {
      ...completeUs,
      applicant: {
        ...completeUs.applicant,
        governmentIdentification: { type: 'INDIVIDUAL', value: '0005', sourceType: 'SSN4' },
      },
    };
    const id = (await h.call('POST', '/api/v2/applications', cookie, body)).json().application.id as string;
    const onboarded = await h.call('POST', `/api/v2/applications/${id}/onboard`, cookie);
    expect(onboarded.json().application.stepUpDetails.map((s: { type: string }) => s.type)).toContain('OTP_SMS');
    return { cookie, id };
  }

  /** Sends a new code and reads it from the outbox (the newest SMS). */
  async function sendCode(cookie: string, id: string): Promise<LightMyRequestResponse & { code?: string }> {
    const sent = await h.call('POST', `/api/v2/applications/${id}/otp-code`, cookie);
    if (sent.statusCode !== 200) return sent;
    const { rows } = await h.t.db.query<{ args: unknown }>(
      "SELECT args FROM outbox WHERE channel = 'sms' ORDER BY id DESC LIMIT 1",
    );
    const args = rows[0]!.args;
    return Object.assign(sent, {
      code: String((typeof args === 'string' ? JSON.parse(args) : (args as { code: string })).code),
    });
  }

  test('the one-time-code lock keeps a cap across resends: after many wrong guesses over several codes, even the right code is refused', async () => {
    const { cookie, id } = await withOtp('otp-cap@example.com');
    let wrongGuesses = 0;
    let code: string;
    // Four codes, five wrong guesses each: 20 guesses, where one code's lock alone allowed 25 per window.
    for (let round = 0; round < 4; round += 1) {
      const sent = await sendCode(cookie, id);
      expect(sent.statusCode, sent.body).toBe(200);
      code = sent.code!;
      for (let guess = 0; guess < 5; guess += 1) {
        const wrong = String((Number(code) + 1 + guess) % 1_000_000).padStart(6, '0');
        const res = await h.call('POST', `/api/v2/applications/${id}/step-ups/otp`, cookie, { code: wrong });
        expectRefusal(res, '/code');
        wrongGuesses += 1;
      }
    }
    expect(wrongGuesses).toBe(20);
    const last = await sendCode(cookie, id);
    expect(last.statusCode).toBe(200);
    const before = await snapshot(h.t.db);
    const right = await h.call(
      'POST',
      `/api/v2/applications/${id}/step-ups/otp`,
      cookie,
      { code: last.code },
      { 'accept-language': 'fr-CA' },
    );
    expectRefusal(right, '/code');
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(right.json().details[0].description).toMatch(/Veuillez/);
    // Still pending: the step-up is not cleared.
    expect(await snapshot(h.t.db)).toEqual(before);
  });

  test('registration answers the same whether the email has an account or not, and starts no session for the taken one', async () => {
    const register = (email: string, password: string) =>
      h.app.inject({
        method: 'POST',
        url: '/sso/register',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email, password, confirmPassword: password, path: '/next' }).toString(),
      });
    await h.signUp('taken@example.com');
    const fresh = await register('fresh@example.com', 'some other password');
    const taken = await register('taken@example.com', 'some other password');
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.headers.location).toBe(fresh.headers.location);
    expect(taken.body).toBe(fresh.body);
    expect(taken.headers['content-type']).toBe(fresh.headers['content-type']);
    // No session for whoever typed a taken address; the holder of the address is told by email.
    expect(String(taken.headers['set-cookie'] ?? '')).not.toContain('onb_session=');
    // The same cookies, with the same attributes (only their random values differ).
    const cookieShapes = (res: typeof fresh) =>
      ([] as string[]).concat(res.headers['set-cookie'] ?? []).map((c) => c.replace(/^([^=]+)=[^;]*/, '$1='));
    expect(cookieShapes(taken)).toEqual(cookieShapes(fresh));
    const { rows } = await h.t.db.query<{ recipient: string; message: string }>(
      "SELECT recipient, message FROM outbox WHERE channel = 'email' ORDER BY id",
    );
    expect(rows).toEqual([
      { recipient: 'taken@example.com', message: 'outbox.email.confirmRegistration.body' },
      { recipient: 'fresh@example.com', message: 'outbox.email.confirmRegistration.body' },
      { recipient: 'taken@example.com', message: 'outbox.email.accountExists.body' },
    ]);
  });

  test('the OpenAPI document declares only the path parameters each path has', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    const doc = res.json() as {
      paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>>;
    };
    let checked = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      for (const [method, operation] of Object.entries(operations)) {
        const declared = (operation.parameters ?? [])
          .filter((p) => p.in === 'path')
          .map((p) => p.name)
          .sort();
        expect(declared, `${method.toUpperCase()} ${path}`).toEqual(inPath);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});

describe('7. a decided application keeps the fields its decision rests on', () => {
  /** A signed-in applicant with an onboarded application; `lastFour` picks a sandbox step-up, `name` a decision. */
  async function decided(
    email: string,
    { lastFour = '4321', name = completeUs.company.name as string } = {},
  ): Promise<Actor & { doc: { application: { decision: string; stepUpDetails: Array<{ type: string }> } } }> {
    const cookie = await h.signUp(email);
    const body = {
      ...completeUs,
      applicant: {
        ...completeUs.applicant,
        governmentIdentification: { type: 'INDIVIDUAL', value: lastFour, sourceType: 'SSN4' },
      },
      company: { ...completeUs.company, name },
    };
    const id = (await h.call('POST', '/api/v2/applications', cookie, body)).json().application.id as string;
    const onboarded = await h.call('POST', `/api/v2/applications/${id}/onboard`, cookie);
    expect(onboarded.statusCode, onboarded.body.slice(0, 300)).toBe(200);
    return { email, cookie, applicationId: id, doc: onboarded.json() };
  }

  test('after APPROVED, a PUT changing the legal name, the applicant name or the SSN is 409 naming them, and changes nothing', async () => {
    const actor = await decided('decided-put@example.com');
    expect(actor.doc.application.decision).toBe('APPROVED');
    const url = `/api/v2/applications/${encodeURIComponent(actor.applicationId)}`;
    const before = await snapshot(h.t.db);
    const res = await h.call(
      'PUT',
      url,
      actor.cookie,
      {
        company: { name: 'Someone Else LLC' },
        applicant: {
          name: { firstName: 'Mallory' },
          governmentIdentification: { type: 'INDIVIDUAL', value: '9999', sourceType: 'SSN4' },
        },
      },
      { 'accept-language': 'fr-CA' },
    );
    expect(res.statusCode, res.body.slice(0, 300)).toBe(409);
    const fields = (res.json() as { details: Array<{ field: string; key: string; description: string }> }).details;
    expect(fields.map((d) => d.field).sort()).toEqual([
      '/applicant/governmentIdentification/value',
      '/applicant/name/firstName',
      '/company/name',
    ]);
    for (const detail of fields) {
      expect(detail.key).toBe('errors.decidedFieldLocked');
      expect(detail.description).toMatch(/décision/);
    }
    expect(await snapshot(h.t.db)).toEqual(before);
    // Other fields still change, and sending a locked field's own value again is not a change.
    const ok = await h.call('PUT', url, actor.cookie, {
      company: { name: completeUs.company.name, dba: 'Acme Corner Shop' },
    });
    expect(ok.statusCode, ok.body.slice(0, 300)).toBe(200);
  });

  test('the V1 JSON patch is held to the same rule', async () => {
    const actor = await decided('decided-patch@example.com');
    const before = await snapshot(h.t.db);
    const res = await h.app.inject({
      method: 'PATCH',
      url: `/api/v1/commerce/onboarding-applications/${encodeURIComponent(actor.applicationId)}`,
      headers: { cookie: actor.cookie, 'content-type': 'application/json-patch+json' },
      payload: JSON.stringify([{ op: 'replace', path: '/applicant/name/lastName', value: 'Other' }]),
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(409);
    expectRefusal(res, '/applicant/name/lastName', 'errors.decidedFieldLocked');
    expect(await snapshot(h.t.db)).toEqual(before);
  });

  test('where the spec changes them it still may: the basic-to-full upgrade and a pending FULL_ONBOARDING step-up', async () => {
    const basic = await decided('decided-basic@example.com', { name: 'Acme BASICLEVEL Co' });
    const upgraded = await h.call(
      'PUT',
      `/api/v2/applications/${encodeURIComponent(basic.applicationId)}`,
      basic.cookie,
      {
        application: { applicationLevel: 'FULL' },
        applicant: { name: { firstName: 'Annabel' } },
      },
    );
    expect(upgraded.statusCode, upgraded.body.slice(0, 300)).toBe(200);
    // The full form's next save, before onboarding again.
    const next = await h.call('PUT', `/api/v2/applications/${encodeURIComponent(basic.applicationId)}`, basic.cookie, {
      company: { name: 'Acme Full Co' },
    });
    expect(next.statusCode, next.body.slice(0, 300)).toBe(200);

    const stepUp = await decided('decided-stepup@example.com', { lastFour: '0007' });
    expect(stepUp.doc.application.stepUpDetails.map((s) => s.type)).toContain('FULL_ONBOARDING');
    const updated = await h.call(
      'PUT',
      `/api/v2/applications/${encodeURIComponent(stepUp.applicationId)}`,
      stepUp.cookie,
      { applicant: { name: { lastName: 'Leigh' } } },
    );
    expect(updated.statusCode, updated.body.slice(0, 300)).toBe(200);
  });
});

describe('5. the sandbox', () => {
  test('each user sees only their own outbox messages; a visitor not signed in sees none', async () => {
    const alice = await newActor(h, 'alice-outbox@example.com');
    const bob = await newActor(h, 'bob-outbox@example.com');
    // Alice's application sends a phone link to her mobile (PHONE_AUTH sandbox trigger: last four 0009).
    const body = {
      ...completeUs,
      applicant: {
        ...completeUs.applicant,
        governmentIdentification: { type: 'INDIVIDUAL', value: '0009', sourceType: 'SSN4' },
      },
    };
    const id = (await h.call('POST', '/api/v2/applications', alice.cookie, body)).json().application.id as string;
    await h.call('POST', `/api/v2/applications/${id}/onboard`, alice.cookie);
    const sent = await h.call('POST', `/api/v2/applications/${id}/phone-auth/sms-verifications`, alice.cookie, {});
    expect(sent.statusCode, sent.body.slice(0, 300)).toBe(200);
    // (The registrations' confirmation emails carry links too: this is the phone link.)
    const link = (await h.t.db.query<{ link: string }>("SELECT link FROM outbox WHERE link LIKE '%vfp=%'")).rows[0]!
      .link;
    expect(link).toContain('vfp=');
    const page = (cookie?: string, to?: string) =>
      h.app.inject({
        method: 'GET',
        url: `/sandbox/outbox${to ? `?to=${encodeURIComponent(to)}` : ''}`,
        headers: cookie ? { cookie } : {},
      });
    const mine = await page(alice.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain(link.replace(/&/g, '&amp;'));
    for (const res of [
      await page(bob.cookie),
      await page(bob.cookie, '+12125551234'),
      await page(undefined),
      await page(undefined, '+12125551234'),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('vfp=');
      expect(res.body).not.toContain('2125551234');
    }
  });

  test("POST /sandbox/accounts cannot claim another user's businessId (403, nothing made)", async () => {
    const owner = await h.signUp('biz-owner@example.com');
    const seeded = await h.call('POST', '/sandbox/accounts', owner, {
      accounts: [{ decision: 'APPROVED', businessId: 'biz-owned-1' }],
    });
    expect(seeded.statusCode, seeded.body.slice(0, 300)).toBe(201);
    const thief = await h.signUp('biz-thief@example.com');
    const before = await snapshot(h.t.db);
    const res = await h.call('POST', '/sandbox/accounts', thief, {
      accounts: [{ decision: 'APPROVED' }, { decision: 'APPROVED', businessId: 'biz-owned-1' }],
    });
    expect(res.statusCode).toBe(403);
    expectRefusal(res, '/accounts/1/businessId', 'accounts.errors.notYourBusiness');
    expect(await snapshot(h.t.db)).toEqual(before);
    // And so the business's own calls stay closed to them.
    expect((await h.call('GET', '/api/v2/accounts/biz-owned-1/stores', thief)).statusCode).toBe(403);
  });

  test('with a production setting nothing under /sandbox answers; npm start and tests keep it on', async () => {
    expect(sandboxEnabled({ NODE_ENV: 'production' })).toBe(false);
    expect(sandboxEnabled({ SANDBOX: 'off' })).toBe(false);
    expect(sandboxEnabled({ NODE_ENV: 'production', SANDBOX: 'on' })).toBe(true);
    expect(sandboxEnabled({})).toBe(true);
    expect(sandboxEnabled({ NODE_ENV: 'test' })).toBe(true);
    const off = await buildApp({ db: h.t.db, logLevel: 'silent', sandbox: false, signInAttemptsPerMinute: 1000 });
    try {
      const cookie = await h.signUp('sandbox-off@example.com');
      for (const [method, url, payload] of [
        ['GET', '/sandbox/outbox', undefined],
        ['GET', '/sandbox/assets/sandbox.css', undefined],
        ['POST', '/sandbox/accounts', { accounts: [{ decision: 'APPROVED' }] }],
        ['POST', '/sandbox/vault/cards', card],
        ['GET', '/sandbox/bank-link?token=x', undefined],
        ['GET', '/sandbox/carrier/abc', undefined],
        ['GET', '/sandbox', undefined],
      ] as const) {
        const res = await off.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      // The API itself still answers.
      expect((await off.inject({ method: 'GET', url: '/api/v2/configs' })).statusCode).toBe(200);
    } finally {
      await off.close();
    }
  });
});

describe('6. cross-site requests', () => {
  const form = (fields: Record<string, string>) => ({
    'content-type': 'application/x-www-form-urlencoded',
    payload: new URLSearchParams(fields).toString(),
  });

  test('an empty form-encoded or text/plain POST, which any web page can send, creates and onboards nothing: 415', async () => {
    const actor = await newActor(h, 'csrf-form@example.com');
    const before = await snapshot(h.t.db);
    for (const url of [
      '/api/v2/applications',
      `/api/v2/applications/${actor.applicationId}/onboard`,
      '/api/v1/commerce/onboarding-applications',
    ]) {
      for (const type of ['application/x-www-form-urlencoded', 'text/plain']) {
        const res = await h.app.inject({
          method: 'POST',
          url,
          headers: { cookie: actor.cookie, 'content-type': type },
          payload: '',
        });
        expect(res.statusCode, `${type} ${url}: ${res.body.slice(0, 200)}`).toBe(415);
        expectRefusal(res);
      }
    }
    expect(await snapshot(h.t.db)).toEqual(before);
    // The exit beacon (navigator.sendBeacon) still posts text/plain.
    const beacon = await h.app.inject({
      method: 'POST',
      url: `/api/v2/applications/${actor.applicationId}/notification`,
      headers: { cookie: actor.cookie, 'content-type': 'text/plain;charset=UTF-8' },
      payload: '{}',
    });
    expect(beacon.statusCode).toBe(204);
  });

  test('a state-changing request from another site (Origin or Sec-Fetch-Site) is 403 and changes nothing; the same site passes', async () => {
    const actor = await newActor(h, 'csrf-origin@example.com');
    const url = `/api/v2/applications/${actor.applicationId}`;
    const before = await snapshot(h.t.db);
    const foreign: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of foreign) {
      const res = await h.call(
        'PUT',
        url,
        actor.cookie,
        { company: { dba: 'Evil Shop' } },
        { ...headers, 'accept-language': 'fr-CA' },
      );
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expectRefusal(res, '/headers/origin', 'errors.crossSite');
      expect(res.json().details[0].description).toMatch(/autre site/);
      const login = await h.app.inject({
        method: 'POST',
        url: '/sso/login',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email: actor.email, password: 'correct horse battery', path: '/' }).toString(),
      });
      expect(login.statusCode).toBe(403);
      expect(String(login.headers['set-cookie'] ?? '')).not.toContain('onb_session=');
    }
    expect(await snapshot(h.t.db)).toEqual(before);
    const same = await h.call(
      'PUT',
      url,
      actor.cookie,
      { company: { dba: 'Own Shop' } },
      { origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' },
    );
    expect(same.statusCode, same.body.slice(0, 200)).toBe(200);
  });

  test('the sign-on forms carry a CSRF token; a browser post without it is refused and starts no session', async () => {
    await h.signUp('csrf-login@example.com');
    const page = await h.app.inject({ method: 'GET', url: '/sso/login?path=/' });
    const token = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1];
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = String(page.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toBe(`onb_csrf=${token}`);
    const register = await h.app.inject({ method: 'GET', url: '/sso/register?path=/' });
    expect(register.body).toMatch(/name="csrf" value="[A-Za-z0-9_-]{43}"/);
    const fields = { email: 'csrf-login@example.com', password: 'correct horse battery', path: '/' };
    const browser = { origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' };
    const without = await h.app.inject({
      method: 'POST',
      url: '/sso/login',
      headers: { ...browser, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(without.statusCode).toBe(403);
    expect(without.body).toMatch(/role="alert"/);
    expect(String(without.headers['set-cookie'] ?? '')).not.toContain('onb_session=');
    const wrong = await h.app.inject({
      method: 'POST',
      url: '/sso/login',
      headers: { ...browser, cookie, ...form({}) },
      payload: new URLSearchParams({ ...fields, csrf: 'x'.repeat(43) }).toString(),
    });
    expect(wrong.statusCode).toBe(403);
    const withToken = await h.app.inject({
      method: 'POST',
      url: '/sso/login',
      headers: { ...browser, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...fields, csrf: token! }).toString(),
    });
    expect(withToken.statusCode).toBe(303);
    expect(String(withToken.headers['set-cookie'])).toContain('onb_session=');
    const registerWithout = await h.app.inject({
      method: 'POST',
      url: '/sso/register',
      headers: { ...browser, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        email: 'csrf-new@example.com',
        password: 'correct horse battery',
        confirmPassword: 'correct horse battery',
        path: '/',
      }).toString(),
    });
    expect(registerWithout.statusCode).toBe(403);
    expect(await countRows("users WHERE email = 'csrf-new@example.com'")).toBe(0);
  });
});
