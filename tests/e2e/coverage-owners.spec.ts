/**
 * Coverage journeys (issue 10) for the owners flow: the moves the longer journeys (owners.spec.ts, partner-side.spec.ts)
 * do not take. Applications are seeded through the API with the BO_INFO trigger (SSN last four 0001) and, where a
 * partner is needed, the beneficial-owners step-up that invites them (the sandbox outbox holds the secure link); each
 * screen is opened by its address just before the move out of it. The applicant's side: edit a partner (and back, and
 * a partner removed meanwhile), the list from owners success and further steps. The partner's side (the `+full@`
 * trigger: details first): the photo ID sends an incomplete partner to their details, an inquiry that times out ends
 * on the owner error whose 'try again' reopens the link, a verified partner's link and photo-ID page show success, a mistyped link
 * the owner error, and a verified partner cannot start another inquiry. Another account: every partner page it opens
 * answers 403 and shows applicant-error, whose sign-out (failing, then working) and account creation lead on and
 * back. Every action is found by its words in en-US; the screen reached is checked by its address and focused heading.
 */
import { expect, test, type Browser, type Page } from './fixtures/transitions.ts';
import { applicationBody, call, open, seeded, signedIn } from './fixtures/seed.ts';
import { labelled, origin, text, type Locale } from './journey.ts';
import { expectNoAxeViolations, photograph, newEmail, signUpThroughApi } from './support.ts';

// Some journeys here make a provider or the API answer 503 on purpose (it is unreachable, then back): the browser
// logs each such answer, which is expected.
test.use({ consoleAllowed: [/^Failed to load resource: the server responded with a status of 503 /] });

const locale: Locale = 'en-US';
const t = (key: string, args: Record<string, string | number> = {}) => text(locale, key, args);

