import { completeUs, startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());
beforeEach(async () => h.t.reset());

async function application(onboard = false) {
  const cookie = await h.signUp();
  const id = (
    await h.call('POST', '/api/v2/applications', cookie, {
      ...completeUs,
      company: { ...completeUs.company, name: 'Acme APPROVED Co' },
    })
  ).json().application.id as string;
  if (onboard) await h.call('POST', `/api/v2/applications/${id}/onboard`, cookie);
  return { id, cookie };
}

describe('GET .../basic-information', () => {
  it('answers the application at a glance without personal data', async () => {
    const { id, cookie } = await application(true);
    const res = await h.call('GET', `/api/v2/applications/${id}/basic-information`, cookie);
    expect(res.json()).toMatchObject({
      applicationId: id,
      decision: 'APPROVED',
      applicationLevel: 'FULL',
      completed: true,
      company: { name: 'Acme APPROVED Co', currency: 'USD' },
    });
    expect(res.body).not.toContain('4321');
    expect(res.body).not.toContain('ann@example.com');
  });
  it('answers 403 to another user, 401 without a session, 400 for a malformed id', async () => {
    const { id } = await application();
    expect((await h.call('GET', `/api/v2/applications/${id}/basic-information`, await h.signUp())).statusCode).toBe(
      403,
    );
    expect((await h.call('GET', `/api/v2/applications/${id}/basic-information`)).statusCode).toBe(401);
    expect(
      (await h.call('GET', '/api/v2/applications/nope/basic-information', await h.signUp())).json().details[0].field,
    ).toBe('/params/id');
  });
});

describe('POST .../notification (exit beacon)', () => {
  it('accepts what navigator.sendBeacon sends (text/plain or nothing) and records the exit', async () => {
    const { id, cookie } = await application();
    const text = await h.app.inject({
      method: 'POST',
      url: `/api/v2/applications/${id}/notification`,
      headers: { cookie, 'content-type': 'text/plain;charset=UTF-8' },
      payload: '{"reason":"unload"}',
    });
    expect(text.statusCode).toBe(204);
    const empty = await h.app.inject({
      method: 'POST',
      url: `/api/v2/applications/${id}/notification`,
      headers: { cookie },
    });
    expect(empty.statusCode).toBe(204);
    expect((await h.t.db.query('SELECT kind FROM notifications')).rows).toEqual([{ kind: 'exit' }, { kind: 'exit' }]);
  });
  it('answers 403 to another user and records nothing; 400 for a malformed id', async () => {
    const { id } = await application();
    const stranger = await h.signUp();
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: `/api/v2/applications/${id}/notification`,
          headers: { cookie: stranger },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await h.app.inject({
          method: 'POST',
          url: '/api/v2/applications/x/notification',
          headers: { cookie: stranger },
        })
      ).statusCode,
    ).toBe(400);
    expect((await h.t.db.query('SELECT 1 FROM notifications')).rows).toEqual([]);
  });
});

describe('GET .../auth-code and POST /api/v2/auth-codes/redeem', () => {
  it('issues a one-time code the partner site redeems once', async () => {
    const { id, cookie } = await application(true);
    const res = await h.call('GET', `/api/v2/applications/${id}/auth-code?context=store&channelId=ch-1`, cookie);
    expect(res.json()).toEqual({ code: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresInMs: 60_000 });
    const redeemed = await h.app.inject({
      method: 'POST',
      url: '/api/v2/auth-codes/redeem',
      payload: { code: res.json().code },
    });
    expect(redeemed.json()).toEqual({
      applicationId: id,
      context: 'store',
      channelId: 'ch-1',
      businessId: expect.stringMatching(/^biz_/),
    });
    expect(
      (await h.app.inject({ method: 'POST', url: '/api/v2/auth-codes/redeem', payload: { code: res.json().code } }))
        .statusCode,
    ).toBe(410);
  });
  it('an expired code is 410; a missing context 400; another user 403', async () => {
    const { id, cookie } = await application();
    const code = (await h.call('GET', `/api/v2/applications/${id}/auth-code?context=store`, cookie)).json().code;
    await h.t.db.query("UPDATE auth_codes SET expires_at = now() - interval '1 second'");
    expect(
      (await h.app.inject({ method: 'POST', url: '/api/v2/auth-codes/redeem', payload: { code } })).statusCode,
    ).toBe(410);
    expect((await h.call('GET', `/api/v2/applications/${id}/auth-code`, cookie)).json().details[0].field).toBe(
      '/querystring/context',
    );
    expect(
      (await h.call('GET', `/api/v2/applications/${id}/auth-code?context=store`, await h.signUp())).statusCode,
    ).toBe(403);
  });
});

describe('GET /api/v2/accounts/{id}/more-info', () => {
  it('answers the account with its profile card status', async () => {
    const { id, cookie } = await application(true);
    const res = await h.call('GET', `/api/v2/accounts/${id}/more-info`, cookie);
    expect(res.json()).toMatchObject({
      applicationId: id,
      riskDecision: 'APPROVED',
      status: 'approved',
      company: { name: 'Acme APPROVED Co' },
    });
    const fresh = await application();
    expect((await h.call('GET', `/api/v2/accounts/${fresh.id}/more-info`, fresh.cookie)).json().status).toBe(
      'incomplete',
    );
  });
  it('answers 403 to another user and 400 for a malformed id', async () => {
    const { id } = await application();
    const stranger = await h.signUp();
    expect((await h.call('GET', `/api/v2/accounts/${id}/more-info`, stranger)).statusCode).toBe(403);
    expect((await h.call('GET', '/api/v2/accounts/x/more-info', stranger)).statusCode).toBe(400);
  });
});
