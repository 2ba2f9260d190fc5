import { countApplications } from '../../server/storage/applications.ts';
import { completeUs, startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());
beforeEach(async () => h.t.reset());

describe('POST /api/v2/applications query (doc2 §7)', () => {
  it('find=true answers the unfinished application instead of creating another', async () => {
    const cookie = await h.signUp();
    const first = await h.call('POST', '/api/v2/applications?find=true', cookie, { company: { name: 'Acme Bakery' } });
    expect(first.statusCode).toBe(201);
    const found = await h.call('POST', '/api/v2/applications?find=true', cookie, {});
    expect(found.statusCode).toBe(200);
    expect(found.json().application.id).toBe(first.json().application.id);
    expect(await countApplications(h.t.db)).toBe(1);
    expect((await h.call('POST', '/api/v2/applications?find=true', await h.signUp(), {})).statusCode).toBe(201);
  });

  it('force-intent sets the intent and keeps the asked one as originalIntent', async () => {
    const cookie = await h.signUp();
    const res = await h.call('POST', '/api/v2/applications?force-intent=ADD_STORE', cookie, {
      application: { intent: 'CREATE_BUSINESS' },
    });
    expect(res.json().application).toMatchObject({ intent: 'ADD_STORE', originalIntent: 'CREATE_BUSINESS' });
  });

  it('use-shopper-data fills the applicant email from the signed-in account, never over a given one', async () => {
    const cookie = await h.signUp('shopper@example.com');
    expect(
      (await h.call('POST', '/api/v2/applications?use-shopper-data=true', cookie, {})).json().applicant.email,
    ).toEqual({ emailAddress: 'shopper@example.com' });
    expect(
      (
        await h.call('POST', '/api/v2/applications?use-shopper-data=true', cookie, { applicant: completeUs.applicant })
      ).json().applicant.email.emailAddress,
    ).toBe('ann@example.com');
  });

  it('refuses unknown or malformed query values with 400 naming the parameter, storing nothing', async () => {
    const cookie = await h.signUp();
    const bad = await h.call('POST', '/api/v2/applications?force-intent=TAKEOVER', cookie, {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('/querystring/force-intent');
    expect((await h.call('POST', '/api/v2/applications?unknown=1', cookie, {})).json().details[0].field).toBe(
      '/querystring/unknown',
    );
    expect(await countApplications(h.t.db)).toBe(0);
  });
});

describe('PUT /api/v2/applications/{id}?override-referral-url=true', () => {
  it('keeps the stored co-brand unless override-referral-url=true', async () => {
    const cookie = await h.signUp();
    const id = (
      await h.call('POST', '/api/v2/applications', cookie, { application: { referralUrlId: 'partner-a' } })
    ).json().application.id;
    const refused = await h.call('PUT', `/api/v2/applications/${id}`, cookie, {
      application: { referralUrlId: 'partner-b' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().details[0]).toMatchObject({
      field: '/application/referralUrlId',
      key: 'errors.referralChange',
    });
    const same = await h.call('PUT', `/api/v2/applications/${id}`, cookie, {
      application: { referralUrlId: 'partner-a' },
    });
    expect(same.statusCode).toBe(200);
    const moved = await h.call('PUT', `/api/v2/applications/${id}?override-referral-url=true`, cookie, {
      application: { referralUrlId: 'partner-b' },
    });
    expect(moved.json().application.referralUrlId).toBe('partner-b');
    expect(
      (
        await h.call('PUT', `/api/v2/applications/${id}?override-referral-url=yes`, cookie, {
          application: { referralUrlId: 'x' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await h.call('PUT', `/api/v2/applications/${id}?override-referral-url=true`, await h.signUp(), {
          application: { referralUrlId: 'x' },
        })
      ).statusCode,
    ).toBe(403);
  });
});
