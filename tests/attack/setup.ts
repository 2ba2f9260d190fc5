/**
 * The attack suites' shared set-up: the API on a test database (PGlite, or PostgreSQL with TEST_DATABASE_URL),
 * a signed-in applicant with an application, and a way to call any discovered route with chosen parts.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { completeUs, sessionCookieOf, startHarness, type Harness } from '../api/harness.ts';
import { validValue } from './arbitraries.ts';
import type { RouteInfo } from './routes.ts';
import { isValid, locate, type Schema } from './schema-tools.ts';

/** A signed-in user and the application they own. */
export interface Actor {
  email: string;
  cookie: string;
  applicationId: string;
}

/** What one request to a route carries. */
export interface Parts {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  /** The JSON body; `raw` sends text as is. */
  body?: unknown;
  raw?: { payload: string; contentType: string };
  cookie?: string;
}

const password = 'correct horse battery';

/** Registers a user and creates a complete US application for them. */
export async function newActor(h: Harness, email: string): Promise<Actor> {
  const cookie = await h.signUp(email);
  const res = await h.call('POST', '/api/v2/applications', cookie, completeUs);
  if (res.statusCode !== 201) throw new Error(`create failed ${res.statusCode} ${res.body}`);
  return { email, cookie, applicationId: res.json().application.id };
}

/** Signs the actor in again when an accepted request (a logout, say) ended their session; true when it did. */
export async function ensureSession(h: Harness, actor: Actor): Promise<boolean> {
  const res = await h.call('GET', '/api/v2/session', actor.cookie);
  // Signed out is 200 with user null (issue 22 item 13): only a user there means the session holds.
  if (res.statusCode === 200 && res.json().user) return false;
  const login = await h.app.inject({
    method: 'POST',
    url: '/sso/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email: actor.email, password, path: '/' }).toString(),
  });
  actor.cookie = sessionCookieOf(login);
  return true;
}

/** Valid path parameters for a route: the actor's application id wherever the schema accepts it. */
export function validParams(route: RouteInfo, actor: Actor): Record<string, string> {
  const params: Record<string, string> = {};
  const schema = route.schema.params;
  for (const name of route.params) {
    if (!schema) {
      params[name] = actor.applicationId;
      continue;
    }
    const located = locate(schema);
    const child = (located.schema.properties as Record<string, Schema> | undefined)?.[name];
    params[name] = actor.applicationId;
    if (isValid(schema, { ...params })) continue;
    params[name] = child
      ? String(fc.sample(validValue({ schema: child, doc: located.doc }), { numRuns: 1, seed: 1 })[0])
      : 'x';
  }
  return params;
}

/** The URL of a route with parameters and query filled in. */
export function urlOf(route: RouteInfo, params: Record<string, unknown>, query?: Record<string, unknown>): string {
  // A path segment of '.' or '..' (percent-encoded too) is removed by URL normalisation before any server sees it
  // (RFC 3986 §5.2.4, WHATWG URL), so it cannot be a parameter value: such a generated value is sent as '.x'/'..x'.
  const segment = (value: string) => encodeURIComponent(value === '.' || value === '..' ? `${value}x` : value);
  const path = route.url.replace(/:([A-Za-z_]\w*)/g, (_m, name: string) => segment(String(params[name] ?? '')));
  const search =
    query && typeof query === 'object'
      ? new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()
      : '';
  return search ? `${path}?${search}` : path;
}

/** Sends one request to a route. */
export function send(h: Harness, route: RouteInfo, parts: Parts): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest' };
  if (parts.cookie) headers.cookie = parts.cookie;
  let payload: string | undefined;
  if (parts.raw) {
    payload = parts.raw.payload;
    headers['content-type'] = parts.raw.contentType;
  } else if (parts.body !== undefined) {
    payload = JSON.stringify(parts.body);
    headers['content-type'] = 'application/json';
  }
  return h.app.inject({
    method: route.method as 'GET',
    url: urlOf(route, parts.params ?? {}, parts.query),
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });
}

/** Starts the harness for an attack file. */
export async function startAttackHarness(): Promise<Harness> {
  return startHarness();
}
