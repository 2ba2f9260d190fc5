/**
 * doc2 §5 Business category and other business fields: 'business phone required (in the older form)', and doc2 §5
 * Phone: 'Business phone is optional' (the multistep form). The API gives the browser's verdict (the business-details
 * screen requires it in the older form only): onboarding an application of the older form without a business phone
 * answers 400 naming the field and changes nothing; an application of the multistep form (doc1 §2.6: the reseller
 * co-brand, USD, create-business, full level) is onboarded without one.
 */
import { completeCa, completeUs, startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const withoutBusinessPhone = <T extends { company: object }>(body: T) => {
  const { phone: _phone, ...company } = body.company as { phone?: unknown };
  return { ...body, company };
};

async function onboard(cookie: string, body: object) {
  const created = await h.call('POST', '/api/v2/applications', cookie, body);
  expect(created.statusCode).toBe(201);
  const id = encodeURIComponent(created.json().application.id as string);
  return { id, res: await h.call('POST', `/api/v2/applications/${id}/onboard`, cookie) };
}

describe('the business phone (doc2 §5)', () => {
  for (const [market, complete] of [
    ['US', completeUs],
    ['CA', completeCa],
  ] as const)
    it(`${market}, older form: missing, onboarding is refused naming the field, and nothing is decided`, async () => {
      const cookie = await h.signUp();
      const { id, res } = await onboard(cookie, withoutBusinessPhone(complete));
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toContainEqual(
        expect.objectContaining({ field: '/company/phone/localPhoneNumber', key: 'validation.required' }),
      );
      expect((await h.call('GET', `/api/v2/applications/${id}`, cookie)).json().application.decision).toBeUndefined();
      // Given, the same application is onboarded.
      const given = await onboard(cookie, complete);
      expect(given.res.statusCode).toBe(200);
    });

  it('multistep form (the reseller co-brand): optional, onboarded without it', async () => {
    const cookie = await h.signUp();
    const { res } = await onboard(cookie, { ...withoutBusinessPhone(completeUs), cobrand: 'reseller-shop' });
    expect(res.statusCode).toBe(200);
  });
});
