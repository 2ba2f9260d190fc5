import { buildApp } from '../../server/app.ts';
import { listOutbox as everyMessage } from '../../server/storage/outbox.ts';

/** The outbox less each sign-up's own confirmation email (issue 23), which these tests do not count. */
const listOutbox = async (...args: Parameters<typeof everyMessage>) =>
  (await everyMessage(...args)).filter((row) => !row.message.includes('confirmRegistration'));
import { completeInquiry, completeUs, formBody, type Harness, LogCapture, startHarness } from './harness.ts';

const logs = new LogCapture();
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ logLevel: 'trace', logStream: logs, signInAttemptsPerMinute: 3 });
});
afterAll(async () => h?.close());
beforeEach(async () => h.t.reset());

describe('rate limits kept in the database', () => {
  it('two API instances on one database share the sign-in count per client address', async () => {
    const second = await buildApp({ db: h.t.db, logLevel: 'silent', signInAttemptsPerMinute: 3 });
    try {
      const attempt = (app: typeof second) =>
        app.inject({
          method: 'POST',
          url: '/sso/login',
          remoteAddress: '10.9.9.9',
          ...formBody({ email: 'x@example.com', password: 'guess' }),
        });
      const statuses = [
        (await attempt(h.app)).statusCode,
        (await attempt(second)).statusCode,
        (await attempt(h.app)).statusCode,
        (await attempt(second)).statusCode,
      ];
      expect(statuses).toEqual([401, 401, 401, 429]);
      // One count for the address, kept in the database: the refused fourth attempt is counted too.
      expect((await h.t.db.query("SELECT n FROM rate_counters WHERE bucket = 'sign-in'")).rows).toEqual([{ n: 4 }]);
    } finally {
      await second.close();
    }
  });

  it('code sending is limited per application (5 per 10 minutes)', async () => {
    const cookie = await h.signUp();
    const body = {
      applicant: {
        ...completeUs.applicant,
        governmentIdentification: { type: 'INDIVIDUAL', value: '0005', sourceType: 'SSN4' },
      },
      company: completeUs.company,
    };
    const id = (await h.call('POST', '/api/v2/applications', cookie, body)).json().application.id;
    await h.call('POST', `/api/v2/applications/${id}/onboard`, cookie);
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await h.call('POST', `/api/v2/applications/${id}/otp-code`, cookie)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await listOutbox(h.t.db)).toHaveLength(5);
  });
});

describe('no secret in a log line', () => {
  it('keeps phone-link fingerprints, inquiry session tokens, card numbers and government ids out of the logs', async () => {
    const cookie = await h.signUp();
    const body = {
      applicant: {
        ...completeUs.applicant,
        governmentIdentification: { type: 'INDIVIDUAL', value: '0009', sourceType: 'SSN4' },
      },
      company: completeUs.company,
    };
    const id = (await h.call('POST', '/api/v2/applications', cookie, body)).json().application.id;
    await h.call('POST', `/api/v2/applications/${id}/onboard`, cookie);
    await h.call('POST', `/api/v2/applications/${id}/phone-auth/sms-verifications`, cookie, {});
    const vfp = new URL((await listOutbox(h.t.db))[0]!.link!, 'http://x').searchParams.get('vfp')!;
    await h.call('POST', `/api/v2/applications/${id}/phone-auth/sms-verifications/${vfp}`);
    const carrier = (await h.call('GET', `/api/v2/applications/${id}/phone-auth/verification-url`, cookie)).json();
    await h.app.inject({ method: 'GET', url: carrier.data?.verificationUrl ?? '/sandbox/carrier/x' });
    await h.call('POST', '/sandbox/vault/cards', cookie, {
      number: '4000056655665556',
      cvv: '737',
      expiry: '12/30',
      postalCode: '12345',
    });
    await h.call('POST', `/api/v2/applications/${id}/government-identifications`, cookie, {
      value: '212456789',
      sourceType: 'SSN9',
    });
    await h.call('POST', `/api/v2/applications/${id}/government-identifications`, cookie, {
      value: '212456788',
      sourceType: 'SSN9',
    });
    const inquiry = await h.signUp();
    const app2 = (
      await h.call('POST', '/api/v2/applications', inquiry, {
        ...body,
        applicant: {
          ...body.applicant,
          governmentIdentification: { type: 'INDIVIDUAL', value: '0004', sourceType: 'SSN4' },
        },
      })
    ).json().application.id;
    await h.call('POST', `/api/v2/applications/${app2}/onboard`, inquiry);
    const session = (
      await h.call('POST', `/api/v2/applications/${app2}/step-ups/identification/sessions`, inquiry, {})
    ).json();
    await completeInquiry(h, session.url, 'RECEIVED');

    expect(logs.text.length).toBeGreaterThan(1000);
    for (const secret of [vfp, '4000056655665556', '212456789', '212456788', session.sessionToken])
      expect(logs.text).not.toContain(secret);
    expect(logs.text).toContain('/sms-verifications/_');
  });
});
