import { readOutbox as everyMessage } from '../../server/storage/otp.ts';

/** The outbox less each sign-up's own confirmation email (issue 23), which these tests do not count. */
const readOutbox = async (...args: Parameters<typeof everyMessage>) =>
  (await everyMessage(...args)).filter((row) => !row.message.includes('confirmRegistration'));
import { completeUs, startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());
beforeEach(async () => h.t.reset());

/** An onboarded application with the OTP_SMS step-up (SSN4 trigger 0005). */
async function withOtp(last4 = '0005') {
  const cookie = await h.signUp();
  const body = {
    applicant: {
      ...completeUs.applicant,
      governmentIdentification: { type: 'INDIVIDUAL', value: last4, sourceType: 'SSN4' },
    },
    company: completeUs.company,
  };
  const id = (await h.call('POST', '/api/v2/applications', cookie, body)).json().application.id as string;
  await h.call('POST', `/api/v2/applications/${id}/onboard`, cookie);
  return { id, cookie };
}

async function sendCode(id: string, cookie: string): Promise<string> {
  const res = await h.call('POST', `/api/v2/applications/${id}/otp-code`, cookie);
  expect(res.statusCode).toBe(200);
  const last = (await readOutbox(h.t.db)).at(-1)!;
  return String(last.args.code);
}

describe('POST /api/v2/applications/:id/otp-code', () => {
  it('sends a 6-digit code to the applicant mobile through the sandbox outbox, never in the answer', async () => {
    const { id, cookie } = await withOtp();
    const res = await h.call('POST', `/api/v2/applications/${id}/otp-code`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { sent: true, expiresInMs: 600_000, length: 6 } });
    const outbox = await readOutbox(h.t.db);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      channel: 'sms',
      recipient: '+12125551234',
      message: 'sso.sms.otpCode',
      args: { minutes: 10 },
    });
    expect(String(outbox[0]!.args.code)).toMatch(/^\d{6}$/);
    expect(res.body).not.toContain(String(outbox[0]!.args.code));
    const { rows } = await h.t.db.query<{ code_hash: string }>('SELECT code_hash FROM otp_codes');
    expect(rows[0]!.code_hash).not.toContain(String(outbox[0]!.args.code));
  });

  it('answers 409 when no OTP step-up is pending, 403 to another user, 401 without a session', async () => {
    const { id, cookie } = await withOtp('0004');
    expect((await h.call('POST', `/api/v2/applications/${id}/otp-code`, cookie)).statusCode).toBe(409);
    const other = await withOtp();
    expect((await h.call('POST', `/api/v2/applications/${other.id}/otp-code`, cookie)).statusCode).toBe(403);
    expect((await h.call('POST', `/api/v2/applications/${other.id}/otp-code`)).statusCode).toBe(401);
    expect(await readOutbox(h.t.db)).toEqual([]);
  });
});

describe('POST /api/v2/applications/:id/step-ups/otp', () => {
  it('accepts the latest code once, clears OTP_SMS and marks the phone verified', async () => {
    const { id, cookie } = await withOtp();
    const old = await sendCode(id, cookie);
    const code = await sendCode(id, cookie);
    if (old !== code) {
      const stale = await h.call('POST', `/api/v2/applications/${id}/step-ups/otp`, cookie, { code: old });
      expect(stale.json().details[0].key).toBe('validation.otp.mismatch');
    }
    const res = await h.call('POST', `/api/v2/applications/${id}/step-ups/otp`, cookie, { code });
    expect(res.statusCode).toBe(200);
    expect(res.json().application.stepUpDetails).toEqual([]);
    expect(res.json().applicant.phone).toEqual({ localPhoneNumber: '2125551234', verified: true });
    expect((await h.call('POST', `/api/v2/applications/${id}/step-ups/otp`, cookie, { code })).statusCode).toBe(409);
  });

  // doc1 §4.2: PHONE_AUTH goes to the one-time code screen unless mobile verification applies, so the code answers it.
  it('answers a PHONE_AUTH step-up through the code', async () => {
    const { id, cookie } = await withOtp('0009');
    const code = await sendCode(id, cookie);
    const res = await h.call('POST', `/api/v2/applications/${id}/step-ups/otp`, cookie, { code });
    expect(res.statusCode).toBe(200);
    expect(res.json().application.stepUpDetails).toEqual([]);
    expect(res.json().applicant.phone.verified).toBe(true);
  });

  it('refuses a wrong code (400 naming /code), an expired one, and locks after five attempts', async () => {
    const { id, cookie } = await withOtp();
    const code = await sendCode(id, cookie);
    const wrong = code === '000000' ? '000001' : '000000';
    const res = await h.call('POST', `/api/v2/applications/${id}/step-ups/otp`, cookie, { code: wrong });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toMatchObject({ field: '/code', key: 'validation.otp.mismatch' });
    for (let i = 0; i < 4; i++)
      await h.call('POST', `/api/v2/applications/${id}/step-ups/otp`, cookie, { code: wrong });
    const locked = await h.call('POST', `/api/v2/applications/${id}/step-ups/otp`, cookie, { code });
    expect(locked.json().details[0].key).toBe('errors.otpLocked');

    const fresh = await sendCode(id, cookie);
    await h.t.db.query("UPDATE otp_codes SET expires_at = now() - interval '1 second'");
    const expired = await h.call('POST', `/api/v2/applications/${id}/step-ups/otp`, cookie, { code: fresh });
    expect(expired.json().details[0].key).toBe('validation.otp.expired');
    const doc = await h.call('GET', `/api/v2/applications/${id}`, cookie);
    expect(doc.json().application.stepUpDetails).toEqual([{ type: 'OTP_SMS', status: 'REQUIRED' }]);
  });

  it('answers 400 for a malformed code and when no code was sent', async () => {
    const { id, cookie } = await withOtp();
    expect(
      (await h.call('POST', `/api/v2/applications/${id}/step-ups/otp`, cookie, { code: '12ab56' })).json().details[0]
        .field,
    ).toBe('/code');
    expect(
      (await h.call('POST', `/api/v2/applications/${id}/step-ups/otp`, cookie, { code: '123456' })).json().details[0]
        .key,
    ).toBe('errors.otpMissing');
    expect((await h.call('POST', `/api/v2/applications/${id}/step-ups/otp`, cookie, {})).json().details[0].key).toBe(
      'validation.otp.required',
    );
  });

  it('skips with ?skip=true, leaving the phone unverified', async () => {
    const { id, cookie } = await withOtp();
    const res = await h.call('POST', `/api/v2/applications/${id}/step-ups/otp?skip=true`, cookie, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().application.stepUpDetails).toEqual([]);
    expect(res.json().applicant.phone.verified).toBe(false);
  });

  it('answers 403 to another user and 401 without a session', async () => {
    const { id } = await withOtp();
    const stranger = await h.signUp();
    expect(
      (await h.call('POST', `/api/v2/applications/${id}/step-ups/otp`, stranger, { code: '123456' })).statusCode,
    ).toBe(403);
    expect(
      (await h.call('POST', `/api/v2/applications/${id}/step-ups/otp`, undefined, { code: '123456' })).statusCode,
    ).toBe(401);
  });
});
