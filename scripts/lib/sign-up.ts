/**
 * The one sign-up helper of the journeys, the benchmarks and the screenshot gallery: a new local account on the
 * sandbox sign-on, through its form post (no browser), answering the session cookie. It lives in scripts/lib/ (no
 * Playwright import) because scripts never import from tests/; the tests import it from here. The journeys'
 * browser sign-up (tests/e2e/support.ts `registerFromSignOn`) types the same password into the same form.
 */

/** The password every sandbox account of the tests and scripts gets. */
export const sandboxPassword = 'correct horse battery staple';

/** Registers `email` on the app server at `baseUrl` and returns the session cookie as `name=value`. */
export async function signUpThroughApi(baseUrl: string, email: string, password = sandboxPassword): Promise<string> {
  const res = await fetch(`${baseUrl}/sso/register`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password, confirmPassword: password, path: '/' }),
  });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
  if (res.status !== 303 || !cookie) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return cookie;
}
