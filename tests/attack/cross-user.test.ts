/**
 * Cross-user access, swept over every route the API has (routes.ts): another signed-in user gets 403 on every
 * route that takes an application id, with a body the route's schema accepts (so the refusal is about access,
 * not input); nothing changes and nothing of the owner's comes back. Lists without an id never show another
 * user's applications. Security headers (CSP without eval, nosniff, no framing) are on every answer.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Harness } from '../api/harness.ts';
import { validValue } from './arbitraries.ts';
import { expectRefusal } from './expect.ts';
import { discoverRoutes, type RouteInfo } from './routes.ts';
import { newActor, send, startAttackHarness, validParams, type Actor, type Parts } from './setup.ts';
import { isValid, locate, type Schema } from './schema-tools.ts';
import { snapshot } from './snapshot.ts';

const routes = await discoverRoutes();
/** Routes whose path takes an application id (the parameter schema accepts one). */
const probe: Actor = { email: '', cookie: '', applicationId: 'urn:app:aaaa-bbbb-cccc-dddd-eeee' };
const owned = routes.filter((r) => r.auth && Object.values(validParams(r, probe)).includes(probe.applicationId));
const lists = routes.filter((r) => r.auth && r.params.length === 0 && r.method === 'GET');

let h: Harness;
let owner: Actor;
let intruder: Actor;

beforeAll(async () => {
  h = await startAttackHarness();
  owner = await newActor(h, 'owner@example.com');
  intruder = await newActor(h, 'intruder@example.com');
});
afterAll(async () => {
  await h?.close();
});

/** A value a route's body or query schema accepts, or undefined when it takes none. */
function accepted(route: RouteInfo, part: 'body' | 'querystring' = 'body'): Record<string, unknown> | undefined {
  const schema = route.schema[part];
  if (!schema) return undefined;
  const candidates = fc.sample(validValue(locate(schema)), { numRuns: 200, seed: 7 });
  const found = candidates.find((value) => isValid(schema as Schema, value));
  if (found === undefined)
    throw new Error(`${route.method} ${route.url}: could not generate a valid ${part}; add "examples" to its schema`);
  return found as Record<string, unknown>;
}

test('the sweep covers the application routes', () => {
  expect(owned.map((r) => `${r.method} ${r.url}`)).toEqual(
    expect.arrayContaining([
      'GET /api/v2/applications/:id',
      'PUT /api/v2/applications/:id',
      'POST /api/v2/applications/:id/onboard',
    ]),
  );
});

describe.each(owned.map((r) => [`${r.method} ${r.url}`, r] as const))('%s', (_name, route) => {
  test("another user's application: 403, nothing changes, nothing leaks", async () => {
    const params = validParams(route, owner);
    const onlyApplication = Object.values(params).every((value) => value === owner.applicationId);
    const before = await snapshot(h.t.db);
    const res = await send(h, route, {
      cookie: intruder.cookie,
      params,
      body: accepted(route),
      query: accepted(route, 'querystring'),
    });
    expectRefusal(res);
    // A generated body may name things that do not exist (an inquiry, a card token): some routes check that first.
    // Access is decided before the body is read (server/routes/access-first.ts): the owner's application id is 403.
    if (onlyApplication || params.id === owner.applicationId) expect(res.statusCode, res.body).toBe(403);
    else expect([400, 403, 404], res.body).toContain(res.statusCode);
    expect(res.body).not.toContain(owner.email);
    expect(res.body).not.toContain('Ann');
    expect(await snapshot(h.t.db)).toEqual(before);
  });

  test('an unknown id: refused (404, or 403 where the API does not say whether it exists), nothing changes', async () => {
    const params = Object.fromEntries(
      Object.entries(validParams(route, owner)).map(([k, v]) => [
        k,
        v === owner.applicationId ? 'urn:app:aaaa-bbbb-cccc-dddd-eeee' : v,
      ]),
    );
    const before = await snapshot(h.t.db);
    const res = await send(h, route, {
      cookie: owner.cookie,
      params,
      body: accepted(route),
      query: accepted(route, 'querystring'),
    });
    expectRefusal(res);
    expect(route.schema.body ? [400, 403, 404] : [403, 404], res.body).toContain(res.statusCode);
    expect(await snapshot(h.t.db)).toEqual(before);
  });
});

/**
 * Access before input: on every route that reaches another user's resource (an application id, or a business of
 * theirs), the intruder is refused 403 whatever the body and query: garbage, the wrong type, malformed JSON, NUL
 * bytes. The body is never read, so its problems cannot answer first (a 400 would also tell the intruder which
 * inputs the owner's resource accepts). Without a session it is 401 whatever the body.
 */
