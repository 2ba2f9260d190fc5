import { hashPassword } from '../../server/sandbox/sso/password.ts';
import { insertUser } from '../../server/storage/users.ts';
import { confirmationLinkIn, cookieOf, sessionCookieOf, startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ signInAttemptsPerMinute: 5 });
});
afterAll(async () => h?.close());
beforeEach(async () => h.t.reset());

const form = (fields: Record<string, string>, extra: Record<string, string> = {}) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded', ...extra },
  payload: new URLSearchParams(fields).toString(),
});

let address = 0;
/** Each test posts from its own client address, so the rate limit of one test does not leak into another. */
const from = () => ({ remoteAddress: `10.0.0.${++address}` });

async function register(email: string, path = '/next', extra: Record<string, string> = {}) {
  return h.app.inject({
    method: 'POST',
    url: '/sso/register',
    ...from(),
    ...form({ email, password: 'long enough pw', confirmPassword: 'long enough pw', path }, extra),
  });
}

/** Registers, then opens the emailed link as the registering browser: the answer that starts the session. */
async function registerAndConfirm(email: string, path = '/next') {
  const posted = await register(email, path);
  const registration = cookieOf(posted, 'onb_registration');
  const outbox = await h.app.inject({ method: 'GET', url: '/sandbox/outbox', headers: { cookie: registration } });
  const link = confirmationLinkIn(outbox.body);
  if (!link) throw new Error(`no confirmation link for ${email}`);
  return h.app.inject({ method: 'GET', url: link, headers: { cookie: registration } });
}

const userCount = async () =>
  Number((await h.t.db.query<{ n: string | number }>('SELECT count(*) AS n FROM users')).rows[0]!.n);

describe('sign-on pages', () => {
  it('renders the sign-in page in English by default, with labels and autocomplete tokens', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/sso/login?path=/urn:app:x/applicant' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<html lang="en-US">');
    expect(res.body).toContain('<label for="email">Email address</label>');
    expect(res.body).toMatch(/<input id="email"[^>]*autocomplete="username"/);
    expect(res.body).toMatch(/<input id="password"[^>]*autocomplete="current-password"/);
    expect(res.body).toContain('value="/urn:app:x/applicant"');
  });

  it('renders in French from Accept-Language, and the locale cookie wins over it', async () => {
    const fr = await h.app.inject({
      method: 'GET',
      url: '/sso/register?realm=idp&app=onboarding',
      headers: { 'accept-language': 'fr-CA,fr;q=0.9' },
    });
    expect(fr.body).toContain('<html lang="fr-CA">');
    expect(fr.body).toContain('Créez votre compte');
    expect(fr.body).toMatch(/<input id="password"[^>]*autocomplete="new-password"/);
    expect(fr.body).toContain('name="realm" value="idp"');
    const cookieWins = await h.app.inject({
      method: 'GET',
      url: '/sso/login',
      headers: { 'accept-language': 'fr-CA', cookie: 'locale=en-CA' },
    });
    expect(cookieWins.body).toContain('<html lang="en-CA">');
  });

  it('has no inline script or style, and is served under a strict CSP with its own stylesheet', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/sso/login' });
    expect(res.body).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    const css = await h.app.inject({ method: 'GET', url: '/sso/assets/sso.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
    // The sandbox pages' shared base (server/sandbox/base.css), then the sign-on pages' own rules.
    expect(css.body).toContain(':focus-visible');
    expect(css.body).toContain('.field--error input');
  });

  it('escapes what it echoes', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: `/sso/login?path=${encodeURIComponent('/"><script>alert(1)</script>')}`,
    });
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('&quot;&gt;&lt;script&gt;');
  });
});

