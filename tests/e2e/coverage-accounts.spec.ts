/**
 * Coverage journeys (issue 10) for existing merchants and the extras: the account list and the account switcher
 * (open an account at its stores, at its outcome, in its signup form, or create a new business), the store switcher
 * (connect a profile, add a store that is not approved yet), the country and location screens, the redirect
 * screens' fallbacks when the provider cannot be reached (bank link, identity and business-document inquiries, the
 * payments hub, the lender), the boot routing of the application root, and the reseller co-brand rows (the
 * multistep signup form, the eHopper order, the upgraded bank). Accounts are seeded through POST /sandbox/accounts
 * and applications through the API (tests/e2e/fixtures/seed.ts); each screen is opened by its address just before
 * the move out of it is taken, as an applicant would take it. A provider that cannot be reached is a route that
 * answers 503: the screen's own fallback is what is under test.
 */
import { expect, test, type Page } from './fixtures/transitions.ts';
import { applicationBody, approvedUs, call, seeded, signedIn } from './fixtures/seed.ts';
import { labelled, text, type Locale } from './journey.ts';
import { expectNoAxeViolations, photograph } from './support.ts';

// Some journeys here make a provider or the API answer 503 on purpose (it is unreachable, then back): the browser
// logs each such answer, which is expected.
test.use({ consoleAllowed: [/^Failed to load resource: the server responded with a status of 503 /] });

const locale: Locale = 'en-US';

async function heading(page: Page, key: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: text(locale, key), exact: true })).toBeVisible();
}

async function accounts(page: Page, seeds: Array<Record<string, unknown>>): Promise<Array<{ applicationId: string }>> {
  return (await call(page, 'POST', '/sandbox/accounts', { accounts: seeds }, 201)) as Array<{ applicationId: string }>;
}

/** Chooses an account (or "Create a new business") on an account list and submits it. */
async function choose(page: Page, name: RegExp | string, submitKey: string): Promise<void> {
  await page.getByLabel(name).check();
  await page.getByRole('button', { name: text(locale, submitKey), exact: true }).click();
}

/** With ACCOUNTS_SHOTS=<folder>, the screen at phone and desktop widths, to look at (support.ts photograph). */
const screenshots = (page: Page, name: string) =>
  photograph(page, process.env.ACCOUNTS_SHOTS, `coverage-accounts-${name}`);

/** Fills the manual bank form with a valid US checking account and saves it. */
async function saveBankForm(page: Page, holder: string): Promise<void> {
  await page.getByLabel(/^Account holder name/).fill(holder);
  await page.getByLabel(/^Checking/).check();
  await page.getByLabel(/^Routing number/).fill('021000021');
  await page.getByLabel(/^Account number/).fill('000123456789');
  await page.getByLabel(/^Confirm account number/).fill('000123456789');
  await page.getByRole('button', { name: text(locale, 'money.bankManual.submit'), exact: true }).click();
}

/** A provider the screen reads cannot be reached (503) while the test runs. */
async function unreachable(page: Page, pattern: string): Promise<void> {
  await page.route(pattern, (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ errors: [{ key: 'errors.unavailable' }] }),
    }),
  );
}

test('the account list opens a decided account at its outcome, an unfinished one in its signup form, and creates a new business', async ({
  page,
}) => {
  await signedIn(page, 'US', locale);
  const [pending, unfinished] = await accounts(page, [
    { decision: 'PENDING', name: 'Pending Bakery' },
    { name: 'Unfinished Diner', completed: false },
  ]);
  await page.goto('/accounts');
  await heading(page, 'accounts.list.title');
  await choose(page, /Pending Bakery/, 'accounts.list.submit');
  await expect(page).toHaveURL(new RegExp(`/${pending.applicationId}/success$`));

  await page.goto('/accounts');
  await choose(page, /Unfinished Diner/, 'accounts.list.submit');
  await expect(page).toHaveURL(new RegExp(`/${unfinished.applicationId}/update$`));
  await heading(page, 'signup.update.title');

  await page.goto('/accounts');
  await choose(page, text(locale, 'accounts.list.create.label'), 'accounts.list.submit');
  // doc1 §2.8 row 1: the root in create-business mode stays there (the boot routing would send a user with
  // several accounts back to this list).
  await expect(page).toHaveURL(/\/\?createBusiness=true$/);
  await heading(page, 'signup.landing.title');
  await page.waitForTimeout(1000);
  await expect(page).toHaveURL(/\/\?createBusiness=true$/);
});