const businessRoutes = routes.filter((r) => r.auth && r.params.includes('businessId'));
const foreign = [...owned, ...businessRoutes];
const garbage: Array<[string, Pick<Parts, 'body' | 'raw' | 'query'>]> = [
  ['a body of unknown fields', { body: { garbage: true, amount: -1, '<b>': 'x'.repeat(300) }, query: { zzz: '1' } }],
  ['a body of the wrong type', { body: ['not', 'an', 'object'] }],
  ['malformed JSON', { raw: { payload: '{"amount": ', contentType: 'application/json' } }],
  ['a NUL byte', { body: { value: 'a\u0000b', inquiryId: '\u0000' } }],
  ['an unsupported media type', { raw: { payload: '<xml/>', contentType: 'application/xml' } }],
];

describe('access before input', () => {
  let business: Actor & { businessId: string; storeId: string };

  beforeAll(async () => {
    const actor = await newActor(h, 'business-owner@example.com');
    const onboarded = await h.call('POST', `/api/v2/applications/${actor.applicationId}/onboard`, actor.cookie);
    const application = onboarded.json().application as { businessId: string; storeId: string };
    business = { ...actor, businessId: application.businessId, storeId: application.storeId };
  });

  /** The owner's parameters: their application, business and store. */
  const paramsOf = (route: RouteInfo) => ({
    ...validParams(route, business),
    // validParams fills the first parameter that accepts an application id; an owner route's `id` must be it too.
    ...(route.params.includes('id') ? { id: business.applicationId } : {}),
    ...(route.params.includes('businessId') ? { businessId: business.businessId } : {}),
    ...(route.params.includes('storeId') ? { storeId: business.storeId } : {}),
  });

  test('the sweep covers the step-up, card and store routes', () => {
    expect(foreign.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/v2/applications/:id/step-ups/identification',
        'POST /api/v2/applications/:id/step-ups/verification',
        'POST /api/v2/applications/:id/financial-instruments/credit-cards',
        'POST /api/v2/applications/:id/payments',
        'POST /api/v2/accounts/:businessId/stores',
      ]),
    );
  });

  describe.each(foreign.map((r) => [`${r.method} ${r.url}`, r] as const))('%s', (_name, route) => {
    test.each(garbage)("another user's resource with %s: 403, nothing changes", async (_kind, parts) => {
      const before = await snapshot(h.t.db);
      const res = await send(h, route, { cookie: intruder.cookie, params: paramsOf(route), ...parts });
      expectRefusal(res);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error).toBe('FORBIDDEN');
      expect(res.body).not.toContain(business.email);
      expect(await snapshot(h.t.db)).toEqual(before);
    });

    test('no session with a garbage body: 401', async () => {
      const res = await send(h, route, { params: paramsOf(route), body: ['garbage'] });
      expectRefusal(res);
      expect(res.statusCode, res.body).toBe(401);
    });

    test("the owner's own garbage is still a 400 (the guard lets the owner through to validation)", async () => {
      if (!route.schema.body) return;
      const res = await send(h, route, {
        cookie: business.cookie,
        params: paramsOf(route),
        body: ['not', 'an', 'object'],
      });
      expectRefusal(res);
      expect(res.statusCode, res.body).toBe(400);
    });
  });
});

describe.each(lists.map((r) => [`${r.method} ${r.url}`, r] as const))('%s', (_name, route) => {
  test("never lists another user's applications", async () => {
    const res = await send(h, route, { cookie: intruder.cookie });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toContain(owner.applicationId);
    expect(res.body).not.toContain(owner.email);
  });
});

describe('security headers on every answer', () => {
  test.each(routes.map((r) => [`${r.method} ${r.url}`, r] as const))('%s', async (_name, route) => {
    for (const cookie of [owner.cookie, undefined]) {
      const res = await send(h, route, {
        cookie,
        params: validParams(route, owner),
        body: route.method === 'GET' ? undefined : {},
      });
      const csp = String(res.headers['content-security-policy'] ?? '');
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).not.toMatch(/unsafe-eval|unsafe-inline/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      expect(csp).toMatch(/object-src 'none'/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBeTruthy();
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  test('an unknown address answers 404 with the same headers', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/v2/does-not-exist' });
    expectRefusal(res);
    expect(res.statusCode).toBe(404);
    expect(String(res.headers['content-security-policy'])).toMatch(/script-src 'self'/);
  });
});
