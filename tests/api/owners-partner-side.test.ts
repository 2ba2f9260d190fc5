/**
 * Issue 7, the partner's side (doc1 §2.7 owner-side screens, §4.6, §6): the complete-owner form (FULL_ONBOARDING,
 * sandbox trigger of rules/sandbox.json `partners`), the confirm-ownership choice 'send me an email', and payouts
 * (application.enableDeposits) off while partners are to verify and on once they have.
 */
import { readFileSync } from 'node:fs';
import { storeStatus, type AccountsRules, type StoreEntry } from '../../domain/accounts.ts';
import { listOutbox } from '../../server/storage/outbox.ts';
import { completeInquiry, completeUs, startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());
beforeEach(async () => h.t.reset());

/** An application whose applicant named one partner (BO_INFO trigger 0001); the partner has claimed the link. */
async function claimedPartner(
  partnerEmail: string,
  extra: Record<string, unknown> = {},
  application: Record<string, unknown> = {},
) {
  const cookie = await h.signUp();
  const body = {
    application,
    applicant: {
      ...completeUs.applicant,
      governmentIdentification: { type: 'INDIVIDUAL', value: '0001', sourceType: 'SSN4' },
    },
    company: completeUs.company,
  };
  const id = (await h.call('POST', '/api/v2/applications', cookie, body)).json().application.id as string;
  await h.call('POST', `/api/v2/applications/${id}/onboard`, cookie);
  const doc = (
    await h.call('POST', `/api/v2/applications/${id}/step-ups/beneficial-owners`, cookie, {
      owners: [{ firstName: 'Bob', lastName: 'Stone', email: partnerEmail, ownershipPercent: 30, ...extra }],
    })
  ).json();
  const ownerId = doc.owners[0].id as string;
  const link = (await listOutbox(h.t.db, partnerEmail))[0]!.link!;
  expect(
    link.startsWith(application.referralUrlId ? `/r/${application.referralUrlId}/${id}/owners/` : `/${id}/owners/`),
  ).toBe(true);
  const token = new URL(link, 'http://x').searchParams.get('invitation')!;
  const partner = await h.signUp(partnerEmail);
  expect((await h.call('POST', '/api/v2/owner-invitations/claim', partner, { token })).statusCode).toBe(200);
  return { id, cookie, ownerId, partner, doc };
}

const details = {
  firstName: 'Bob',
  lastName: 'Stone',
  phone: { nationalNumber: '2125550123' },
  communicationLanguage: 'en-US',
};

describe('complete-owner form (owner-side FULL_ONBOARDING)', () => {
  it('a partner whose email matches the sandbox trigger completes their own details first, then the photo ID', async () => {
    const { id, ownerId, partner, cookie } = await claimedPartner('bob+full@example.com');
    const owner = (await h.call('GET', `/api/v2/applications/${id}/owners/${ownerId}`, partner)).json();
    expect(owner.stepUpDetails.map((s: { type: string }) => s.type)).toEqual(['FULL_ONBOARDING', 'GOV_ID_SELFIE']);
    const url = `/api/v2/applications/${id}/owners/${ownerId}/step-ups/full-onboarding`;

    // The applicant cannot answer for the partner; bad input is a 400 naming the field and changes nothing.
    expect((await h.call('POST', url, cookie, details)).statusCode).toBe(403);
    const bad = await h.call('POST', url, partner, { ...details, phone: { nationalNumber: '12' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toContain('phone');
    const wrongLanguage = await h.call('POST', url, partner, { ...details, communicationLanguage: 'de-DE' });
    expect(wrongLanguage.statusCode).toBe(400);
    expect(
      (await h.call('GET', `/api/v2/applications/${id}/owners/${ownerId}`, partner)).json().stepUpDetails,
    ).toHaveLength(2);

    const done = await h.call('POST', url, partner, details);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      id: ownerId,
      phone: { nationalNumber: '2125550123' },
      communicationLanguage: 'en-US',
      stepUpDetails: [{ type: 'GOV_ID_SELFIE' }],
    });
    // Answered once: a second time is a conflict.
    expect((await h.call('POST', url, partner, details)).statusCode).toBe(409);
  });

  it('any other partner is asked only for the photo ID, and the complete-owner call is a conflict', async () => {
    const { id, ownerId, partner } = await claimedPartner('bob@example.com');
    expect((await h.call('GET', `/api/v2/applications/${id}/owners/${ownerId}`, partner)).json().stepUpDetails).toEqual(
      [{ type: 'GOV_ID_SELFIE', status: 'REQUIRED' }],
    );
    expect(
      (await h.call('POST', `/api/v2/applications/${id}/owners/${ownerId}/step-ups/full-onboarding`, partner, details))
        .statusCode,
    ).toBe(409);
  });

  it('a trigger email whose phone and language the applicant already gave is not asked to complete them', async () => {
    const { id, ownerId, partner } = await claimedPartner('bob+full@example.com', {
      phone: { nationalNumber: '2125550123' },
      communicationLanguage: 'en-US',
    });
    expect(
      (await h.call('GET', `/api/v2/applications/${id}/owners/${ownerId}`, partner))
        .json()
        .stepUpDetails.map((s: { type: string }) => s.type),
    ).toEqual(['GOV_ID_SELFIE']);
  });
});

describe("confirm ownership: 'send me an email'", () => {
  it('emails the partner the steps with a link back to the photo-ID page; the applicant and strangers cannot; at most 3 in 10 minutes', async () => {
    const { id, ownerId, partner, cookie } = await claimedPartner('bob@example.com');
    const url = `/api/v2/applications/${id}/owners/${ownerId}/step-ups/identification/email`;
    const sent = await h.call('POST', url, partner, {});
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ email: 'bob@example.com' });
    const message = (await listOutbox(h.t.db, 'bob@example.com')).find(
      (m) => m.message === 'outbox.email.ownerSteps.body',
    );
    expect(message?.link).toMatch(new RegExp(`^/${id}/owners/${ownerId}/identification\\?currency=(USD|CAD)$`));
    expect((await h.call('POST', url, cookie, {})).statusCode).toBe(403);
    expect((await h.call('POST', url, await h.signUp(), {})).statusCode).toBe(403);
    expect((await h.call('POST', url, partner, {})).statusCode).toBe(202);
    expect((await h.call('POST', url, partner, {})).statusCode).toBe(202);
    expect((await h.call('POST', url, partner, {})).statusCode).toBe(429);
  });
});