describe('registration and sign-in', () => {
  it('registration signs nobody in: the link emailed to the address creates the account and starts the session (issue 23)', async () => {
    const res = await register('new@example.com', '/urn:app:abc/applicant?step=2');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/sso/register/sent?path=${encodeURIComponent('/urn:app:abc/applicant?step=2')}`);
    expect(String(res.headers['set-cookie'])).not.toContain('onb_session=');
    expect(await userCount()).toBe(0);
    const sent = await h.app.inject({ method: 'GET', url: String(res.headers.location) });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain('Check your email');
    expect(sent.body).toContain('href="/sandbox/outbox"');
    // Not signed in yet: the password alone does not open the account until the address is confirmed.
    const early = await h.app.inject({
      method: 'POST',
      url: '/sso/login',
      ...from(),
      ...form({ email: 'new@example.com', password: 'long enough pw', path: '/a' }),
    });
    expect(early.statusCode).toBe(401);

    const registration = cookieOf(res, 'onb_registration');
    const outbox = await h.app.inject({ method: 'GET', url: '/sandbox/outbox', headers: { cookie: registration } });
    expect(outbox.body).toContain('Confirm your email address to create your account');
    // Another browser (no pending-registration cookie) reads nothing.
    expect((await h.app.inject({ method: 'GET', url: '/sandbox/outbox' })).body).not.toContain('/sso/register/confirm');
    const link = confirmationLinkIn(outbox.body)!;
    const confirmed = await h.app.inject({ method: 'GET', url: link, headers: { cookie: registration } });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe('/urn:app:abc/applicant?step=2');
    const setCookie = String(confirmed.headers['set-cookie']);
    expect(setCookie).toMatch(/onb_session=[^;]+; Max-Age=7200; Path=\/; HttpOnly; SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/);
    const session = await h.app.inject({
      method: 'GET',
      url: '/api/v2/session',
      headers: { cookie: sessionCookieOf(confirmed) },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ user: { email: 'new@example.com' } });
    expect(await userCount()).toBe(1);
    // The link works once.
    const again = await h.app.inject({ method: 'GET', url: link, headers: { cookie: registration } });
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('This link no longer works');
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('the link opened in another browser creates the account but signs nobody in there: it sends to sign-in', async () => {
    const res = await register('elsewhere@example.com', '/x');
    const registration = cookieOf(res, 'onb_registration');
    const outbox = await h.app.inject({ method: 'GET', url: '/sandbox/outbox', headers: { cookie: registration } });
    const opened = await h.app.inject({ method: 'GET', url: confirmationLinkIn(outbox.body)! });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/sso/login?path=%2Fx');
    expect(opened.headers['set-cookie']).toBeUndefined();
    expect(await userCount()).toBe(1);
  });

  it('registering a taken address answers byte for byte as a new one; only the emails differ (issue 23)', async () => {
    await insertUser(h.t.db, 'taken@example.com', await hashPassword('the holder’s own password'));
    const fresh = await register('fresh@example.com', '/urn:app:abc/applicant');
    const taken = await register('taken@example.com', '/urn:app:abc/applicant');
    // Everything but the random cookie value and the clock is the same: status, headers, cookie attributes, body.
    const comparable = (res: typeof fresh) => ({
      status: res.statusCode,
      headers: Object.fromEntries(
        Object.entries(res.headers)
          .filter(([name]) => name !== 'date')
          .map(([name, value]) => [
            name,
            name === 'set-cookie' ? [value].flat().map((c) => String(c).replace(/^([^=]+)=[^;]*/, '$1=…')) : value,
          ]),
      ),
      body: res.body,
    });
    expect(comparable(taken)).toEqual(comparable(fresh));
    expect(String(fresh.headers['set-cookie'])).toMatch(
      /^onb_registration=[^;]+; Max-Age=86400; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    expect(String(taken.headers['set-cookie'])).not.toContain('onb_session=');
    expect(await userCount()).toBe(1);

    // The holder of the taken address is told, with a sign-in link; no confirmation link exists for it.
    const takenOutbox = await h.app.inject({
      method: 'GET',
      url: '/sandbox/outbox',
      headers: { cookie: cookieOf(taken, 'onb_registration') },
    });
    expect(takenOutbox.body).toContain('Someone tried to create an account with your email address');
    expect(confirmationLinkIn(takenOutbox.body)).toBeUndefined();
    expect(takenOutbox.body).toContain('href="/sso/login?path=%2Furn%3Aapp%3Aabc%2Fapplicant"');

    // The new address's link creates its account and starts its first session.
    const freshCookie = cookieOf(fresh, 'onb_registration');
    const freshOutbox = await h.app.inject({ method: 'GET', url: '/sandbox/outbox', headers: { cookie: freshCookie } });
    const confirmed = await h.app.inject({
      method: 'GET',
      url: confirmationLinkIn(freshOutbox.body)!,
      headers: { cookie: freshCookie },
    });
    expect(confirmed.statusCode).toBe(303);
    const session = await h.app.inject({
      method: 'GET',
      url: '/api/v2/session',
      headers: { cookie: sessionCookieOf(confirmed) },
    });
    expect(session.json()).toEqual({ user: { email: 'fresh@example.com' } });
    expect(await userCount()).toBe(2);
  });

  it('marks the cookies Secure behind TLS', async () => {
    const tls = await startHarness({ trustProxy: true });
    try {
      const https = { 'x-forwarded-proto': 'https' };
      const res = await tls.app.inject({
        method: 'POST',
        url: '/sso/register',
        ...form({ email: 'tls@example.com', password: 'long enough pw', confirmPassword: 'long enough pw' }, https),
      });
      expect(res.statusCode).toBe(303);
      expect(String(res.headers['set-cookie'])).toMatch(/Secure/);
      const cookie = cookieOf(res, 'onb_registration');
      const outbox = await tls.app.inject({ method: 'GET', url: '/sandbox/outbox', headers: { cookie, ...https } });
      const confirmed = await tls.app.inject({
        method: 'GET',
        url: confirmationLinkIn(outbox.body)!,
        headers: { cookie, ...https },
      });
      expect(String(confirmed.headers['set-cookie'])).toMatch(/onb_session=[^;]+;.*Secure/);
    } finally {
      await tls.close();
    }
  });

  it.each([
    ['https://evil.example/steal', '/'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/ok/path?x=1', '/ok/path?x=1'],
  ])('sends %s back as %s (same-origin paths only)', async (path, expected) => {
    const res = await registerAndConfirm(`p${address}@example.com`, path);
    expect(res.headers.location).toBe(expected);
  });

  it('re-renders the form with an error summary for bad input, and creates no user', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/sso/register',
      ...from(),
      ...form({ email: 'not-an-email', password: 'short', confirmPassword: 'short', path: '/x' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('class="error-summary"');
    expect(res.body).toContain('<a href="#email">Please enter a valid Email Address</a>');
    expect(res.body).toContain('Your password must have at least 10 characters.');
    expect(res.body).toMatch(/<input id="email"[^>]*aria-describedby="email-error"[^>]*aria-invalid="true"/);
    const { rows } = await h.t.db.query<{ n: string | number }>('SELECT count(*) AS n FROM users');
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it('a second account for the same email is not made (issue 23): the holder is emailed, nobody is signed in', async () => {
    await registerAndConfirm('dup@example.com');
    const again = await registerAndConfirm('DUP@example.com').catch((error: Error) => error);
    expect(again).toBeInstanceOf(Error);
    expect(await userCount()).toBe(1);
    const mail = await h.t.db.query<{ recipient: string; message: string }>(
      "SELECT recipient, message FROM outbox WHERE channel = 'email' ORDER BY id",
    );
    expect(mail.rows).toEqual([
      { recipient: 'dup@example.com', message: 'outbox.email.confirmRegistration.body' },
      { recipient: 'dup@example.com', message: 'outbox.email.accountExists.body' },
    ]);
  });

  it('signs in with the right password, refuses a wrong one without saying which part was wrong', async () => {
    await registerAndConfirm('who@example.com');
    const wrong = await h.app.inject({
      method: 'POST',
      url: '/sso/login',
      ...from(),
      ...form({ email: 'who@example.com', password: 'wrong password', path: '/a' }),
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('The email address or password is incorrect.');
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const unknown = await h.app.inject({
      method: 'POST',
      url: '/sso/login',
      ...from(),
      ...form({ email: 'nobody@example.com', password: 'whatever pw', path: '/a' }),
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toContain('The email address or password is incorrect.');
    const right = await h.app.inject({
      method: 'POST',
      url: '/sso/login',
      ...from(),
      ...form({ email: 'Who@Example.com', password: 'long enough pw', path: '/a' }),
    });
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe('/a');
    expect(
      (await h.app.inject({ method: 'GET', url: '/api/v2/session', headers: { cookie: sessionCookieOf(right) } }))
        .statusCode,
    ).toBe(200);
  });

  it('rate-limits sign-in attempts per client address with 429', async () => {
    const client = from();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/sso/login',
        ...client,
        ...form({ email: 'x@example.com', password: 'guess ' + i }),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const other = await h.app.inject({
      method: 'POST',
      url: '/sso/login',
      ...from(),
      ...form({ email: 'x@example.com', password: 'guess' }),
    });
    expect(other.statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('answers 200 with user null without a session or with an unknown one (nobody signed in is an answer, not a failure: issue 22 item 13)', async () => {
    for (const headers of [{}, { cookie: 'onb_session=made-up' }]) {
      const res = await h.app.inject({ method: 'GET', url: '/api/v2/session', headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ user: null });
      // Every other read still needs a session.
      expect(
        (await h.app.inject({ method: 'POST', url: '/api/v2/applications', headers, payload: {} })).statusCode,
      ).toBe(401);
    }
  });

  it('expires sessions (doc2 §9: 7,200,000 ms) because they live in the database', async () => {
    const cookie = sessionCookieOf(await registerAndConfirm('old@example.com'));
    // Read while live first (the embedded database's read cache then holds the session: it must not outlive the row).
    expect((await h.app.inject({ method: 'GET', url: '/api/v2/session', headers: { cookie } })).statusCode).toBe(200);
    await h.t.db.query("UPDATE sessions SET expires_at = now() - interval '1 second'");
    expect((await h.app.inject({ method: 'GET', url: '/api/v2/session', headers: { cookie } })).json()).toEqual({
      user: null,
    });
  });

  it('sets the expiry two hours ahead', async () => {
    await registerAndConfirm('ttl@example.com');
    const { rows } = await h.t.db.query<{ seconds: string | number }>(
      'SELECT extract(epoch FROM expires_at - created_at) AS seconds FROM sessions',
    );
    expect(Math.round(Number(rows[0]!.seconds))).toBe(7200);
  });

  it('logs out: the session is gone from the database and the cookie is cleared', async () => {
    const cookie = sessionCookieOf(await registerAndConfirm('bye@example.com'));
    // Reads before logout: the session alone, and the session with an application (one query, or the read cache).
    const created = await h.app.inject({
      method: 'POST',
      url: '/api/v2/applications',
      headers: { cookie },
      payload: {},
    });
    const applicationUrl = `/api/v2/applications/${created.json().application.id}`;
    expect((await h.app.inject({ method: 'GET', url: '/api/v2/session', headers: { cookie } })).statusCode).toBe(200);
    expect((await h.app.inject({ method: 'GET', url: applicationUrl, headers: { cookie } })).statusCode).toBe(200);
    const res = await h.app.inject({ method: 'POST', url: '/sso/logout', headers: { cookie } });
    expect(res.statusCode).toBe(303);
    expect(String(res.headers['set-cookie'])).toMatch(/onb_session=;/);
    expect((await h.app.inject({ method: 'GET', url: '/api/v2/session', headers: { cookie } })).json()).toEqual({
      user: null,
    });
    expect((await h.app.inject({ method: 'GET', url: applicationUrl, headers: { cookie } })).statusCode).toBe(401);
  });
});
