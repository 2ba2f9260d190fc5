/**
 * Issue 7, the partner's side beyond the main journey (owners.spec.ts), in Chromium. The application and its invited
 * partner are seeded through the API (the applicant's list screens are walked in owners.spec.ts). The partner, whose
 * email carries the sandbox trigger for FULL_ONBOARDING (rules/sandbox.json `partners`), opens the emailed link,
 * completes their own details, asks for the steps by email, then verifies; the applicant's list then says payouts
 * are enabled; the reseller's final screen; and another account opening the link is offered account creation, which
 * signs it out and opens the sign-on's registration with realm, app and the path back. Axe on every new screen.
 */
import { expect, test, type Browser, type Page } from './fixtures/transitions.ts';
import { expectNoAxeViolations, photograph, newEmail, registerFromSignOn } from './support.ts';
import { expectHeading, labelled, origin, text } from './journey.ts';
import { completeCa, completeUs } from '../../server/sandbox/applicants.ts';

const locale = 'en-US' as const;
const t = (key: string, args: Record<string, string | number> = {}) => text(locale, key, args);

/** With OWNERS_SCREENSHOTS=<folder>, the screen at phone and desktop widths, to look at (support.ts photograph). */
const screenshots = (page: Page, name: string) => photograph(page, process.env.OWNERS_SCREENSHOTS, `more-${name}`);

/** Signs a page's context up on the sandbox sign-on (its cookie stays in the context). */
async function signUp(page: Page, email: string): Promise<void> {
  const password = 'correct horse battery staple';
  const answer = await page.request.post('/sso/register', {
    form: { email, password, confirmPassword: password, path: '/' },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(303);
  // Registration never signs in (issue 23): the link emailed for it, read in the sandbox outbox, does.
  const outbox = await (await page.request.get('/sandbox/outbox')).text();
  const link = /href="(\/sso\/register\/confirm\?[^"]+)"/.exec(outbox)?.[1]?.replaceAll('&amp;', '&');
  expect(link).toBeDefined();
  const confirmed = await page.request.get(link!, { maxRedirects: 0 });
  expect(confirmed.status()).toBe(303);
}

async function api(page: Page, method: 'POST' | 'GET', path: string, data?: unknown): Promise<any> {
  const answer = await page.request.fetch(path, { method, data, headers: { 'content-type': 'application/json' } });
  expect(answer.ok(), `${method} ${path}: ${answer.status()} ${await answer.text()}`).toBe(true);
  return answer.json();
}

/** An approved-pending application (BO_INFO trigger 0001) whose applicant named one partner and sent the invitation. */
async function seed(page: Page, partnerEmail: string): Promise<{ id: string; ownerId: string; annEmail: string }> {
  await signUp(page, newEmail('applicant'));
  const annEmail = newEmail('ann');
  // The complete US applicant (server/sandbox/applicants.ts), with the SSN4 0001 that asks for partners.
  const body = {
    applicant: {
      ...completeUs.applicant,
      email: { emailAddress: annEmail },
      governmentIdentification: { type: 'INDIVIDUAL', value: '0001', sourceType: 'SSN4' },
    },
    company: { ...completeUs.company, name: 'Jane Doe Bakery' },
  };
  const id = (await api(page, 'POST', '/api/v2/applications', body)).application.id as string;
  await api(page, 'POST', `/api/v2/applications/${id}/onboard`, {});
  const doc = await api(page, 'POST', `/api/v2/applications/${id}/step-ups/beneficial-owners`, {
    owners: [{ firstName: 'Sam', lastName: 'Rivera', email: partnerEmail, ownershipPercent: 40 }],
  });
  expect(doc.application.enableDeposits).toBe(false);
  return { id, ownerId: doc.owners[0].id as string, annEmail };
}

/** The newest link the sandbox outbox holds for a recipient, matching `pattern`. */
async function emailedLink(page: Page, recipient: string, pattern: RegExp): Promise<string> {
  const html = await (await page.request.get(`/sandbox/outbox?to=${encodeURIComponent(recipient)}`)).text();
  const href = [...html.matchAll(/<a href="([^"]+)"/g)]
    .map((m) => m[1]!.replace(/&amp;/g, '&'))
    .find((h) => pattern.test(h));
  expect(href, `a link for ${recipient}`).toBeTruthy();
  return href!;
}

