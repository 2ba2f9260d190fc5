/**
 * Generated attacks on every route the API has (found at run time, see routes.ts): schema-violating, wrong-type,
 * injection, oversized and malformed bodies, queries and path parameters built from each route's own schema
 * with fast-check. Never a 5xx; every refusal is a 4xx naming the problem; a refusal changes no row of any table;
 * nothing pollutes Object.prototype. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Harness } from '../api/harness.ts';
import { attackArbitrary, attacksFor, injectionStrings, type Attack } from './attacks.ts';
import { validValue } from './arbitraries.ts';
import { expectHandled, expectRefusal } from './expect.ts';
import { discoverRoutes, type RouteInfo } from './routes.ts';
import { ensureSession, newActor, send, startAttackHarness, validParams, type Actor, type Parts } from './setup.ts';
import { isValid, locate, type Schema } from './schema-tools.ts';
import { fingerprint, snapshot } from './snapshot.ts';

const routes = await discoverRoutes();
const runs = Number(process.env.ATTACK_RUNS ?? 10);

let h: Harness;
let actor: Actor;

beforeAll(async () => {
  h = await startAttackHarness();
  actor = await newActor(h, 'attacked@example.com');
});
afterAll(async () => {
  await h?.close();
});

/** A valid value of a request part, or `{}` when the schema accepts it and generation found nothing valid. */
function validBase(schema: Schema): fc.Arbitrary<unknown> {
  const located = locate(schema);
  return validValue(located).filter((v) => isValid(schema, v));
}

/** A params attack only reaches the server when it changes a parameter the path carries. */
function reachesServer(route: RouteInfo, part: string, attack: Attack): boolean {
  if (part !== 'params') return true;
  const first = attack.pointer.split('/')[1];
  return first === undefined || route.params.includes(first);
}

/** A NUL byte in every string place of a body or query (the database refuses it; the API must answer 400, not 500). */
function nulAttacks(located: ReturnType<typeof locate>, base: unknown, part: string): Attack[] {
  if (part === 'params') return [];
  return attacksFor(located, base, {
    injectionsPerPlace: injectionStrings.length,
    stringsOnly: part !== 'body',
  }).filter((attack) => attack.kind === 'injection' && JSON.stringify(attack.value).includes('\\u0000'));
}

/** The database's fingerprint after the last refused request of this test (nothing has changed since), else undefined. */
let known: Record<string, string> | undefined;
beforeEach(() => {
  known = undefined;
});

/** Sends `parts` and checks the answer against the attack's expectation, with the database unchanged on refusal. */
async function assertAttack(
  route: RouteInfo,
  part: 'body' | 'querystring' | 'params',
  attack: Attack,
  parts: Parts,
): Promise<void> {
  const before = known ?? (await fingerprint(h.t.db));
  const res = await send(h, route, { cookie: actor.cookie, ...parts });
  const prefix = part === 'body' ? '' : `/${part}`;
  const accepted = res.statusCode < 400;
  if (attack.mayBeAccepted && (accepted || isValid(route.schema[part]!, attack.value))) {
    expectHandled(res, typeof attack.value === 'object' ? undefined : String(attack.value));
    for (const text of injectionStrings) if (text.includes('<')) expectHandled(res, text);
  } else {
    expectRefusal(res, `${prefix}${attack.pointer}` || '/', attack.key);
  }
  known = undefined;
  if (res.statusCode >= 400) {
    const after = await fingerprint(h.t.db);
    expect(after, 'a refused request changed the database').toEqual(before);
    known = after;
  }
  if (await ensureSession(h, actor)) known = undefined;
  expect(({} as Record<string, unknown>).zzAttack).toBeUndefined();
  expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
}

test('route discovery finds the API', () => {
  const names = routes.map((r) => `${r.method} ${r.url}`);
  for (const expected of [
    'POST /api/v2/applications',
    'GET /api/v2/applications/:id',
    'PUT /api/v2/applications/:id',
    'POST /api/v2/applications/:id/onboard',
  ])
    expect(names).toContain(expected);
});