describe('reseller partners', () => {
  it("the emailed links of a reseller's application carry the co-brand, so the partner sees the reseller portal", async () => {
    const { id, ownerId, partner } = await claimedPartner('bob@example.com', {}, { referralUrlId: 'reseller-shop' });
    expect(
      (await h.call('POST', `/api/v2/applications/${id}/owners/${ownerId}/step-ups/identification/email`, partner, {}))
        .statusCode,
    ).toBe(202);
    const steps = (await listOutbox(h.t.db, 'bob@example.com')).find(
      (m) => m.message === 'outbox.email.ownerSteps.body',
    );
    expect(steps?.link).toMatch(
      new RegExp(`^/r/reseller-shop/${id}/owners/${ownerId}/identification\\?currency=(USD|CAD)$`),
    );
  });
});

describe('payouts wait for the partners (doc1 §4.6)', () => {
  it('are off once partners are invited and on once every partner has verified', async () => {
    const { id, ownerId, partner, cookie, doc } = await claimedPartner('bob@example.com');
    expect(doc.application.enableDeposits).toBe(false);
    const base = `/api/v2/applications/${id}/owners/${ownerId}/step-ups/identification`;
    const session = (await h.call('POST', `${base}/sessions`, partner, {})).json();
    await completeInquiry(h, session.url, 'RECEIVED');
    expect((await h.call('POST', base, partner, { inquiryId: session.inquiryId })).statusCode).toBe(200);
    const application = (await h.call('GET', `/api/v2/applications/${id}`, cookie)).json().application;
    expect(application.enableDeposits).toBe(true);
    expect(application.stepUpDetails).toEqual([]);
  });

  it('with two partners, stay off until the second has verified too', async () => {
    const cookie = await h.signUp();
    const body = {
      applicant: {
        ...completeUs.applicant,
        governmentIdentification: { type: 'INDIVIDUAL', value: '0001', sourceType: 'SSN4' },
      },
      company: completeUs.company,
    };
    const id = (await h.call('POST', '/api/v2/applications', cookie, body)).json().application.id as string;
    await h.call('POST', `/api/v2/applications/${id}/onboard`, cookie);
    const doc = (
      await h.call('POST', `/api/v2/applications/${id}/step-ups/beneficial-owners`, cookie, {
        owners: [
          { firstName: 'Bob', lastName: 'Stone', email: 'bob@example.com', ownershipPercent: 30 },
          { firstName: 'Cy', lastName: 'Park', email: 'cy@example.com', ownershipPercent: 30 },
        ],
      })
    ).json();
    const verify = async (index: number, email: string) => {
      const ownerId = doc.owners[index].id as string;
      const token = new URL((await listOutbox(h.t.db, email))[0]!.link!, 'http://x').searchParams.get('invitation')!;
      const partner = await h.signUp(email);
      await h.call('POST', '/api/v2/owner-invitations/claim', partner, { token });
      const base = `/api/v2/applications/${id}/owners/${ownerId}/step-ups/identification`;
      const session = (await h.call('POST', `${base}/sessions`, partner, {})).json();
      await completeInquiry(h, session.url, 'RECEIVED');
      expect((await h.call('POST', base, partner, { inquiryId: session.inquiryId })).statusCode).toBe(200);
      return (await h.call('GET', `/api/v2/applications/${id}`, cookie)).json().application;
    };
    const earlier = new Set((await listOutbox(h.t.db)).map((m) => m.id));
    const afterFirst = await verify(0, 'bob@example.com');
    expect(afterFirst.enableDeposits).toBe(false);
    expect(afterFirst.stepUpDetails.map((s: { type: string }) => s.type)).toEqual(['BO_VERIFICATION']);
    // Issue 27.9: the partner is told "we've let the applicant know": the applicant's inbox has it, each time.
    const applicantInbox = async () =>
      (await listOutbox(h.t.db, completeUs.applicant.email.emailAddress)).filter(
        (m) => !earlier.has(m.id) && m.message.startsWith('outbox.email.partnerVerified.'),
      );
    expect((await applicantInbox()).map((m) => [m.message, m.args.partnerName])).toEqual([
      ['outbox.email.partnerVerified.body', 'Bob Stone'],
    ]);
    expect((await verify(1, 'cy@example.com')).enableDeposits).toBe(true);
    expect((await applicantInbox()).map((m) => [m.message, m.args.partnerName])).toEqual([
      ['outbox.email.partnerVerified.allBody', 'Cy Park'],
      ['outbox.email.partnerVerified.body', 'Bob Stone'],
    ]);
  });
});