async function openAs(browser: Browser, link: string, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin('domain') });
  const page = await context.newPage();
  await page.goto(link);
  // Issue 27.3: the sign-on page says why the partner is there: the invitation, and the business.
  await expect(page.getByText(text(locale, 'sso.invitation.reason', { business: 'Jane Doe Bakery' }))).toBeVisible({
    timeout: 30_000,
  });
  await registerFromSignOn(page, email);
  return page;
}

test('a partner completes their own details, asks for the steps by email, verifies; payouts are then enabled; another account is offered account creation', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const partnerEmail = newEmail('sam').replace('@', '+full@');
  const { id, ownerId, annEmail } = await seed(page, partnerEmail);

  // The applicant's list: invitations sent, payouts wait for the partner.
  await page.goto(`/${id}/owners`);
  await expectHeading(page, locale, 'owners.list.title');
  await expect(page.getByText(t('owners.list.sentNotice'))).toBeVisible();

  // The partner opens the emailed link and signs up with the address it was sent to: the complete-owner form.
  const link = await emailedLink(page, partnerEmail, /\?invitation=/);
  const partner = await openAs(browser, link, partnerEmail);
  await expectHeading(partner, locale, 'owners.complete.title');
  // Issue 27.3: every page the partner sees names the business they verify for (a notice under the heading).
  const forBusiness = t('owners.identification.business', { business: 'Jane Doe Bakery' });
  await expect(partner.getByRole('status').filter({ hasText: forBusiness })).toBeVisible();
  await expect(partner.getByLabel(labelled(locale, 'owners.complete.firstName.label'))).toHaveValue('Sam');
  await expectNoAxeViolations(partner);
  await screenshots(partner, 'complete');
  const phone = partner.getByLabel(labelled(locale, 'owners.complete.phone.label'));
  await phone.fill('12');
  await partner.getByRole('button', { name: t('owners.complete.submit') }).click();
  await expect(partner.getByRole('alert').first()).toBeVisible();
  await expectNoAxeViolations(partner);
  await phone.fill('(212) 555-0188');
  await partner.getByRole('button', { name: t('owners.complete.submit') }).click();

  // Confirm ownership: the partner chooses to get the steps by email first. The page names the business.
  await expectHeading(partner, locale, 'owners.identification.title');
  await expect(partner.getByText(t('owners.identification.business', { business: 'Jane Doe Bakery' }))).toBeVisible();
  await expectNoAxeViolations(partner);
  await screenshots(partner, 'identification');
  await partner.getByRole('button', { name: t('owners.identification.email') }).click();
  await expectHeading(partner, locale, 'owners.emailSent.title');
  await expect(partner.getByText(t('owners.emailSent.text'))).toBeVisible();
  await expect(partner.getByRole('status').filter({ hasText: forBusiness })).toBeVisible();
  await expectNoAxeViolations(partner);
  await screenshots(partner, 'email-sent');
  expect(await emailedLink(partner, partnerEmail, /\/identification\?currency=USD$/)).toBe(
    `/${id}/owners/${ownerId}/identification?currency=USD`,
  );

  // Then verifies now.
  await partner.getByRole('button', { name: t('owners.emailSent.submit') }).click();
  await expectHeading(partner, locale, 'owners.identification.title');
  await partner.getByRole('button', { name: t('owners.identification.submit') }).click();
  await expect(partner).toHaveURL(/\/sandbox\/inquiry\//);
  await partner.getByLabel(text(locale, 'sandbox.inquiry.outcome.RECEIVED')).check();
  await partner.getByRole('button', { name: text(locale, 'sandbox.inquiry.submit') }).click();
  await expectHeading(partner, locale, 'owners.ownerSuccess.title');
  await expect(partner.getByText(t('owners.ownerSuccess.text'))).toBeVisible();
  await expect(partner.getByText(t('owners.ownerSuccess.business', { business: 'Jane Doe Bakery' }))).toBeVisible();
  await expect(partner.getByText(t('owners.reseller.contact'))).toHaveCount(0);
  // Issue 27.9: "we've let the applicant know" is true: the applicant's inbox (the sandbox outbox) has the email.
  const inbox = await (await page.request.get(`/sandbox/outbox?to=${encodeURIComponent(annEmail)}`)).text();
  expect(inbox).toContain(
    text(locale, 'outbox.email.partnerVerified.allBody', { partnerName: 'Sam Rivera', companyName: 'Jane Doe Bakery' }),
  );

  // The reseller portal's final screen names the reseller as the partner's contact.
  await partner.goto(`/r/reseller-shop/${id}/owners/${ownerId}/success`);
  await expectHeading(partner, locale, 'owners.ownerSuccessReseller.title');
  await expect(partner.getByText(t('owners.reseller.contact'))).toBeVisible();
  await expectNoAxeViolations(partner);
  await screenshots(partner, 'reseller-success');
  await partner.context().close();

  // The applicant's list: the partner completed, payouts enabled (the API agrees).
  await page.reload();
  await expectHeading(page, locale, 'owners.list.title');
  await expect(page.getByText(t('owners.list.verifiedNotice'))).toBeVisible();
  await expect(page.getByText(t('owners.list.status.completed'))).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'list-verified');
  const application = (await api(page, 'GET', `/api/v2/applications/${id}`)).application;
  expect(application.enableDeposits).toBe(true);
  expect(application.stepUpDetails).toEqual([]);
  // Issue 27.9: the outcome page says the same as the list (payouts enabled), not "payouts will be enabled soon".
  await page.goto(`/${id}/success`);
  await expectHeading(page, locale, 'signup.approvedPending.title');
  await expect(page.getByText(t('signup.approvedPending.payoutsEnabled'))).toBeVisible();
  await expect(page.getByText(t('signup.approvedPending.text'))).toHaveCount(0);

  // Another account opening the link: applicant-error, then account creation signs it out and carries realm, app, path.
  const stranger = await openAs(browser, link, newEmail('stranger'));
  await expectHeading(stranger, locale, 'owners.applicantError.title');
  await expect(stranger.getByRole('button', { name: t('owners.applicantError.signIn') })).toBeVisible();
  await expectNoAxeViolations(stranger);
  await screenshots(stranger, 'applicant-error');
  await stranger.getByRole('button', { name: t('owners.applicantError.createAccount') }).click();
  await expect(stranger).toHaveURL(/\/sso\/register\?/);
  const register = new URL(stranger.url());
  expect(register.searchParams.get('realm')).toBe('idp');
  expect(register.searchParams.get('app')).toBe('payments-onboarding');
  // The invitation token travels on, so signing up with the invited address claims the link without the email again.
  expect(register.searchParams.get('path')).toBe(
    `/${id}/owners/${ownerId}?invitation=${new URL(link, 'http://link.invalid').searchParams.get('invitation')}`,
  );
  expect(await (await stranger.request.get('/api/v2/session')).json()).toEqual({ user: null });
  await stranger.context().close();
});