describe.each(routes.map((r) => [`${r.method} ${r.url}`, r] as const))('%s', (_name, route) => {
  const parts = (['body', 'querystring', 'params'] as const).filter((p) => route.schema[p]);

  test.each(parts.map((p) => [p]))(
    'every single-place attack on a valid %s is refused or handled, and refusals change nothing',
    async (part) => {
      const schema = route.schema[part]!;
      const located = locate(schema);
      const [base] = fc.sample(validBase(schema), { numRuns: 1, seed: 42 });
      // NUL bytes go to every string place (PostgreSQL refuses them in text and jsonb); the rest rotate over the places.
      const attacks = attacksFor(located, base, {
        stringsOnly: part !== 'body',
        valuesOnly: part === 'params',
        injectionsPerPlace: 3,
      })
        .filter((attack) => reachesServer(route, part, attack))
        .concat(nulAttacks(located, base, part));
      expect(attacks.length).toBeGreaterThan(0);
      const body =
        part !== 'body' && route.schema.body
          ? fc.sample(validBase(route.schema.body), { numRuns: 1, seed: 42 })[0]
          : undefined;
      for (const attack of attacks) {
        const request: Parts = { params: validParams(route, actor), body };
        if (part === 'body') request.body = attack.value;
        if (part === 'querystring') request.query = attack.value as Record<string, unknown>;
        if (part === 'params') request.params = attack.value as Record<string, unknown>;
        try {
          await assertAttack(route, part, attack, request);
        } catch (error) {
          throw new Error(
            `${attack.kind} at ${attack.pointer} (${JSON.stringify(attack.value).slice(0, 300)}): ${(error as Error).message}`,
            { cause: error },
          );
        }
      }
      // Hundreds of requests, each with a database snapshot before and after, for the application document's body:
      // about 10 s on an idle machine, over 30 s on PostgreSQL at load 14. A correctness test, never a timing one.
    },
    180_000,
  );

  test.each(parts.map((p) => [p]))(
    'generated bad %s (random valid values) is refused, names the field and changes nothing',
    async (part) => {
      const schema = route.schema[part]!;
      const located = locate(schema);
      const stringsOnly = part !== 'body';
      await fc.assert(
        fc.asyncProperty(
          attackArbitrary(located, validBase(schema), { stringsOnly, valuesOnly: part === 'params' }).filter((a) =>
            reachesServer(route, part, a),
          ),
          fc.context(),
          async (attack, ctx) => {
            ctx.log(`${attack.kind} at ${attack.pointer}: ${JSON.stringify(attack.value).slice(0, 200)}`);
            const request: Parts = { params: validParams(route, actor) };
            if (part === 'body') request.body = attack.value;
            else if (route.schema.body) request.body = fc.sample(validBase(route.schema.body), { numRuns: 1 })[0];
            if (part === 'querystring') request.query = attack.value as Record<string, unknown>;
            if (part === 'params') request.params = attack.value as Record<string, unknown>;
            await assertAttack(route, part, attack, request);
          },
        ),
        { numRuns: runs },
      );
    },
  );

  test('unexpected query parameters and headers never cause a server error', async () => {
    for (const query of [
      { zzAttack: '<script>alert(1)</script>' },
      { "a'--": '1', __proto__x: 'x' },
      { q: 'x'.repeat(4000) },
    ]) {
      const before = await snapshot(h.t.db);
      const res = await send(h, route, { cookie: actor.cookie, params: validParams(route, actor), query });
      expectHandled(res, query.zzAttack);
      if (res.statusCode >= 400) {
        expectRefusal(res);
        expect(await snapshot(h.t.db)).toEqual(before);
      }
      await ensureSession(h, actor);
    }
  });

  if (route.method !== 'GET') {
    test('malformed, oversized, deeply nested and wrongly typed bodies are refused and change nothing', async () => {
      const params = validParams(route, actor);
      // A route that takes no body may ignore a text one (any answer but a 5xx); everything else is refused.
      const cases: Array<{ raw: { payload: string; contentType: string }; status: number[] | 'handled' }> = [
        { raw: { payload: '{"a":', contentType: 'application/json' }, status: [400] },
        { raw: { payload: '{"__proto__":{"polluted":true}}', contentType: 'application/json' }, status: [400] },
        {
          // Past the route's own limit where it sets one (a document upload takes megabytes), else past the app's 64 KB.
          raw: {
            payload: JSON.stringify({ pad: 'x'.repeat((route.bodyLimit ?? 64 * 1024) + 6 * 1024) }),
            contentType: 'application/json',
          },
          status: [413],
        },
        { raw: { payload: '<a/>', contentType: 'application/xml' }, status: [415] },
      ];
      if (route.schema.body) {
        // Fastify parses text/plain as a string, which the body schema then refuses.
        cases.push({ raw: { payload: 'hello', contentType: 'text/plain' }, status: [400, 415] });
        cases.push({
          raw: { payload: `${'['.repeat(2000)}${']'.repeat(2000)}`, contentType: 'application/json' },
          status: [400],
        });
        cases.push({ raw: { payload: '"just a string"', contentType: 'application/json' }, status: [400] });
      } else cases.push({ raw: { payload: 'hello', contentType: 'text/plain' }, status: 'handled' });
      for (const { raw, status } of cases) {
        const before = await snapshot(h.t.db);
        const res = await send(h, route, { cookie: actor.cookie, params, raw });
        if (status === 'handled') {
          expectHandled(res);
          await ensureSession(h, actor);
          continue;
        }
        expectRefusal(res);
        expect(
          status,
          `${raw.contentType} ${raw.payload.slice(0, 40)} -> ${res.statusCode} ${res.body.slice(0, 200)}`,
        ).toContain(res.statusCode);
        expect(await snapshot(h.t.db)).toEqual(before);
        await ensureSession(h, actor);
      }
      expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
    });
  }

  if (route.auth) {
    test('without a session: 401 and nothing changes', async () => {
      const before = await snapshot(h.t.db);
      const body = route.schema.body ? fc.sample(validBase(route.schema.body), { numRuns: 1 })[0] : undefined;
      const query = route.schema.querystring
        ? (fc.sample(validBase(route.schema.querystring), { numRuns: 1 })[0] as Record<string, unknown>)
        : undefined;
      const res = await send(h, route, {
        params: validParams(route, actor),
        body,
        query,
        cookie: 'onb_session=forged-token',
      });
      expectRefusal(res);
      expect(res.statusCode).toBe(401);
      expect(await snapshot(h.t.db)).toEqual(before);
    });
  }
});
