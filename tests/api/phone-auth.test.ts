import { readFileSync } from 'node:fs';
import { listOutbox as everyMessage } from '../../server/storage/outbox.ts';

/** The outbox less each sign-up's own confirmation email (issue 23), which these tests do not count. */
const listOutbox = async (...args: Parameters<typeof everyMessage>) =>
  (await everyMessage(...args)).filter((row) => !row.message.includes('confirmRegistration'));
import { completeUs, startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());
beforeEach(async () => h.t.reset());

/** An onboarded US application with the PHONE_AUTH step-up (SSN4 trigger 0009), with this mobile number. */
async function withPhoneAuth(phone = '2125551234', last4 = '0009') {
  const cookie = await h.signUp();
  const body = {
    applicant: {
      ...completeUs.applicant,
      phone: { localPhoneNumber: phone },
      governmentIdentification: { type: 'INDIVIDUAL', value: last4, sourceType: 'SSN4' },
    },
    company: completeUs.company,
  };
  const id = (await h.call('POST', '/api/v2/applications', cookie, body)).json().application.id as string;
  expect((await h.call('POST', `/api/v2/applications/${id}/onboard`, cookie)).json().application.stepUpDetails).toEqual(
    last4 === '0009' ? [{ type: 'PHONE_AUTH', status: 'REQUIRED' }] : expect.anything(),
  );
  return { id, cookie };
}

/** The fingerprint of the latest phone link texted (the tester reads it on the sandbox phone). */
async function textedVfp(): Promise<string> {
  const [sms] = await listOutbox(h.t.db);
  expect(sms?.message).toBe('outbox.sms.phoneLink');
  return new URL(sms!.link!, 'http://x').searchParams.get('vfp')!;
}

const base = (id: string) => `/api/v2/applications/${id}/phone-auth`;

