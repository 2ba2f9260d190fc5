import { completeUs, type Harness, LogCapture, startHarness } from './harness.ts';

const capture = new LogCapture();
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ logLevel: 'trace', logStream: capture });
});
afterAll(async () => h?.close());

// Secrets that must never appear in a log line.
const ssn = '123450004';
const sin = '130692544';
const ein = '451234567';
const account = '987654321012';
const routing = '011000015';
const card = '4111111111111111';

describe('log redaction', () => {
  it('keeps SSN, SIN, EIN, bank and card numbers out of every log line', async () => {
    const cookie = await h.signUp('logs@example.com');
    // Launch-style query parameters carrying secrets (doc1 §3), on API and non-API paths.
    await h.app.inject({ method: 'GET', url: `/api/v2/configs?ssn=${ssn}&companyIdentificationValue=${ein}` });
    await h.app.inject({ method: 'GET', url: `/some/client/route?applicantSin=${sin}&card=${card}` });
    // Bodies with secrets, valid and invalid.
    const created = await h.call('POST', '/api/v2/applications', cookie, {
      applicant: {
        ...completeUs.applicant,
        governmentIdentification: { type: 'INDIVIDUAL', value: ssn, sourceType: 'SSN9' },
      },
      company: {
        ...completeUs.company,
        governmentIdentification: { type: 'BUSINESS', value: ein, sourceType: 'FEIN' },
      },
    });
    const id = created.json().application.id;
    await h.call('POST', `/api/v2/applications/${id}/financial-instruments/manual`, cookie, {
      accountNumber: account,
      accountType: 'CHECKING',
      fullName: 'Ann Lee',
      primary: true,
      routingNumber: routing,
    });
    await h.call('POST', `/api/v2/applications/${id}/financial-instruments/manual`, cookie, {
      accountNumber: account,
      accountType: 'CHECKING',
      fullName: 'Ann Lee',
      primary: true,
      routingNumber: '011000016',
    });
    await h.call('POST', '/api/v2/analytics', cookie, { type: 'x', params: { cardNumber: card } });
    // A log call that passes an object holding secrets is censored too.
    h.app.log.info(
      {
        bank: { account: { accountNumber: account, routingNumber: routing } },
        applicant: { governmentIdentification: { value: sin } },
      },
      'diagnostic',
    );

    expect(capture.lines.length).toBeGreaterThan(10);
    for (const secret of [ssn, sin, ein, account, routing, card]) expect(capture.text).not.toContain(secret);
    expect(capture.text).toContain('[REDACTED]');
    expect(capture.text).toMatch(/"url":"\/api\/v2\/configs\?ssn=_&companyIdentificationValue=_"/);
  });

  it('never logs the session cookie', async () => {
    const cookie = await h.signUp('cookie@example.com');
    await h.call('GET', '/api/v2/session', cookie);
    expect(capture.text).not.toContain(cookie.split('=')[1]!);
  });
});

describe('the configuration the browser keeps in session storage (engine/app/boot.ts)', () => {
  it('is the same for a visitor and for a user whose application holds every personal number, and holds none of them', async () => {
    const cookie = await h.signUp('config-cache@example.com');
    const dob = '04/12/1985';
    const created = await h.call('POST', '/api/v2/applications', cookie, {
      applicant: {
        ...completeUs.applicant,
        dob,
        governmentIdentification: { type: 'INDIVIDUAL', value: ssn, sourceType: 'SSN9' },
      },
      company: {
        ...completeUs.company,
        governmentIdentification: { type: 'BUSINESS', value: ein, sourceType: 'FEIN' },
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().application.id;
    expect(
      (
        await h.call('POST', `/api/v2/applications/${id}/financial-instruments/manual`, cookie, {
          accountNumber: account,
          accountType: 'CHECKING',
          fullName: 'Ann Lee',
          primary: true,
          routingNumber: routing,
        })
      ).statusCode,
    ).toBeLessThan(300);
    // Every address boot reads it from: each market's currency, and a co-brand's (rules/accounts.json).
    for (const url of [
      '/api/v2/configs',
      '/api/v2/configs?currency=USD',
      '/api/v2/configs?currency=CAD',
      '/api/v2/configs/partner-1',
    ]) {
      const visitor = await h.call('GET', url);
      const user = await h.call('GET', url, cookie);
      expect(user.statusCode).toBe(200);
      expect(user.body).toBe(visitor.body);
      for (const secret of [ssn, ein, account, routing, dob]) expect(user.body).not.toContain(secret);
    }
  });
});

describe('security headers', () => {
  it('sends a strict CSP and the usual hardening headers on API answers', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/v2/configs' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toMatch(/style-src 'self'(;|$)/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('answers an oversized body with 413 in the common shape', async () => {
    const cookie = await h.signUp('big@example.com');
    const res = await h.call('POST', '/api/v2/applications', cookie, { company: { name: 'x'.repeat(70_000) } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'PAYLOAD_TOO_LARGE', details: [] });
  });

  it('answers an unsupported content type with 415 in the common shape', async () => {
    const cookie = await h.signUp('type@example.com');
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v2/applications',
      headers: { cookie, 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});
