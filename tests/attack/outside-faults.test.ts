/**
 * Faults and attacks found from outside the project's own suite (issue 23, items 2 to 8). Each block was seen to
 * fail before its fix. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import type { LightMyRequestResponse } from 'fastify';
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

function raw(h: Harness, method: string, url: string, payload: string, headers: Record<string, string>): Promise<LightMyRequestResponse> {
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
        expect(res.statusCode, `${route.method} ${route.url} ${cookie ? 'signed in' : 'anonymous'}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
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
    const id = created.statusCode < 300 ? (created.json() as { application: { id: string } }).application.id : actor.applicationId;
    const res = await raw(h, 'PATCH', `/api/v1/commerce/onboarding-applications/${encodeURIComponent(id)}`, nested(4000), {
      'content-type': 'application/json-patch+json',
      cookie: actor.cookie,
    });
    expectRefusal(res, '/', 'errors.nestingTooDeep');
    expect(res.statusCode).toBe(400);
  });

  test('nesting a real document needs stays accepted', async () => {
    const actor = await newActor(h, 'shallow@example.com');
    const res = await h.call('PUT', `/api/v2/applications/${encodeURIComponent(actor.applicationId)}`, actor.cookie, { company: completeUs.company });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  });
});