describe("the partner's sign-in page (issue 27.3)", () => {
  it('says why they are there (the invitation, the business), in the language of the invitation unless they chose one', async () => {
    const { doc } = await claimedPartner('dora@example.com', { communicationLanguage: 'fr-CA' });
    // The invitation's link (the partner's own sign-up confirmation is in the same inbox, issue 23).
    const link = (await listOutbox(h.t.db, 'dora@example.com')).find((m) => m.link?.includes('invitation='))!.link!;
    const business = String(doc.company.dba ?? doc.company.name);
    const signIn = await h.app.inject({
      method: 'GET',
      url: `/sso/login?path=${encodeURIComponent(link)}`,
      headers: { 'accept-language': 'en-US' },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.body).toContain('<html lang="fr-CA">');
    expect(signIn.body).toContain(
      `Vous avez été invité à vérifier votre identité à titre de propriétaire de ${business}.`,
    );
    // The invitation's language is kept for the pages that follow.
    expect(String(signIn.headers['set-cookie'])).toMatch(/(^|,\s*)locale=fr-CA/);
    const register = await h.app.inject({ method: 'GET', url: `/sso/register?path=${encodeURIComponent(link)}` });
    expect(register.body).toContain(`propriétaire de ${business}`);
    // A language the partner chose (the cookie) wins.
    const chosen = await h.app.inject({
      method: 'GET',
      url: `/sso/login?path=${encodeURIComponent(link)}`,
      cookies: { locale: 'en-CA' },
    });
    expect(chosen.body).toContain('<html lang="en-CA">');
    expect(chosen.body).toContain(`You were invited to verify your identity as an owner of ${business}.`);
    // Without an invitation, the page is the plain sign-in.
    const plain = await h.app.inject({ method: 'GET', url: '/sso/login?path=%2F' });
    expect(plain.body).not.toContain('sso-reason');
  });
});

describe('the status of a business whose payouts wait for partners (issue 27.9)', () => {
  it('is the same on the account list and the store switcher: partners verifying, never "verification needed"', async () => {
    const { cookie, doc } = await claimedPartner('erin@example.com');
    const rules = JSON.parse(readFileSync('rules/accounts.json', 'utf8')) as AccountsRules;
    const account = ((await h.call('GET', '/api/v2/accounts', cookie)).json() as StoreEntry[]).find(
      (a) => a.applicationId === doc.application.id,
    )!;
    expect(account).toMatchObject({ enableDeposits: false, stepUpTypes: ['BO_VERIFICATION'] });
    expect(storeStatus({ ...account, id: 'x' }, rules.storeStatus)).toBe('partnersVerifying');
    const stores = (
      await h.call('GET', `/api/v2/accounts/${encodeURIComponent(doc.application.businessId)}/stores`, cookie)
    ).json() as StoreEntry[];
    expect(stores.map((store) => storeStatus(store, rules.storeStatus))).toEqual(['partnersVerifying']);
  });
});