// Issue 27 'Done when': a Quebec applicant and the partner they name, in French, each in a browser of their own; what
// each reads at each step (headings, the business named, the French words, the applicant's inbox), not only where
// they land.
test('fr-CA: the applicant invites a partner; the partner, in another browser, verifies in French for the business; the applicant is told', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const fr = (key: string, args: Record<string, string | number> = {}) => text('fr-CA', key, args);
  const business = 'Boulangerie Côté';
  await page.context().addCookies([
    { name: 'currency', value: 'CAD', url: baseURL! },
    { name: 'locale', value: 'fr-CA', url: baseURL! },
  ]);
  await signUp(page, newEmail('eloise'));
  const applicantEmail = newEmail('eloise-inbox');
  const partnerEmail = newEmail('samuel');
  // The complete Canadian applicant (server/sandbox/applicants.ts, French), with a SIN ending in 0001: the sandbox
  // asks for partners (BO_INFO, server/README.md). Its company carries the business phone the older form requires.
  const body = {
    applicant: {
      ...completeCa.applicant,
      email: { emailAddress: applicantEmail },
      governmentIdentification: { type: 'INDIVIDUAL', value: '130690001', sourceType: 'SIN' },
    },
    company: { ...completeCa.company, name: business },
  };
  const id = (await api(page, 'POST', '/api/v2/applications', body)).application.id as string;
  await api(page, 'POST', `/api/v2/applications/${id}/onboard`, {});
  await api(page, 'POST', `/api/v2/applications/${id}/step-ups/beneficial-owners`, {
    // The applicant gives the partner's language (French), as the add-partner form asks.
    owners: [
      {
        firstName: 'Samuel',
        lastName: 'Roy',
        email: partnerEmail,
        ownershipPercent: 30,
        communicationLanguage: 'fr-CA',
      },
    ],
  });

  // The applicant's list, in French: the invitation was sent, payouts wait for the partner.
  await page.goto(`/${id}/owners`);
  await expectHeading(page, 'fr-CA', 'owners.list.title');
  await expect(page.getByText(fr('owners.list.sentNotice'))).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');

  // The partner's own browser: no cookie, only the emailed link. The sign-on page says why, in French.
  const link = await emailedLink(page, partnerEmail, /\?invitation=/);
  const context = await browser.newContext({ baseURL: origin('domain') });
  try {
    const partner = await context.newPage();
    await partner.goto(link);
    await expect(partner.getByText(fr('sso.invitation.reason', { business }))).toBeVisible({ timeout: 30_000 });
    await registerFromSignOn(partner, partnerEmail);

    // The photo-ID page: French, the business named, a provincial ID (doc1 §6 in Canada).
    await expectHeading(partner, 'fr-CA', 'owners.identification.title');
    await expect(partner.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await expect(partner.getByText(fr('owners.identification.business', { business }))).toBeVisible();
    await expect(partner.getByText(fr('owners.identification.points.stateId'))).toBeVisible();
    await expectNoAxeViolations(partner);
    await screenshots(partner, 'fr-identification');

    // The steps by email: the page names the business too.
    await partner.getByRole('button', { name: fr('owners.identification.email') }).click();
    await expectHeading(partner, 'fr-CA', 'owners.emailSent.title');
    await expect(partner.getByText(fr('owners.emailSent.text'))).toBeVisible();
    await expect(
      partner.getByRole('status').filter({ hasText: fr('owners.identification.business', { business }) }),
    ).toBeVisible();
    await expectNoAxeViolations(partner);
    await screenshots(partner, 'fr-email-sent');

    // Verifies now, through the identity provider's page; the outcome names the business.
    await partner.getByRole('button', { name: fr('owners.emailSent.submit') }).click();
    await expectHeading(partner, 'fr-CA', 'owners.identification.title');
    await partner.getByRole('button', { name: fr('owners.identification.submit') }).click();
    await expect(partner).toHaveURL(/\/sandbox\/inquiry\//);
    await partner.getByLabel(fr('sandbox.inquiry.outcome.RECEIVED')).check();
    await partner.getByRole('button', { name: fr('sandbox.inquiry.submit') }).click();
    await expectHeading(partner, 'fr-CA', 'owners.ownerSuccess.title');
    await expect(partner.getByText(fr('owners.ownerSuccess.business', { business }))).toBeVisible();
    await expect(partner.getByText(fr('owners.ownerSuccess.text'))).toBeVisible();
    await expectNoAxeViolations(partner);
    await screenshots(partner, 'fr-success');
  } finally {
    await context.close();
  }

  // The applicant is told, as the partner was promised: the inbox has it, in French; the list says payouts are on.
  const inbox = await (await page.request.get(`/sandbox/outbox?to=${encodeURIComponent(applicantEmail)}`)).text();
  expect(inbox).toContain(
    fr('outbox.email.partnerVerified.allBody', { partnerName: 'Samuel Roy', companyName: business }),
  );
  await page.reload();
  await expectHeading(page, 'fr-CA', 'owners.list.title');
  await expect(page.getByText(fr('owners.list.verifiedNotice'))).toBeVisible();
  await expectNoAxeViolations(page);
});