test('the account switcher opens an approved business at its stores, a decided one at its outcome, or a new business; the store switcher connects an approved profile', async ({
  page,
}) => {
  await signedIn(page, 'US', locale);
  const id = await seeded(page, applicationBody('US', '4321'), false);
  const [, pending] = await accounts(page, [
    { decision: 'APPROVED', name: 'Approved Deli', businessId: 'biz-cov-deli' },
    { decision: 'PENDING', name: 'Pending Grill' },
  ]);
  await page.goto(`/${id}/switch-account`);
  await choose(page, /Approved Deli/, 'extras.accountSwitcher.submit');
  await expect(page).toHaveURL(/\/accounts\/biz-cov-deli\/stores$/);
  await heading(page, 'accounts.stores.title');
  // Connect on an approved store: the store's completion page.
  await page.getByRole('button', { name: text(locale, 'accounts.stores.actions.connect') }).click();
  await expect(page).toHaveURL(/\/urn:app:[\w-]+\/store-complete$/);
  await heading(page, 'accounts.storeComplete.title');

  await page.goto(`/${id}/switch-account`);
  await choose(page, /Pending Grill/, 'extras.accountSwitcher.submit');
  await expect(page).toHaveURL(new RegExp(`/${pending.applicationId}/success$`));

  await page.goto(`/${id}/switch-account`);
  await choose(page, text(locale, 'extras.accountSwitcher.create.label'), 'extras.accountSwitcher.submit');
  await expect(page).toHaveURL(/\/\?createBusiness=true$/);
  await heading(page, 'signup.landing.title');
  await page.waitForTimeout(1000);
  await expect(page).toHaveURL(/\/\?createBusiness=true$/);
});

test('the store switcher connects a profile in review (its store page) and a new store not approved yet is added (store-success)', async ({
  page,
}) => {
  await signedIn(page, 'US', locale);
  await accounts(page, [
    { decision: 'APPROVED_PENDING', name: 'Acme APPROVEDPENDING Co', businessId: 'biz-cov-ap' },
    { decision: 'PENDING', name: 'Review Kiosk', businessId: 'biz-cov-ap' },
  ]);
  await page.goto('/accounts/biz-cov-ap/stores');
  await heading(page, 'accounts.stores.title');
  await expectNoAxeViolations(page);
  // The store in review gives Connect profile; it is not approved, so the store was added (store-success).
  await page.getByRole('button', { name: text(locale, 'accounts.stores.actions.connect') }).click();
  await expect(page).toHaveURL(/\/urn:app:[\w-]+\/store-success$/);
  await heading(page, 'accounts.storeSuccess.title');

  await page.goto('/accounts/biz-cov-ap/stores/new');
  await page.getByLabel(/Store name/).fill('Second Street Kiosk');
  await page.getByRole('button', { name: 'Create store' }).click();
  await expect(page).toHaveURL(/\/urn:app:[\w-]+\/store-success$/);
  await heading(page, 'accounts.storeSuccess.title');
});

