import { sessionCookieOf, startHarness, type Harness } from './harness.ts';

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
  it('registers, sets a database session cookie and sends the user back with 303', async () => {
    const res = await register('new@example.com', '/urn:app:abc/applicant?step=2');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/urn:app:abc/applicant?step=2');
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Max-Age=7200/);
    expect(setCookie).not.toMatch(/Secure/);
    const session = await h.app.inject({
      method: 'GET',
      url: '/api/v2/session',
      headers: { cookie: sessionCookieOf(res) },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json()).toEqual({ user: { email: 'new@example.com' } });
    const { rows } = await h.t.db.query<{ n: string | number }>('SELECT count(*) AS n FROM sessions');
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('marks the cookie Secure behind TLS', async () => {
    const tls = await startHarness({ trustProxy: true });
    try {
      const res = await tls.app.inject({
        method: 'POST',
        url: '/sso/register',
        ...form(
          { email: 'tls@example.com', password: 'long enough pw', confirmPassword: 'long enough pw' },
          { 'x-forwarded-proto': 'https' },
        ),
      });
      expect(res.statusCode).toBe(303);
      expect(String(res.headers['set-cookie'])).toMatch(/Secure/);
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
    const res = await register(`p${address}@example.com`, path);
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

  it('a second account for the same email is not made, and the answer does not tell (issue 23): the holder is emailed', async () => {
    const first = await register('dup@example.com');
    const again = await register('DUP@example.com');
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.headers.location).toBe(first.headers.location);
    expect(String(again.headers['set-cookie'] ?? '')).not.toContain('onb_session=');
    const { rows } = await h.t.db.query<{ n: string | number }>('SELECT count(*) AS n FROM users');
    expect(Number(rows[0]!.n)).toBe(1);
    const mail = await h.t.db.query<{ recipient: string; message: string }>(
      "SELECT recipient, message FROM outbox WHERE channel = 'email'",
    );
    expect(mail.rows).toEqual([{ recipient: 'dup@example.com', message: 'outbox.email.accountExists.body' }]);
  });

  it('signs in with the right password, refuses a wrong one without saying which part was wrong', async () => {
    await register('who@example.com');
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
    const cookie = sessionCookieOf(await register('old@example.com'));
    // Read while live first (the embedded database's read cache then holds the session: it must not outlive the row).
    expect((await h.app.inject({ method: 'GET', url: '/api/v2/session', headers: { cookie } })).statusCode).toBe(200);
    await h.t.db.query("UPDATE sessions SET expires_at = now() - interval '1 second'");
    expect((await h.app.inject({ method: 'GET', url: '/api/v2/session', headers: { cookie } })).json()).toEqual({
      user: null,
    });
  });

  it('sets the expiry two hours ahead', async () => {
    await register('ttl@example.com');
    const { rows } = await h.t.db.query<{ seconds: string | number }>(
      'SELECT extract(epoch FROM expires_at - created_at) AS seconds FROM sessions',
    );
    expect(Math.round(Number(rows[0]!.seconds))).toBe(7200);
  });

  it('logs out: the session is gone from the database and the cookie is cleared', async () => {
    const cookie = sessionCookieOf(await register('bye@example.com'));
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
