/**
 * 100 applicants at once through the API (doc1 §4.4: the browser retries create and onboard): each signs up,
 * creates their application twice in parallel with one Idempotency-Key, updates it, and onboards twice in
 * parallel. Nothing is lost (every answer's data is stored), nothing is duplicated (one application per
 * applicant), every decision is the sandbox's. Then the server's log holds no SSN, EIN, bank account number or
 * date of birth that went through it, and no stored analytics event holds one.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { completeUs, startHarness, type Harness } from '../api/harness.ts';
import { snapshot } from './snapshot.ts';

const applicants = 100;
const logLines: string[] = [];
let h: Harness;

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  h = await startHarness({ logLevel: 'info', logStream });
});
afterAll(async () => {
  await h?.close();
});

/** The secrets applicant `i` sends: full SSN, EIN and bank account number (each unique to the applicant). */
function secretsOf(i: number) {
  const n = String(i).padStart(3, '0');
  return { ssn: `219${n}4567`.slice(0, 9), ein: `27${n}1596`.slice(0, 9), account: `8800${n}12345`, dob: '01/15/1985' };
}

/**
 * The secret as a number of its own in `text`: not part of a longer run of digits, such as a log line's
 * millisecond timestamp (`"time":1795270311596` holds the EIN 270311596 of applicant 31 by chance).
 */
function standsIn(text: string, secret: string): boolean {
  return new RegExp(`(?<![0-9])${secret}(?![0-9])`).test(text);
}

async function journey(i: number): Promise<{ id: string; cookie: string }> {
  const cookie = await h.signUp(`concurrent${i}@example.com`);
  const key = `create-${i}-${'k'.repeat(8)}`;
  const body = {
    ...completeUs,
    applicant: {
      ...completeUs.applicant,
      name: { firstName: 'Ann', lastName: `Lee${String.fromCharCode(97 + (i % 26))}` },
    },
    company: { ...completeUs.company, name: `Bakery ${i} APPROVED` },
  };
  const [a, b] = await Promise.all([
    h.call('POST', '/api/v2/applications', cookie, body, { 'idempotency-key': key }),
    h.call('POST', '/api/v2/applications', cookie, body, { 'idempotency-key': key }),
  ]);
  expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
  const id = a.json().application.id as string;
  expect(b.json().application.id).toBe(id);
  const { ein, account } = secretsOf(i);
  const put = await h.call('PUT', `/api/v2/applications/${id}`, cookie, {
    company: { governmentIdentification: { type: 'BUSINESS', value: ein, sourceType: 'FEIN' }, dba: `Shop ${i}` },
  });
  expect(put.statusCode, put.body).toBe(200);
  const [o1, o2] = await Promise.all([
    h.call('POST', `/api/v2/applications/${id}/onboard`, cookie),
    h.call('POST', `/api/v2/applications/${id}/onboard`, cookie),
  ]);
  expect(o1.statusCode, o1.body).toBe(200);
  expect(o2.statusCode, o2.body).toBe(200);
  expect(o1.json().application.decision).toBe('APPROVED');
  expect(o2.json().application.decision).toBe('APPROVED');
  const bank = await h.call('POST', `/api/v2/applications/${id}/financial-instruments/manual`, cookie, {
    accountNumber: account,
    accountType: 'CHECKING',
    fullName: 'Ann Lee',
    primary: true,
    routingNumber: '021000021',
  });
  expect(bank.statusCode, bank.body).toBe(201);
  // An analytics event that carelessly carries secrets: the API must drop them before storing (doc2 §9).
  const event = await h.call('POST', '/api/v2/analytics', cookie, {
    type: 'bank_linked',
    params: { ein, note: `account ${account}`, step: 'bank' },
  });
  expect(event.statusCode, event.body).toBe(204);
  return { id, cookie };
}

test(
  `${applicants} concurrent applicants: nothing lost, nothing duplicated, no secret in the log`,
  { timeout: 180_000 },
  async () => {
    const results = await Promise.all(Array.from({ length: applicants }, (_, i) => journey(i)));
    expect(new Set(results.map((r) => r.id)).size).toBe(applicants);

    const { rows } = await h.t.db.query<{ n: string }>('SELECT count(*)::text AS n FROM applications');
    expect(Number(rows[0].n)).toBe(applicants);
    await Promise.all(
      results.map(async ({ id, cookie }, i) => {
        const accounts = await h.call('GET', '/api/v2/accounts', cookie);
        expect(accounts.body.split(id).length - 1).toBeGreaterThan(0);
        expect(accounts.body.match(/urn:app:/g)?.length).toBe(1);
        const doc = (await h.call('GET', `/api/v2/applications/${id}`, cookie)).json();
        expect(doc.company).toMatchObject({ name: `Bakery ${i} APPROVED`, dba: `Shop ${i}` });
        expect(doc.application.decision).toBe('APPROVED');
        expect(doc.bank.account.accountType).toBe('CHECKING');
      }),
    );

    // Stored whole (a real provider would vault them), answered masked, logged never, never in analytics.
    const tables = await snapshot(h.t.db);
    expect(JSON.stringify(tables)).toContain(secretsOf(7).account);
    const analytics = Object.entries(tables).filter(([name]) => name.includes('analytics'));
    expect(analytics.length).toBeGreaterThan(0);
    expect(analytics.flatMap(([, rows]) => rows).length).toBeGreaterThanOrEqual(applicants);
    const analyticsText = JSON.stringify(analytics);
    for (let i = 0; i < applicants; i += 1) {
      expect(standsIn(analyticsText, secretsOf(i).ein), `EIN of applicant ${i} in analytics`).toBe(false);
      expect(standsIn(analyticsText, secretsOf(i).account), `account of applicant ${i} in analytics`).toBe(false);
    }
    const log = logLines.join('');
    expect(logLines.length).toBeGreaterThan(applicants);
    for (let i = 0; i < applicants; i += 1) {
      const { ein, account } = secretsOf(i);
      expect(standsIn(log, ein), `EIN of applicant ${i} in the log`).toBe(false);
      expect(standsIn(log, account), `account of applicant ${i} in the log`).toBe(false);
    }
    expect(log).not.toContain(completeUs.applicant.dob);
    expect(log).not.toContain('correct horse battery');
    // The search finds a secret written as a value (so the checks above can fail), but not inside a longer number.
    expect(standsIn('{"ein":"270311596"}', '270311596')).toBe(true);
    expect(standsIn('{"time":1795270311596}', '270311596')).toBe(false);
  },
);