test('country and location: keep the country, confirm without a country, keep the application', async ({ page }) => {
  await signedIn(page, 'US', locale);
  const id = await seeded(page, applicationBody('US', '4321'), false);
  await page.goto('/country');
  await page.getByLabel(text(locale, 'extras.countrySwitcher.country.options.US')).check();
  await page.getByRole('button', { name: text(locale, 'extras.countrySwitcher.submit'), exact: true }).click();
  await expect(page).not.toHaveURL(/\/country$/);

  // A confirmation opened without a country asks for the country again.
  await page.goto('/country/confirm');
  await page.getByRole('button', { name: text(locale, 'extras.countryConfirm.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/country$/);

  await page.goto(`/${id}/location-change`);
  await page.getByRole('button', { name: text(locale, 'extras.locationChange.keep'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${id}/update$`));
});

test('redirect screens whose provider cannot be reached offer their way out', async ({ page }) => {
  await signedIn(page, 'US', locale);
  // The bank-linking provider: enter the bank details by hand instead.
  const approved = await seeded(page, applicationBody('US', '4321'));
  await unreachable(page, '**/financial-instruments/plaid/token');
  await page.goto(`/${approved}/bank/link`);
  await page.getByRole('button', { name: text(locale, 'money.bankOptions.manual'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${approved}/bank/manual$`));

  // The identity and business-document inquiries: do this later (the outcome).
  const photo = await seeded(page, applicationBody('US', '0004'));
  await unreachable(page, '**/step-ups/identification/sessions');
  await page.goto(`/${photo}/identification/start`);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: text(locale, 'signup.identification.later'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${photo}/success$`));

  const document = await seeded(page, applicationBody('US', '0006'));
  await unreachable(page, '**/step-ups/verification/sessions');
  await page.goto(`/${document}/verification/start`);
  await page.getByRole('button', { name: text(locale, 'signup.verification.later'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${document}/success$`));

  // The payments hub needs the store: an application not onboarded has none, so the applicant continues here.
  const unfinished = await seeded(page, applicationBody('US', '4321'), false);
  await page.goto(`/${unfinished}/bank/hub`);
  await page.getByRole('button', { name: text(locale, 'money.paymentsHub.stay'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${unfinished}/complete/bank/success$`));
  await heading(page, 'money.bankComplete.title');
});

test('cash advance: back from the offers, and back to the offers when the lender cannot be reached', async ({
  page,
}) => {
  await signedIn(page, 'US', locale);
  const id = await seeded(page, { ...approvedUs });
  const businessId = (await call(page, 'GET', `/api/v2/applications/${encodeURIComponent(id)}`)).application
    .businessId as string;
  await unreachable(page, '**/api/v2/cash-advance-offers/*/redirect');
  await page.goto(`/cashadvanceoffers?businessId=${encodeURIComponent(businessId)}`);
  await heading(page, 'money.cashAdvance.title');
  await expectNoAxeViolations(page);
  const accept = page
    .getByRole('link', { name: new RegExp(`^${text(locale, 'money.cashAdvance.accept', { lenderName: '.+' })}`) })
    .first();
  await accept.click();
  await expect(page).toHaveURL(/\/cashadvanceoffers\/redirect\?offerId=/);
  await page.getByRole('button', { name: text(locale, 'money.cashAdvanceRedirect.back'), exact: true }).click();
  // Back shows the same business's offers again (the redirect kept its businessId).
  await expect(page).toHaveURL(new RegExp(`/cashadvanceoffers\\?businessId=${businessId}$`));
  await heading(page, 'money.cashAdvance.title');
  await expect(accept).toBeVisible();
  await screenshots(page, 'cash-advance-back');
  await page.getByRole('button', { name: text(locale, 'money.cashAdvance.back'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/accounts/${businessId}/stores`));
});

test('an application upgraded from basic to full and approved goes to the bank, and a saved bank to "we’re setting up your account"', async ({
  page,
}) => {
  await signedIn(page, 'US', locale);
  const [basic] = await accounts(page, [
    { decision: 'APPROVED_PENDING', level: 'BASIC', name: 'Corner APPROVED Shop', businessId: 'biz-cov-basic' },
  ]);
  await page.goto('/accounts/biz-cov-basic/stores');
  await page.getByRole('button', { name: text(locale, 'accounts.stores.actions.upgrade') }).click();
  await expect(page).toHaveURL(new RegExp(`/${basic.applicationId}/update\\?upgrade=true$`));
  // Issue 27.10: the upgrade is recorded when the merchant submits the form, not on the click.
  await page.getByLabel(labelled(locale, 'signup.update.firstName.label')).fill('Ann');
  await page.getByLabel(labelled(locale, 'signup.update.lastName.label')).fill('Lee');
  await page.getByLabel(labelled(locale, 'signup.update.email.label')).fill('ann@example.com');
  await page.getByLabel(labelled(locale, 'signup.update.emailConfirmation.label')).fill('ann@example.com');
  await page.getByRole('button', { name: text(locale, 'signup.update.submit') }).click();
  await expect(page).toHaveURL(new RegExp(`/${basic.applicationId}/applicant/business$`));
  await call(page, 'POST', `/api/v2/applications/${encodeURIComponent(basic.applicationId)}/onboard`);
  await page.goto(`/${basic.applicationId}/resume`);
  await expect(page).toHaveURL(new RegExp(`/${basic.applicationId}/bank$`));
  await heading(page, 'money.bankOptions.title');
  await page.getByRole('button', { name: text(locale, 'money.bankOptions.manual'), exact: true }).click();
  await saveBankForm(page, 'Corner Shop');
  await expect(page).toHaveURL(new RegExp(`/${basic.applicationId}/set-up$`));
  await heading(page, 'money.bankSetUp.title');
});

test('a partner co-brand application with its bank saved goes back to the partner when opened again', async ({
  page,
}) => {
  await signedIn(page, 'US', locale);
  const id = await seeded(page, { ...approvedUs, cobrand: 'partner-site' });
  await page.route('https://partner.localhost/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Partner</title><h1>Partner site</h1></html>',
    }),
  );
  await page.goto(`/r/partner-site/${id}/bank/manual`);
  await saveBankForm(page, 'Acme Bakery');
  await expect(page.getByRole('heading', { level: 1, name: 'Partner site' })).toBeVisible();
  // Opened again (a reminder link): the saved bank sends the applicant back to the partner (doc1 §4.3 row 2).
  await page.goto(`/r/partner-site/${id}/resume`);
  await expect(page.getByRole('heading', { level: 1, name: 'Partner site' })).toBeVisible();
  await expect(page).toHaveURL(/^https:\/\/partner\.localhost\/payments\/return/);
});

test('the application root (boot routing, doc1 §2.8): the current business opens at its stores; a single basic account in its signup form', async ({
  page,
}) => {
  await signedIn(page, 'US', locale);
  const [basic] = await accounts(page, [
    { decision: 'APPROVED_PENDING', level: 'BASIC', name: 'Basic Corner', businessId: 'biz-cov-boot' },
  ]);
  // Row 4: the current business (the launch's businessId) has an approved or approved-pending account.
  await page.goto('/?businessId=biz-cov-boot');
  await expect(page).toHaveURL(/\/accounts\/biz-cov-boot\/stores/);
  // Row 6: a single account (basic level, so not row 5's account list) goes to its signup form.
  await page.goto('/');
  await expect(page).toHaveURL(new RegExp(`/${basic.applicationId}/update$`));
});

test('reseller co-brands: the multistep signup form, the eHopper order after a pending decision, and the upgraded bank', async ({
  page,
}) => {
  await signedIn(page, 'US', locale);
  // reseller-shop: keeping the application opens the multistep form (doc1 §2.6), whose first step leads to the business.
  const id = await seeded(page, applicationBody('US', '4321'), false);
  await page.goto(`/r/reseller-shop/${id}/location-change`);
  await page.getByRole('button', { name: text(locale, 'extras.locationChange.keep'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/r/reseller-shop/${id}/applicant$`));
  await heading(page, 'signup.applicantInfo.title');
  await page.getByRole('button', { name: text(locale, 'signup.applicantInfo.submit'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/r/reseller-shop/${id}/applicant/business$`));

  // ehopper-pos: a pending application opened again goes to the eHopper order (doc1 §4.3 row 4).
  const pending = await seeded(page, applicationBody('US', '4321', 'Hopper PENDING Diner'));
  await page.goto(`/r/ehopper-pos/${pending}/resume`);
  await expect(page).toHaveURL(new RegExp(`/r/ehopper-pos/${pending}/ehopper-order$`));

  // reseller-shop: a basic account upgraded to full and approved again saves its bank on the new form's page
  // (doc1 §4.4 'upgraded from basic to full, new form': bank-success).
  const [basic] = await accounts(page, [
    { decision: 'APPROVED_PENDING', level: 'BASIC', name: 'Reseller APPROVED Corner', businessId: 'biz-cov-rs' },
  ]);
  const upgraded = encodeURIComponent(basic.applicationId);
  await call(page, 'PUT', `/api/v2/applications/${upgraded}`, { application: { applicationLevel: 'FULL' } });
  await call(page, 'POST', `/api/v2/applications/${upgraded}/onboard`);
  await page.goto(`/r/reseller-shop/${basic.applicationId}/bank/manual`);
  await saveBankForm(page, 'Reseller Corner');
  await expect(page).toHaveURL(new RegExp(`/r/reseller-shop/${basic.applicationId}/bank/success$`));
  await heading(page, 'money.bankSuccess.title');
});

test('a texted link left past its five minutes: the waiting screen offers a new one (phone-auth retry)', async ({
  page,
}) => {
  await signedIn(page, 'US', locale);
  const id = await seeded(page, applicationBody('US', '0009'));
  await page.goto(`/${id}/phone-auth`);
  await page.getByRole('button', { name: text(locale, 'signup.phoneAuth.submit'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${id}/phone-auth/sent$`));
  await heading(page, 'signup.phoneAuthSent.title');
  // The browser cannot wait five minutes: from here the poll gets what the API answers for a link past its expiry
  // (FAILED; tests/attack/phone-link.test.ts expires a real link and checks that answer).
  await page.route('**/phone-auth/sms-verifications', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ data: { status: 'FAILED' } }),
        })
      : route.fallback(),
  );
  await expect(page).toHaveURL(new RegExp(`/${id}/phone-auth/retry$`));
  await heading(page, 'signup.phoneAuthRetry.title');
});

test('a store with no payments application yet (not started) starts a new payment application for its business', async ({
  page,
}) => {
  await signedIn(page, 'US', locale);
  await accounts(page, [{ decision: 'APPROVED', name: 'Started APPROVED Co', businessId: 'biz-cov-ns' }]);
  // The platform lists stores created elsewhere (another service) before they have a payments application; the
  // reference API's stores are all applications, so this one store is added to its answer.
  await page.route('**/api/v2/accounts/biz-cov-ns/stores**', async (route) => {
    const response = await route.fetch();
    const stores = (await response.json()) as Array<Record<string, unknown>>;
    await route.fulfill({
      response,
      json: [...stores, { id: 'store-cov-new', businessId: 'biz-cov-ns', name: 'Airport Kiosk', completed: false }],
    });
  });
  await page.goto('/accounts/biz-cov-ns/stores');
  await expect(page.getByRole('heading', { level: 2, name: 'Airport Kiosk' })).toBeVisible();
  await screenshots(page, 'stores-not-started');
  await page
    .getByRole('button', { name: text(locale, 'accounts.stores.actions.start'), description: 'Airport Kiosk' })
    .click();
  // doc1 §1 ADD_PRODUCT for this business, in the signup form doc1 §2.6 picks (before: the landing page, whose boot
  // routing sent the user straight back to the account list).
  await expect(page).toHaveURL(/\/urn:app:[\w-]+\/update$/);
  await heading(page, 'signup.update.title');
  const id = decodeURIComponent(/\/(urn:app:[\w-]+)\/update$/.exec(page.url())![1]!);
  const stored = await call(page, 'GET', `/api/v2/applications/${encodeURIComponent(id)}`);
  expect(stored.application).toMatchObject({ intent: 'ADD_PRODUCT', businessId: 'biz-cov-ns' });
});

test('approved while the owners’ details are still awaited: opened again, the application shows what is left for the partners (doc1 §4.3 row 6)', async ({
  page,
}) => {
  await signedIn(page, 'US', locale);
  // SSN 0001: approved-pending with the BO_INFO step-up, boStatus WAITING_FOR_INFO.
  const id = await seeded(page, applicationBody('US', '0001'));
  // The platform may approve before the owners' details arrive; the reference API never decides again by itself, so
  // its answer is given that decision (approved, no step-up left, the owners' details still awaited).
  const address = (url: URL) => decodeURIComponent(url.pathname) === `/api/v2/applications/${id}`;
  await page.route(address, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const document = (await response.json()) as { application: Record<string, unknown> };
    expect(document.application).toMatchObject({ decision: 'APPROVED_PENDING', boStatus: 'WAITING_FOR_INFO' });
    await route.fulfill({
      response,
      json: { ...document, application: { ...document.application, decision: 'APPROVED', stepUpDetails: [] } },
    });
  });
  await page.goto(`/${id}/resume`);
  await expect(page).toHaveURL(new RegExp(`/${id}/owners/further-steps$`));
  await heading(page, 'owners.furtherSteps.title');
});
