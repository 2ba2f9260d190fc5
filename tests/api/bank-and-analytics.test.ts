import { findApplication } from '../../server/storage/applications.ts';
import { listAnalyticsEvents } from '../../server/storage/analytics.ts';
import { completeCa, completeUs, startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());
beforeEach(async () => h.t.reset());

const usBank = {
  accountNumber: '000123456789',
  accountType: 'CHECKING',
  fullName: 'Ann Lee',
  bankName: 'First Bank',
  primary: true,
  routingNumber: '011000015',
};

async function newApplication(
  cookie: string,
  body: object = { applicant: completeUs.applicant, company: completeUs.company },
) {
  return (await h.call('POST', '/api/v2/applications', cookie, body)).json().application.id as string;
}

type Stored = { bank: { account?: { accountNumber: string; routingNumber: string } } };

describe('POST /api/v2/applications/:id/financial-instruments/manual', () => {
  it('stores a US account and answers 201 with the account number masked to its last four digits', async () => {
    const cookie = await h.signUp();
    const id = await newApplication(cookie);
    const res = await h.call('POST', `/api/v2/applications/${id}/financial-instruments/manual`, cookie, usBank);
    expect(res.statusCode).toBe(201);
    const bank = res.json().bank;
    expect(bank.account).toEqual({
      accountNumber: '********6789',
      accountType: 'CHECKING',
      accountName: 'Ann Lee',
      routingNumber: '011000015',
    });
    expect(bank.financialInstruments.bankAccountId).toMatch(/^fi_/);
    expect(res.body).not.toContain('000123456789');
    expect(res.json().application.hasFinancialInstrument).toBe(true);
    expect((await findApplication<Stored>(h.t.db, id))?.document.bank.account?.accountNumber).toBe('000123456789');
    const read = await h.call('GET', `/api/v2/applications/${id}`, cookie);
    expect(read.body).not.toContain('000123456789');
  });

  it('derives the Canadian routing number from institution and transit numbers', async () => {
    const cookie = await h.signUp();
    const id = await newApplication(cookie, { applicant: completeCa.applicant, company: completeCa.company });
    const { routingNumber: _unused, ...rest } = usBank;
    const res = await h.call('POST', `/api/v2/applications/${id}/financial-instruments/manual`, cookie, {
      ...rest,
      transitNumber: '12345',
      institutionNumber: '001',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().bank).toMatchObject({
      transitNumber: '12345',
      institutionNumber: '001',
      account: { routingNumber: '000112345' },
    });
  });

  it('answers 400 naming the field: bad routing checksum, missing routing (US), missing transit (CA); stores nothing', async () => {
    const cookie = await h.signUp();
    const id = await newApplication(cookie);
    const bad = await h.call('POST', `/api/v2/applications/${id}/financial-instruments/manual`, cookie, {
      ...usBank,
      routingNumber: '011000016',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({ field: '/routingNumber', key: 'validation.routing-number' });
    const { routingNumber: _r, ...noRouting } = usBank;
    const missing = await h.call('POST', `/api/v2/applications/${id}/financial-instruments/manual`, cookie, noRouting);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details).toEqual([
      expect.objectContaining({ field: '/routingNumber', key: 'validation.required' }),
    ]);
    const caId = await newApplication(cookie, { applicant: completeCa.applicant, company: completeCa.company });
    const ca = await h.call('POST', `/api/v2/applications/${caId}/financial-instruments/manual`, cookie, {
      ...noRouting,
      institutionNumber: '001',
    });
    expect(ca.json().details.map((d: { field: string }) => d.field)).toEqual(['/transitNumber']);
    expect((await findApplication<Stored>(h.t.db, id))?.document.bank).toEqual({});
    expect((await findApplication<Stored>(h.t.db, caId))?.document.bank).toEqual({});
  });

  it('answers 403 to another user and 401 without a session', async () => {
    const owner = await h.signUp();
    const id = await newApplication(owner);
    const stranger = await h.signUp();
    expect(
      (await h.call('POST', `/api/v2/applications/${id}/financial-instruments/manual`, stranger, usBank)).statusCode,
    ).toBe(403);
    expect(
      (await h.call('POST', `/api/v2/applications/${id}/financial-instruments/manual`, undefined, usBank)).statusCode,
    ).toBe(401);
    expect((await findApplication<Stored>(h.t.db, id))?.document.bank).toEqual({});
  });
});

describe('POST /api/v2/analytics', () => {
  it('stores the event with 204, without personal data', async () => {
    const cookie = await h.signUp();
    const res = await h.call('POST', '/api/v2/analytics', cookie, {
      type: 'OTP_SMS_started',
      params: {
        portal: 'domain',
        currency: 'USD',
        GPVProvided: true,
        applicantSsn: '123456789',
        email: 'ann@example.com',
        note: 'call 212 555 1234',
      },
    });
    expect(res.statusCode).toBe(204);
    const events = await listAnalyticsEvents(h.t.db);
    expect(events).toEqual([
      {
        type: 'OTP_SMS_started',
        params: { portal: 'domain', currency: 'USD', GPVProvided: true, redacted: ['applicantSsn', 'email', 'note'] },
      },
    ]);
    expect(JSON.stringify(events)).not.toMatch(/123456789|ann@example|555/);
  });

  it('accepts an event from a page without a session (issue 27.13) with only what the page can vouch for, under no user', async () => {
    const res = await h.call('POST', '/api/v2/analytics', undefined, {
      type: 'PHONE_AUTH_success',
      params: {
        portal: 'domain',
        currency: 'CAD',
        language: 'fr-CA',
        'flags.phoneAuth': true,
        businessId: 'biz-1',
        shopperId: 'shop-9',
        applicantSsn: '123456789',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(await listAnalyticsEvents(h.t.db)).toEqual([
      {
        type: 'PHONE_AUTH_success',
        params: { portal: 'domain', currency: 'CAD', language: 'fr-CA', 'flags.phoneAuth': true },
      },
    ]);
    const { rows } = await h.t.db.query<{ user_id: string | null }>('SELECT user_id FROM analytics_events');
    expect(rows).toEqual([{ user_id: null }]);
    // A bad event is still a 400 that stores nothing.
    expect(
      (await h.call('POST', '/api/v2/analytics', undefined, { type: 'x', params: { nested: { a: 1 } } })).statusCode,
    ).toBe(400);
    expect(await listAnalyticsEvents(h.t.db)).toHaveLength(1);
  });

  it('answers 400 for a bad event and stores nothing', async () => {
    const cookie = await h.signUp();
    const bad = await h.call('POST', '/api/v2/analytics', cookie, { type: 'x', params: { nested: { a: 1 } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('/params/nested');
    expect((await h.call('POST', '/api/v2/analytics', cookie, { params: {} })).json().details[0].field).toBe('/type');
    expect(await listAnalyticsEvents(h.t.db)).toEqual([]);
  });
});
