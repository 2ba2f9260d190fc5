/**
 * An expired or reused phone link gets nowhere (issue 10, doc1 §4 phone authentication): the SMS link and the
 * carrier's verification link each work once and for five minutes. A used, expired or replaced link is refused
 * with 410 LINK_EXPIRED and changes no row; a link used on another application's address, or a made-up one, is
 * refused too; the PHONE_AUTH step-up stays until a live link is used. The texted link is read by value from
 * whatever table holds it (the sandbox outbox, the tester's phone); a link is expired by moving the expiry of the
 * row that holds its hash into the past, found from the catalogue, so a renamed table or column does not blind
 * the test.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { completeUs, type Harness } from '../api/harness.ts';
import { expectRefusal } from './expect.ts';
import { startAttackHarness } from './setup.ts';
import { snapshot, tablesOf } from './snapshot.ts';

let h: Harness;
beforeAll(async () => {
  h = await startAttackHarness();
});
afterAll(async () => {
  await h?.close();
});

const base = (id: string) => `/api/v2/applications/${id}/phone-auth`;
const stepUps = async (id: string, cookie: string): Promise<string[]> =>
  (await h.call('GET', `/api/v2/applications/${id}`, cookie))
    .json()
    .application.stepUpDetails.map((s: { type: string }) => s.type);

/** A signed-in applicant whose onboarding asked for phone authentication (sandbox trigger: SSN last four 0009). */
async function applicantWithPhoneAuth(): Promise<{ cookie: string; id: string }> {
  const cookie = await h.signUp();
  const body = {
    ...completeUs,
    applicant: {
      ...completeUs.applicant,
      governmentIdentification: { type: 'INDIVIDUAL', value: '0009', sourceType: 'SSN4' },
    },
  };
  const id = (await h.call('POST', '/api/v2/applications', cookie, body)).json().application.id as string;
  await h.call('POST', `/api/v2/applications/${id}/onboard`, cookie);
  expect(await stepUps(id, cookie)).toContain('PHONE_AUTH');
  return { cookie, id };
}

/** Every phone-confirmation fingerprint any table holds in clear (the sandbox outbox), by scanning every row. */
async function textedLinks(id: string): Promise<string[]> {
  const rows = Object.values(await snapshot(h.t.db)).flat();
  const pattern = new RegExp(`/${id}/phone-auth/confirmation\\?vfp=([A-Za-z0-9_-]+)`, 'g');
  return [...new Set(rows.flatMap((row) => [...row.matchAll(pattern)].map((m) => m[1])))];
}

/** Asks for a text (a resend with `retry`) and returns the new link's fingerprint. */
async function textLink(id: string, cookie: string, retry = false): Promise<string> {
  const before = await textedLinks(id);
  const sent = await h.call('POST', `${base(id)}/sms-verifications${retry ? '?retry=true' : ''}`, cookie, {});
  expect(sent.statusCode, sent.body).toBe(200);
  const added = (await textedLinks(id)).filter((vfp) => !before.includes(vfp));
  expect(added).toHaveLength(1);
  expect(sent.body).not.toContain(added[0]);
  return added[0];
}

/** Moves every expiry-like timestamp of the row holding this link's hash one second into the past. */
async function expire(vfp: string): Promise<void> {
  const hash = createHash('sha256').update(vfp).digest('base64url');
  let moved = 0;
  for (const table of await tablesOf(h.t.db)) {
    const { rows: columns } = await h.t.db.query<{ column_name: string; data_type: string }>(
      'SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1',
      [table],
    );
    const expiry = columns.filter((c) => /expir/i.test(c.column_name) && /timestamp/.test(c.data_type));
    if (expiry.length === 0) continue;
    const holder = columns.filter((c) => /text|char/.test(c.data_type)).map((c) => `"${c.column_name}" = $1`);
    if (holder.length === 0) continue;
    const sets = expiry.map((c) => `"${c.column_name}" = now() - interval '1 second'`).join(', ');
    const result = await h.t.db.query(`UPDATE "${table}" SET ${sets} WHERE ${holder.join(' OR ')} RETURNING 1`, [hash]);
    moved += result.rows.length;
  }
  expect(moved, 'no row holds the link').toBe(1);
}

/** Asserts the request is refused (as an expired link unless told otherwise) and changed no row. */
async function refusedAsExpired(
  request: () => Promise<import('fastify').LightMyRequestResponse>,
  error = 'LINK_EXPIRED',
  key = 'errors.linkExpired',
): Promise<void> {
  const before = await snapshot(h.t.db);
  const res = await request();
  expectRefusal(res);
  expect(res.json()).toMatchObject({ error });
  if (error === 'LINK_EXPIRED') {
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ details: [{ key }] });
  }
  expect(await snapshot(h.t.db)).toEqual(before);
}