describe('SMS phone link', () => {
  it('texts a link to the applicant mobile, polls REQUESTED, the other device confirms once, the step-up clears', async () => {
    const { id, cookie } = await withPhoneAuth();
    const sent = await h.call('POST', `${base(id)}/sms-verifications`, cookie, { finalTargetUrl: `/${id}/verifying` });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ data: { status: 'REQUESTED', expiresInMs: 300_000 } });
    const [sms] = await listOutbox(h.t.db);
    expect(sms).toMatchObject({
      channel: 'sms',
      recipient: '+12125551234',
      link: expect.stringMatching(new RegExp(`^/${id}/phone-auth/confirmation\\?vfp=`)),
    });
    const vfp = await textedVfp();
    expect(sent.body).not.toContain(vfp);
    expect((await h.call('GET', `${base(id)}/sms-verifications`, cookie)).json()).toEqual({
      data: { status: 'REQUESTED' },
    });

    // The other device has no session: the link is the credential.
    const confirmed = await h.call('POST', `${base(id)}/sms-verifications/${vfp}`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ data: { status: 'SUCCESS', finalTargetUrl: `/${id}/verifying` } });
    expect((await h.call('GET', `${base(id)}/sms-verifications`, cookie)).json()).toEqual({
      data: { status: 'SUCCESS' },
    });
    const doc = (await h.call('GET', `/api/v2/applications/${id}`, cookie)).json();
    expect(doc.application.stepUpDetails).toEqual([]);
    expect(doc.applicant.phone).toEqual({ localPhoneNumber: '2125551234', verified: true });

    const again = await h.call('POST', `${base(id)}/sms-verifications/${vfp}`);
    expect(again.statusCode).toBe(410);
    // Issue 27.5: opened again after it confirmed the phone, the link says it was used, not that it expired.
    expect(again.json()).toMatchObject({ error: 'LINK_EXPIRED', details: [{ field: '/vfp', key: 'errors.linkUsed' }] });
    expect(again.json().details[0].description).toMatch(/already used/);
    // The texted message names the brand (issue 27.5), in every locale.
    for (const locale of ['en-US', 'en-CA', 'fr-CA']) {
      const read = (file: string) =>
        JSON.parse(readFileSync(`locales/${locale}/${file}.json`, 'utf8')).messages as Record<string, string>;
      expect(read('outbox')[sms!.message]).toContain(read('shell')['shell.productName']);
    }
  });

  it('a link expires after five minutes: 410, polling says FAILED, the step-up stays', async () => {
    const { id, cookie } = await withPhoneAuth();
    await h.call('POST', `${base(id)}/sms-verifications`, cookie, {});
    const vfp = await textedVfp();
    await h.t.db.query("UPDATE phone_links SET expires_at = now() - interval '1 second'");
    const late = await h.call('POST', `${base(id)}/sms-verifications/${vfp}`);
    expect(late.statusCode).toBe(410);
    expect(late.json().details[0].key).toBe('errors.linkExpired');
    expect((await h.call('GET', `${base(id)}/sms-verifications`, cookie)).json()).toEqual({
      data: { status: 'FAILED' },
    });
    expect((await h.call('GET', `/api/v2/applications/${id}`, cookie)).json().application.stepUpDetails).toEqual([
      { type: 'PHONE_AUTH', status: 'REQUIRED' },
    ]);
  });

  it('does not resend while a link is live unless retry=true; a resend makes the old link stop working', async () => {
    const { id, cookie } = await withPhoneAuth();
    await h.call('POST', `${base(id)}/sms-verifications`, cookie, {});
    const first = await textedVfp();
    await h.call('POST', `${base(id)}/sms-verifications`, cookie, {});
    expect(await listOutbox(h.t.db)).toHaveLength(1);
    await h.call('POST', `${base(id)}/sms-verifications?retry=true`, cookie, {});
    expect(await listOutbox(h.t.db)).toHaveLength(2);
    expect((await h.call('POST', `${base(id)}/sms-verifications/${first}`)).statusCode).toBe(410);
    expect((await h.call('POST', `${base(id)}/sms-verifications/${await textedVfp()}`)).statusCode).toBe(200);
  });

  it('limits link sending per application (3 per 10 minutes) in the database: 429 with Retry-After', async () => {
    const { id, cookie } = await withPhoneAuth();
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await h.call('POST', `${base(id)}/sms-verifications?retry=true`, cookie, {})).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await h.call('POST', `${base(id)}/sms-verifications?retry=true`, cookie, {});
    expect(limited.json().error).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await listOutbox(h.t.db)).toHaveLength(3);
  });

  it('skip=true clears PHONE_AUTH leaving the phone unverified, and sends nothing', async () => {
    const { id, cookie } = await withPhoneAuth();
    const res = await h.call('POST', `${base(id)}/sms-verifications?skip=true`, cookie, {});
    expect(res.json()).toEqual({ data: { status: 'SKIPPED' } });
    const doc = (await h.call('GET', `/api/v2/applications/${id}`, cookie)).json();
    expect(doc.application.stepUpDetails).toEqual([]);
    expect(doc.applicant.phone.verified).toBe(false);
    expect(await listOutbox(h.t.db)).toEqual([]);
  });

  it('refuses bad input with 400 naming the field, a made-up link with 404, and other users with 403', async () => {
    const { id, cookie } = await withPhoneAuth();
    const offSite = await h.call('POST', `${base(id)}/sms-verifications`, cookie, {
      finalTargetUrl: 'https://evil.example/x',
    });
    expect(offSite.statusCode).toBe(400);
    expect(offSite.json().details[0].field).toBe('/finalTargetUrl');
    const badQuery = await h.call('POST', `${base(id)}/sms-verifications?skip=yes`, cookie, {});
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json().details[0].field).toBe('/querystring/skip');
    expect((await h.call('POST', `${base(id)}/sms-verifications/${'a'.repeat(43)}`)).statusCode).toBe(404);
    expect((await h.call('POST', `${base(id)}/sms-verifications/short`)).statusCode).toBe(400);
    const stranger = await h.signUp();
    expect((await h.call('POST', `${base(id)}/sms-verifications`, stranger, {})).statusCode).toBe(403);
    expect((await h.call('GET', `${base(id)}/sms-verifications`, stranger)).statusCode).toBe(403);
    expect((await h.call('GET', `${base(id)}/verification-url`, stranger)).statusCode).toBe(403);
    expect(await listOutbox(h.t.db)).toEqual([]);
  });

  it('answers 409 when no phone step-up (PHONE_AUTH or OTP_SMS) is pending', async () => {
    const { id, cookie } = await withPhoneAuth('2125551234', '0004');
    expect((await h.call('POST', `${base(id)}/sms-verifications`, cookie, {})).statusCode).toBe(409);
  });

  // doc1 §4.2: OTP_SMS goes to mobile verification when phone auth is on outside CAD, and mobile verification falls
  // back to the phone link (doc1 §4.5): the link must answer an OTP_SMS step-up too.
  it('answers an OTP_SMS step-up through the phone link', async () => {
    const { id, cookie } = await withPhoneAuth('2125551234', '0005');
    expect((await h.call('POST', `${base(id)}/sms-verifications`, cookie, {})).statusCode).toBe(200);
    const confirmed = await h.app.inject({ method: 'POST', url: `${base(id)}/sms-verifications/${await textedVfp()}` });
    expect(confirmed.json().data.status).toBe('SUCCESS');
    const doc = (await h.call('GET', `/api/v2/applications/${id}`, cookie)).json();
    expect(doc.application.stepUpDetails).toEqual([]);
    expect(doc.applicant.phone.verified).toBe(true);
  });
});

