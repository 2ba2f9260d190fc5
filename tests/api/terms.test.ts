/**
 * POST /api/v2/applications/{id}/terms (doc1 §2.7 terms-of-service view, §3 Applicant.terms): accepting records
 * signed, signedAt from the server's clock and the current version; bad input is a localised 400 that changes
 * nothing; another user's application is 403.
 */
import { currentTermsVersion } from '../../server/routes/terms.ts';
import services from '../../rules/services.json' with { type: 'json' };
import { completeUs, startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());
beforeEach(async () => h.t.reset());

async function newApplication(cookie: string): Promise<string> {
  return (
    await h.call('POST', '/api/v2/applications', cookie, {
      applicant: completeUs.applicant,
      company: completeUs.company,
    })
  ).json().application.id as string;
}

describe('POST /api/v2/applications/:id/terms', () => {
  it('records signed, signedAt (server time) and the version of rules/services.json', async () => {
    const cookie = await h.signUp();
    const id = await newApplication(cookie);
    const before = Date.now();
    const res = await h.call('POST', `/api/v2/applications/${id}/terms`, cookie, { accepted: true });
    expect(res.statusCode).toBe(200);
    const terms = res.json().applicant.terms;
    expect(terms).toMatchObject({ signed: true, version: services.termsVersion });
    expect(currentTermsVersion).toBe(services.termsVersion);
    expect(Date.parse(terms.signedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(terms.signedAt)).toBeLessThanOrEqual(Date.now() + 1000);
    const read = await h.call('GET', `/api/v2/applications/${id}`, cookie);
    expect(read.json().applicant.terms).toEqual(terms);
  });

  it('keeps the first acceptance when the same version is accepted again', async () => {
    const cookie = await h.signUp();
    const id = await newApplication(cookie);
    const first = (await h.call('POST', `/api/v2/applications/${id}/terms`, cookie, { accepted: true })).json()
      .applicant.terms;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = (await h.call('POST', `/api/v2/applications/${id}/terms`, cookie, { accepted: true })).json()
      .applicant.terms;
    expect(second).toEqual(first);
  });

  it.each([
    ['accepted false', { accepted: false }],
    ['no body field', {}],
    ['a client-chosen date', { accepted: true, signedAt: '2001-01-01T00:00:00Z' }],
    ['a string instead of true', { accepted: 'true' }],
  ])('refuses %s with a localised 400 and records nothing', async (_name, body) => {
    const cookie = await h.signUp();
    const id = await newApplication(cookie);
    const res = await h.call('POST', `/api/v2/applications/${id}/terms`, cookie, body, { 'accept-language': 'fr-CA' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('VALIDATION_FAILED');
    expect(typeof res.json().message).toBe('string');
    expect((await h.call('GET', `/api/v2/applications/${id}`, cookie)).json().applicant.terms).toBeUndefined();
  });

  it("answers 401 without a session and 403 for another user's application", async () => {
    const owner = await h.signUp();
    const id = await newApplication(owner);
    expect((await h.call('POST', `/api/v2/applications/${id}/terms`, undefined, { accepted: true })).statusCode).toBe(
      401,
    );
    const other = await h.signUp();
    expect((await h.call('POST', `/api/v2/applications/${id}/terms`, other, { accepted: true })).statusCode).toBe(403);
  });
});