test('a used SMS link is refused the second time, from any device, and changes nothing', async () => {
  const { cookie, id } = await applicantWithPhoneAuth();
  const vfp = await textLink(id, cookie);
  const first = await h.call('POST', `${base(id)}/sms-verifications/${vfp}`);
  expect(first.statusCode, first.body).toBe(200);
  expect(await stepUps(id, cookie)).not.toContain('PHONE_AUTH');
  // A link that already worked says so (issue 27.5), still as the expired-link refusal.
  await refusedAsExpired(
    () => h.call('POST', `${base(id)}/sms-verifications/${vfp}`),
    'LINK_EXPIRED',
    'errors.linkUsed',
  );
  await refusedAsExpired(
    () => h.call('POST', `${base(id)}/sms-verifications/${vfp}`, cookie),
    'LINK_EXPIRED',
    'errors.linkUsed',
  );
});

test('an expired SMS link is refused, changes nothing, and the step-up stays until a new link is used', async () => {
  const { cookie, id } = await applicantWithPhoneAuth();
  const vfp = await textLink(id, cookie);
  await expire(vfp);
  await refusedAsExpired(() => h.call('POST', `${base(id)}/sms-verifications/${vfp}`));
  expect(await stepUps(id, cookie)).toContain('PHONE_AUTH');
  expect((await h.call('GET', `${base(id)}/sms-verifications`, cookie)).json()).toEqual({ data: { status: 'FAILED' } });

  const fresh = await textLink(id, cookie, true);
  expect((await h.call('POST', `${base(id)}/sms-verifications/${fresh}`)).statusCode).toBe(200);
  expect(await stepUps(id, cookie)).not.toContain('PHONE_AUTH');
});

test('a replaced SMS link (a resend) is refused; only the newest works', async () => {
  const { cookie, id } = await applicantWithPhoneAuth();
  const old = await textLink(id, cookie);
  const fresh = await textLink(id, cookie, true);
  await refusedAsExpired(() => h.call('POST', `${base(id)}/sms-verifications/${old}`));
  expect(await stepUps(id, cookie)).toContain('PHONE_AUTH');
  expect((await h.call('POST', `${base(id)}/sms-verifications/${fresh}`)).statusCode).toBe(200);
});

test("a live link on another application's address, or a made-up link, is refused and changes nothing", async () => {
  const mine = await applicantWithPhoneAuth();
  const theirs = await applicantWithPhoneAuth();
  const vfp = await textLink(mine.id, mine.cookie);
  const before = await snapshot(h.t.db);
  expectRefusal(await h.call('POST', `${base(theirs.id)}/sms-verifications/${vfp}`));
  await fc.assert(
    fc.asyncProperty(fc.stringMatching(/^[A-Za-z0-9_-]{43}$/), async (guess) => {
      fc.pre(guess !== vfp);
      const res = await h.call('POST', `${base(mine.id)}/sms-verifications/${guess}`);
      expectRefusal(res);
      expect(res.statusCode).toBe(404);
    }),
    { numRuns: 20 },
  );
  expect(await snapshot(h.t.db)).toEqual(before);
  expect(await stepUps(mine.id, mine.cookie)).toContain('PHONE_AUTH');
  expect(await stepUps(theirs.id, theirs.cookie)).toContain('PHONE_AUTH');
  // The link still works where it belongs: the refusals did not burn it.
  expect((await h.call('POST', `${base(mine.id)}/sms-verifications/${vfp}`)).statusCode).toBe(200);
});

test('the carrier link works once and for five minutes: reused or expired it is refused and changes nothing', async () => {
  const { cookie, id } = await applicantWithPhoneAuth();
  const carrierLink = async () => {
    const answer = await h.call('GET', `${base(id)}/verification-url`, cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    return (answer.json().data.verificationUrl as string).split('/').at(-1)!;
  };
  const stale = await carrierLink();
  await expire(stale);
  await refusedAsExpired(() => h.call('GET', `/sandbox/carrier/${stale}`));

  const vfp = await carrierLink();
  expect((await h.call('GET', `/sandbox/carrier/${vfp}`)).statusCode).toBe(303);
  const first = await h.call('POST', `${base(id)}/mobile-verifications`, cookie, { vfp });
  expect(first.json()).toMatchObject({ data: { status: 'SUCCESS' } });
  expect(await stepUps(id, cookie)).not.toContain('PHONE_AUTH');
  // Sent again by the same browser: nothing is pending any more (409); the carrier page refuses the used link (410).
  await refusedAsExpired(() => h.call('POST', `${base(id)}/mobile-verifications`, cookie, { vfp }), 'CONFLICT');
  await refusedAsExpired(() => h.call('GET', `/sandbox/carrier/${vfp}`));
});