describe('mobile (carrier) verification', () => {
  it('verification-url → sandbox carrier → back with vfp → mobile-verifications SUCCESS clears the step-up, once', async () => {
    const { id, cookie } = await withPhoneAuth();
    const url = await h.call('GET', `${base(id)}/verification-url?finalTargetUrl=/${id}/mobile-verification`, cookie);
    expect(url.statusCode).toBe(200);
    const carrier = await h.app.inject({ method: 'GET', url: url.json().data.verificationUrl });
    expect(carrier.statusCode).toBe(303);
    const back = new URL(String(carrier.headers.location), 'http://x');
    expect(back.pathname).toBe(`/${id}/mobile-verification`);
    const vfp = back.searchParams.get('vfp')!;
    const res = await h.call('POST', `${base(id)}/mobile-verifications`, cookie, {
      vfp,
      finalTargetUrl: `/${id}/verifying`,
    });
    expect(res.json()).toEqual({ data: { status: 'SUCCESS', finalTargetUrl: `/${id}/mobile-verification` } });
    expect((await h.call('GET', `/api/v2/applications/${id}`, cookie)).json().application.stepUpDetails).toEqual([]);
  });

  it('sandbox trigger: a mobile number ending 0000 is not confirmed by the carrier → FAILED, step-up stays', async () => {
    const { id, cookie } = await withPhoneAuth('2125550000');
    const url = (await h.call('GET', `${base(id)}/verification-url`, cookie)).json().data.verificationUrl;
    const carrier = await h.app.inject({ method: 'GET', url });
    const vfp = new URL(String(carrier.headers.location), 'http://x').searchParams.get('vfp')!;
    const res = await h.call('POST', `${base(id)}/mobile-verifications`, cookie, { vfp });
    expect(res.json()).toEqual({ data: { status: 'FAILED' } });
    expect((await h.call('GET', `/api/v2/applications/${id}`, cookie)).json().application.stepUpDetails).toEqual([
      { type: 'PHONE_AUTH', status: 'REQUIRED' },
    ]);
  });

  it('a missing fingerprint is 400 naming /vfp; an unknown one 404', async () => {
    const { id, cookie } = await withPhoneAuth();
    const missing = await h.call('POST', `${base(id)}/mobile-verifications`, cookie, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0]).toMatchObject({ field: '/vfp', key: 'validation.required' });
    expect((await h.call('POST', `${base(id)}/mobile-verifications`, cookie, { vfp: 'b'.repeat(43) })).statusCode).toBe(
      404,
    );
  });
});
