/**
 * The one sign-up helper of the journeys, the benchmarks and the screenshot gallery: a new local account on the
 * sandbox sign-on, through its form post and the emailed confirmation link (no browser), answering the session cookie.
 * It lives in scripts/lib/ (no Playwright import) because scripts never import from tests/; the tests import it from
 * here. The journeys' browser sign-up (tests/e2e/support.ts `registerFromSignOn`) types the same password into the
 * same form.
 */

/** The password every sandbox account of the tests and scripts gets. */
export const sandboxPassword = 'correct horse battery staple';

/**
 * Registers `email` on the app server at `baseUrl` and returns the session cookie as `name=value`. Registration
 * never signs in (issue 23): it answers "check your email" with a pending-registration cookie, with which the sandbox
 * outbox shows the email sent for it; opening the email's link creates the account and starts the session.
 */
export async function signUpThroughApi(baseUrl: string, email: string, password = sandboxPassword): Promise<string> {
  const res = await fetch(`${baseUrl}/sso/register`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password, confirmPassword: password, path: '/' }),
  });
  const registration = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('onb_registration='))
    ?.split(';')[0];
  if (res.status !== 303 || !registration) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const outbox = await fetch(`${baseUrl}/sandbox/outbox`, { headers: { cookie: registration } });
  const html = await outbox.text();
  const link = /href="(\/sso\/register\/confirm\?[^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
  if (!link) throw new Error(`sign-up failed: no confirmation link in the outbox (${outbox.status})`);
  const confirmed = await fetch(`${baseUrl}${link}`, { redirect: 'manual', headers: { cookie: registration } });
  const cookie = confirmed.headers
    .getSetCookie()
    .find((c) => c.startsWith('onb_session='))
    ?.split(';')[0];
  if (confirmed.status !== 303 || !cookie) throw new Error(`confirmation failed: ${confirmed.status}`);
  return cookie;
}
