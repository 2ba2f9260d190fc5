/**
 * The API test harness: one database and one app per test file, reset between tests, and helpers that
 * sign up through the real sign-on pages and call the API through `app.inject()`.
 */
import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../../server/app.ts';
import { openTestDatabase, type TestDatabase } from '../storage/test-database.ts';

/** A running app and its database. */
/**
 * Collects everything the app logs (`startHarness({ logLevel: 'trace', logStream })`), as one text: a secret written
 * across two chunks is still found in it.
 */
export class LogCapture extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.text += chunk.toString('utf8');
    done();
  }
  /** The log lines written so far. */
  get lines(): string[] {
    return this.text.split('\n').filter(Boolean);
  }
}

export interface Harness {
  app: FastifyInstance;
  t: TestDatabase;
  /** Registers a sandbox account and returns its session cookie (`name=value`). */
  signUp(email?: string): Promise<string>;
  /** A JSON request as a signed-in user (cookie may be undefined for anonymous). */
  call(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    cookie?: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

let counter = 0;

/** Starts the app on a fresh test database. */
export async function startHarness(options: Partial<AppOptions> = {}): Promise<Harness> {
  const t = await openTestDatabase();
  // Many sign-ups per file: the sign-in rate limit has its own test (sso.test.ts).
  const app = await buildApp({ db: t.db, logLevel: 'silent', signInAttemptsPerMinute: 10_000, ...options });
  await app.ready();
  return {
    app,
    t,
    async signUp(email = `user${++counter}@example.com`) {
      const res = await app.inject({
        method: 'POST',
        url: '/sso/register',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          email,
          password: 'correct horse battery',
          confirmPassword: 'correct horse battery',
          path: '/',
        }).toString(),
      });
      if (res.statusCode !== 303) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
      // Registration never signs in (issue 23): the emailed link does. Read it in the sandbox outbox as the
      // registering browser (its pending-registration cookie) and open it.
      const registration = cookieOf(res, 'onb_registration');
      const outbox = await app.inject({ method: 'GET', url: '/sandbox/outbox', headers: { cookie: registration } });
      const link = confirmationLinkIn(outbox.body);
      if (!link) throw new Error(`sign-up failed: no confirmation link in the outbox ${outbox.statusCode}`);
      const confirmed = await app.inject({ method: 'GET', url: link, headers: { cookie: registration } });
      if (confirmed.statusCode !== 303)
        throw new Error(`confirmation failed: ${confirmed.statusCode} ${confirmed.body}`);
      return sessionCookieOf(confirmed);
    },
    call(method, url, cookie, body, headers = {}) {
      return app.inject({
        method,
        url,
        headers: { ...(cookie ? { cookie } : {}), ...headers },
        ...(body !== undefined ? { payload: body as object } : {}),
      });
    },
    async close() {
      await app.close();
      await t.close();
    },
  };
}

/** The `name=value` of the cookie `name` a response sets. */
export function cookieOf(res: LightMyRequestResponse, name: string): string {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  const found = all.find((c) => c.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie set`);
  return found.split(';')[0]!;
}

/** The newest registration confirmation link on a sandbox outbox page (as its href, unescaped), if any. */
export function confirmationLinkIn(html: string): string | undefined {
  return /href="(\/sso\/register\/confirm\?[^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
}

/** The `name=value` of the session cookie a response sets. */
export function sessionCookieOf(res: LightMyRequestResponse): string {
  const header = res.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  const found = all.find((c) => c.startsWith('onb_session='));
  if (!found) throw new Error('no session cookie set');
  return found.split(';')[0]!;
}

/** The complete, valid applicants shared by every tier. */
export { completeCa, completeUs } from '../../server/sandbox/applicants.ts';

/** Plays the tester on the sandbox inquiry page: posts the chosen outcome for the inquiry at `url`. */
export async function completeInquiry(
  h: Harness,
  url: string,
  outcome: 'RECEIVED' | 'IN_PROGRESS' | 'TIMEOUT',
): Promise<void> {
  const address = new URL(url, 'http://sandbox.invalid');
  const page = await h.app.inject({ method: 'GET', url });
  if (page.statusCode !== 200) throw new Error(`inquiry page: ${page.statusCode}`);
  const res = await h.app.inject({
    method: 'POST',
    url: address.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token: address.searchParams.get('token') ?? '', outcome }).toString(),
  });
  if (res.statusCode !== 200) throw new Error(`inquiry outcome: ${res.statusCode} ${res.body}`);
}

/** Form-encoded request options. */
export function formBody(fields: Record<string, string>): { headers: Record<string, string>; payload: string } {
  return {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  };
}
