/**
 * doc2 §7 'What the product does with answers': a 401 clears the session. A request whose session cookie is no
 * longer live (the session ended: signed out, expired, or a token the API never issued) is answered 401 and the
 * cookie is cleared with it, so the browser stops presenting a dead session; a request without a cookie gets the 401
 * alone, and a live session is untouched. (The browser's side, toasts dismissed and sign-in: component/unauthorised.)
 */
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const setCookies = (res: { headers: Record<string, unknown> }) => {
  const header = res.headers['set-cookie'];
  return (Array.isArray(header) ? header : header ? [header] : []) as string[];
};
const cleared = (res: { headers: Record<string, unknown> }) =>
  setCookies(res).find((c) => c.startsWith('onb_session=') && /(Max-Age=0|Expires=Thu, 01 Jan 1970)/i.test(c));

describe('a 401 clears the session (doc2 §7)', () => {
  it('a session that has ended: 401, and its cookie is cleared', async () => {
    const cookie = await h.signUp();
    expect((await h.call('GET', '/api/v2/accounts', cookie)).statusCode).toBe(200);
    const out = await h.app.inject({ method: 'POST', url: '/sso/logout', headers: { cookie } });
    expect(out.statusCode).toBeLessThan(400);
    const res = await h.call('GET', '/api/v2/accounts', cookie);
    expect(res.statusCode).toBe(401);
    expect(cleared(res)).toMatch(/Path=\//);
    expect(cleared(res)).toMatch(/HttpOnly/i);
  });

  it('a token the API never issued: 401, cookie cleared', async () => {
    const res = await h.call('GET', '/api/v2/accounts', 'onb_session=not-a-session-token');
    expect(res.statusCode).toBe(401);
    expect(cleared(res)).toBeDefined();
  });

  it('no cookie: 401 and nothing to clear; a live session: no cookie touched', async () => {
    const anonymous = await h.call('GET', '/api/v2/accounts');
    expect(anonymous.statusCode).toBe(401);
    expect(setCookies(anonymous).filter((c) => c.startsWith('onb_session='))).toEqual([]);
    const cookie = await h.signUp();
    const live = await h.call('GET', '/api/v2/accounts', cookie);
    expect(live.statusCode).toBe(200);
    expect(setCookies(live).filter((c) => c.startsWith('onb_session='))).toEqual([]);
  });
});
