/**
 * Guessing a one-time code gets nowhere (doc2 §5 One-time code, §9: 6 digits): after 5 wrong codes, whatever
 * they are, even the right code is refused until a new one is sent; the refusals name the code field. The code
 * never appears in an answer. The sandbox delivers it to a table (the outbox); it is read from there by value,
 * so a renamed table or column does not blind the test.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { completeUs, type Harness } from '../api/harness.ts';
import { expectRefusal } from './expect.ts';
import { startAttackHarness } from './setup.ts';
import { snapshot } from './snapshot.ts';

let h: Harness;
beforeAll(async () => {
  h = await startAttackHarness();
});
afterAll(async () => {
  await h?.close();
});

/** The newest 6-digit code any table holds in clear (the sandbox outbox), by scanning every row. */
async function deliveredCodes(): Promise<string[]> {
  const rows = Object.values(await snapshot(h.t.db)).flat();
  return rows.flatMap((row) => [...row.matchAll(/"code"\s*:\s*"(\d{6})"/g)].map((m) => m[1]));
}

/** A signed-in applicant whose onboarding asked for a one-time code (sandbox trigger: SSN last four 0005). */
async function applicantWithCode(): Promise<{ cookie: string; id: string; code: string }> {
  const cookie = await h.signUp();
  const body = {
    ...completeUs,
    applicant: {
      ...completeUs.applicant,
      governmentIdentification: { type: 'INDIVIDUAL', value: '0005', sourceType: 'SSN4' },
    },
  };
  const created = await h.call('POST', '/api/v2/applications', cookie, body);
  const id = created.json().application.id as string;
  const onboarded = await h.call('POST', `/api/v2/applications/${id}/onboard`, cookie);
  expect(onboarded.json().application.stepUpDetails.map((s: { type: string }) => s.type)).toContain('OTP_SMS');
  return { cookie, id, code: await sendCode(cookie, id) };
}

/** Asks for a new code and returns it as delivered. */
async function sendCode(cookie: string, id: string): Promise<string> {
  const before = await deliveredCodes();
  const sent = await h.call('POST', `/api/v2/applications/${id}/otp-code`, cookie);
  expect(sent.statusCode, sent.body).toBe(200);
  const after = await deliveredCodes();
  const added = after.filter(
    (c) => !before.includes(c) || after.filter((x) => x === c).length > before.filter((x) => x === c).length,
  );
  if (added.length !== 1) throw new Error(`expected one new delivered code, found ${added.length}`);
  expect(sent.body).not.toContain(added[0]);
  return added[0];
}

test('five wrong codes lock the code: the right one is then refused until a new code is sent', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.stringMatching(/^\d{6}$/), { minLength: 5, maxLength: 5 }), async (guesses) => {
      const { cookie, id, code } = await applicantWithCode();
      for (const guess of guesses) {
        const wrong = guess === code ? String((Number(code) + 1) % 1_000_000).padStart(6, '0') : guess;
        const res = await h.call('POST', `/api/v2/applications/${id}/step-ups/otp`, cookie, { code: wrong });
        expectRefusal(res, '/code');
      }
      const right = await h.call('POST', `/api/v2/applications/${id}/step-ups/otp`, cookie, { code });
      expectRefusal(right, '/code', 'errors.otpLocked');
      const stillPending = await h.call('GET', `/api/v2/applications/${id}`, cookie);
      expect(stillPending.json().application.stepUpDetails.map((s: { type: string }) => s.type)).toContain('OTP_SMS');

      const fresh = await sendCode(cookie, id);
      const ok = await h.call('POST', `/api/v2/applications/${id}/step-ups/otp`, cookie, { code: fresh });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().application.stepUpDetails.map((s: { type: string }) => s.type)).not.toContain('OTP_SMS');
    }),
    { numRuns: 3 },
  );
});

test('fewer than five wrong codes leave the right one usable', async () => {
  const { cookie, id, code } = await applicantWithCode();
  for (let i = 0; i < 4; i += 1) {
    const res = await h.call('POST', `/api/v2/applications/${id}/step-ups/otp`, cookie, {
      code: code === '000000' ? '111111' : '000000',
    });
    expectRefusal(res, '/code', 'validation.otp.mismatch');
  }
  const ok = await h.call('POST', `/api/v2/applications/${id}/step-ups/otp`, cookie, { code });
  expect(ok.statusCode, ok.body).toBe(200);
});