/** The screen at `/{id}/{path}` (a regular expression source) shows, its heading focused. */
async function at(page: Page, id: string, path: string, messages: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/${id}/${path}(\\?.*)?$`));
  const heading = page.getByRole('heading', { level: 1, name: t(`${messages}.title`), exact: true });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
}

async function press(page: Page, key: string): Promise<void> {
  const name = t(key);
  await page
    .getByRole('button', { name, exact: true })
    .or(page.getByRole('link', { name, exact: true }))
    .first()
    .click();
}

/** With OWNERS_SCREENSHOTS=<folder>, the screen at phone and desktop widths, to look at (support.ts photograph). */
const screenshots = (page: Page, name: string) => photograph(page, process.env.OWNERS_SCREENSHOTS, `coverage-${name}`);

/** A partner's own browser: a new context signed up on the sandbox sign-on with `email`. */
async function browserOf(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: origin('domain') });
  const [name, value] = (await signUpThroughApi(origin('domain'), email)).split(/=(.*)/s);
  const url = origin('domain');
  await context.addCookies([
    { name: name!, value: value!, url },
    { name: 'currency', value: 'USD', url },
    { name: 'locale', value: locale, url },
  ]);
  return context.newPage();
}

/** An application with the BO_INFO step-up whose applicant named one partner and sent the invitation. */
async function invited(page: Page, partnerEmail: string): Promise<{ id: string; ownerId: string; link: string }> {
  const id = await seeded(page, applicationBody('US', '0001'));
  const doc = await call(page, 'POST', `/api/v2/applications/${encodeURIComponent(id)}/step-ups/beneficial-owners`, {
    owners: [{ firstName: 'Sam', lastName: 'Rivera', email: partnerEmail, ownershipPercent: 40 }],
  });
  const ownerId = doc.owners[0].id as string;
  const html = await (await page.request.get(`/sandbox/outbox?to=${encodeURIComponent(partnerEmail)}`)).text();
  const link = /<a href="([^"]+\?invitation=[^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  // The link carries the application's market (issue 27.3).
  expect(link, `an invitation link for ${partnerEmail}`).toBe(
    `/${id}/owners/${ownerId}?invitation=${new URL(link ?? '/', 'http://x').searchParams.get('invitation')}&currency=USD`,
  );
  return { id, ownerId, link: link! };
}

/** The sandbox identity provider's page: pick an outcome and come back. */
async function inquiry(page: Page, outcome: 'RECEIVED' | 'TIMEOUT'): Promise<void> {
  await expect(page).toHaveURL(/\/sandbox\/inquiry\//);
  await page.getByLabel(text(locale, `sandbox.inquiry.outcome.${outcome}`)).check();
  await page.getByRole('button', { name: text(locale, 'sandbox.inquiry.submit') }).click();
}

test.beforeEach(async ({ page }) => {
  await signedIn(page, 'US', locale);
});

test('the applicant edits a partner (back, saved, removed meanwhile) and reaches the list from owners success and further steps', async ({
  page,
}) => {
  const id = await seeded(page, applicationBody('US', '0001'));
  const owners = `/api/v2/applications/${encodeURIComponent(id)}/owners`;
  let doc = await call(
    page,
    'POST',
    owners,
    { firstName: 'Sam', lastName: 'Rivera', email: newEmail('sam'), ownershipPercent: 40 },
    201,
  );
  const ownerId = doc.owners[0].id as string;

  // owners -> owner-details (the card's Edit), and back to the list.
  await open(page, 'domain', id, 'owners');
  await at(page, id, 'owners', 'owners.list');
  await page
    .getByRole('listitem')
    .getByRole('button', { name: t('owners.list.item.edit') })
    .click();
  await at(page, id, `owners/${ownerId}/edit`, 'owners.details');
  await expect(page.getByLabel(labelled(locale, 'owners.details.lastName.label'))).toHaveValue('Rivera');
  await expectNoAxeViolations(page);
  await press(page, 'owners.details.back');
  await at(page, id, 'owners', 'owners.list');

  // owner-details -> owner-ownership: a changed name is saved, then the share.
  await page
    .getByRole('listitem')
    .getByRole('button', { name: t('owners.list.item.edit') })
    .click();
  await at(page, id, `owners/${ownerId}/edit`, 'owners.details');
  await page.getByLabel(labelled(locale, 'owners.details.lastName.label')).fill('Rivera-Lopez');
  await press(page, 'owners.details.submit');
  await at(page, id, `owners/${ownerId}/ownership`, 'owners.ownership');
  expect((await call(page, 'GET', `/api/v2/applications/${encodeURIComponent(id)}`)).owners[0].lastName).toBe(
    'Rivera-Lopez',
  );
  await press(page, 'owners.ownership.submit');
  await at(page, id, 'owners', 'owners.list');

  // owner-details -> owners on a 404: the partner was removed (another tab) while the form was open.
  await open(page, 'domain', id, `owners/${ownerId}/edit`);
  await at(page, id, `owners/${ownerId}/edit`, 'owners.details');
  doc = await page.request
    .delete(`${owners}/${encodeURIComponent(ownerId)}`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } })
    .then((r) => r.json());
  expect(doc.owners).toEqual([]);
  await page.getByLabel(labelled(locale, 'owners.details.firstName.label')).fill('Samuel');
  await press(page, 'owners.details.submit');
  await at(page, id, 'owners', 'owners.list');
  await expect(page.getByText(t('owners.list.empty'))).toBeVisible();

  // owners-success: 'See your partners' goes to the list; Continue follows owners-after, which keeps an applicant
  // whose BO_INFO is still pending on the list.
  await open(page, 'domain', id, 'owners/success');
  await at(page, id, 'owners/success', 'owners.successApproved');
  await expectNoAxeViolations(page);
  await press(page, 'owners.success.list');
  await at(page, id, 'owners', 'owners.list');
  await open(page, 'domain', id, 'owners/success');
  await at(page, id, 'owners/success', 'owners.successApproved');
  await press(page, 'owners.successApproved.submit');
  await at(page, id, 'owners', 'owners.list');

  // owners-further-steps -> owners.
  await open(page, 'domain', id, 'owners/further-steps');
  await at(page, id, 'owners/further-steps', 'owners.furtherSteps');
  await press(page, 'owners.furtherSteps.submit');
  await at(page, id, 'owners', 'owners.list');

  // owner-identification -> owner-error: a partner's page for an owner no longer on the application (404).
  await open(page, 'domain', id, `owners/${ownerId}/identification`);
  await at(page, id, `owners/${ownerId}/error`, 'owners.ownerError');
});

test('the partner: photo ID before their details, a timed-out inquiry and try again, verified; the link again; a mistyped link; no second inquiry', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const partnerEmail = newEmail('sam').replace('@', '+full@');
  const { id, ownerId, link } = await invited(page, partnerEmail);
  const partner = await browserOf(browser, partnerEmail);
  const base = `owners/${ownerId}`;

  // The link claims the invitation; FULL_ONBOARDING is pending, so the complete-owner form shows.
  await partner.goto(link);
  await at(partner, id, `${base}/complete`, 'owners.complete');

  // owner-identification -> owner-complete: the photo ID page opened first (the steps email's link) sends them back.
  await partner.goto(`/${id}/${base}/identification`);
  await at(partner, id, `${base}/identification`, 'owners.identification');
  await press(partner, 'owners.identification.submit');
  await at(partner, id, `${base}/complete`, 'owners.complete');
  await partner.getByLabel(labelled(locale, 'owners.complete.phone.label')).fill('(212) 555-0188');
  await press(partner, 'owners.complete.submit');
  await at(partner, id, `${base}/identification`, 'owners.identification');

  // owner-verifying -> owner-error: the inquiry timed out; owner-error -> owner-invitation: try again reopens the
  // partner's page, which goes on to the photo ID.
  await press(partner, 'owners.identification.submit');
  await inquiry(partner, 'TIMEOUT');
  await at(partner, id, `${base}/error`, 'owners.ownerError');
  await expectNoAxeViolations(partner);
  await screenshots(partner, 'owner-error');
  await press(partner, 'owners.ownerError.submit');
  await at(partner, id, `${base}/identification`, 'owners.identification');
  expect(
    (
      await partner
        .context()
        .request.get(`/api/v2/applications/${encodeURIComponent(id)}/owners/${encodeURIComponent(ownerId)}`)
        .then((r) => r.json())
    ).status,
  ).not.toBe('COMPLETED');

  await press(partner, 'owners.identification.submit');
  await inquiry(partner, 'RECEIVED');
  await at(partner, id, `${base}/success`, 'owners.ownerSuccess');

  // owner-invitation -> owner-success: the emailed link opened again by the verified partner.
  await partner.goto(link);
  await at(partner, id, `${base}/success`, 'owners.ownerSuccess');

  // owner-identification -> owner-success: the steps email opened after verifying shows the success, no new inquiry.
  await partner.goto(`/${id}/${base}/identification`);
  await at(partner, id, `${base}/identification`, 'owners.identification');
  await press(partner, 'owners.identification.submit');
  await at(partner, id, `${base}/success`, 'owners.ownerSuccess');

  // owner-invitation -> owner-error: a mistyped token is refused (404), the owner error offers to try again.
  await partner.goto(`/${id}/${base}?invitation=${'x'.repeat(40)}`);
  await at(partner, id, `${base}/error`, 'owners.ownerError');

  // owner-identity-start -> owner-identification: a verified partner has no photo ID left to start (409): the
  // redirect screen says so and goes back.
  await partner.goto(`/${id}/${base}/identification/start`);
  await at(partner, id, `${base}/identification/start`, 'owners.identityStart');
  await expect(partner.getByRole('alert')).toHaveText(t('owners.identityStart.error'));
  await screenshots(partner, 'identity-start-error');
  await expectNoAxeViolations(partner);
  await press(partner, 'owners.identityStart.back');
  await at(partner, id, `${base}/identification`, 'owners.identification');
  await partner.context().close();
});

test('another account on the partner pages gets applicant-error; its sign-out and account creation, failing then working', async ({
  page,
  browser,
}) => {
  const { id, ownerId, link } = await invited(page, newEmail('sam'));
  const stranger = await browserOf(browser, newEmail('stranger'));
  const base = `owners/${ownerId}`;
  const token = new URL(link, 'http://x').searchParams.get('invitation')!;

  // The photo ID, the complete-owner form and verifying each read the owner (403): applicant-error.
  for (const path of [
    `${base}/identification`,
    `${base}/complete`,
    `${base}/verifying?inquiryId=inq_0123456789abcdef`,
  ]) {
    await stranger.goto(`/${id}/${path}`);
    await at(stranger, id, `${base}/applicant-error`, 'owners.applicantError');
  }
  await expectNoAxeViolations(stranger);

  // The sign-on's logout failing: sign-in and account creation each say so and go back to applicant-error.
  await stranger.goto(`/${id}/${base}/applicant-error?invitation=${token}`);
  await at(stranger, id, `${base}/applicant-error`, 'owners.applicantError');
  await stranger.route('**/sso/logout', (route) =>
    route.fulfill({ status: 503, json: { code: 'SERVICE_UNAVAILABLE', messages: [] } }),
  );
  await press(stranger, 'owners.applicantError.signIn');
  await at(stranger, id, `${base}/sign-in`, 'owners.signIn');
  await expect(stranger.getByRole('alert')).toHaveText(t('owners.signIn.error'));
  await expectNoAxeViolations(stranger);
  await screenshots(stranger, 'sign-in-error');
  await press(stranger, 'owners.signIn.back');
  await at(stranger, id, `${base}/applicant-error`, 'owners.applicantError');
  expect(new URL(stranger.url()).searchParams.get('invitation')).toBe(token);
  await press(stranger, 'owners.applicantError.createAccount');
  await at(stranger, id, `${base}/create-account`, 'owners.createAccount');
  await expect(stranger.getByRole('alert')).toHaveText(t('owners.signIn.error'));
  await press(stranger, 'owners.signIn.back');
  await at(stranger, id, `${base}/applicant-error`, 'owners.applicantError');

  // Working again: signed out, on to sign-in with the path back to the partner's link.
  await stranger.unroute('**/sso/logout');
  await press(stranger, 'owners.applicantError.signIn');
  await expect(stranger).toHaveURL(/\/sso\/login\?/);
  expect(new URL(stranger.url()).searchParams.get('path')).toBe(`/${id}/${base}?invitation=${token}`);
  expect(await (await stranger.request.get('/api/v2/session')).json()).toEqual({ user: null });
  await stranger.context().close();
});
