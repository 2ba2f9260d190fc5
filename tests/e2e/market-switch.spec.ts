/**
 * Switching to Canada as a visitor meets it (issue 27.4 with issue 22.6; doc1 §1 markets and locales, §2.7 country
 * switcher, §4.8 'changing country requires confirming and starting a new application'): a browser whose language is
 * a Canadian locale is offered Canada on the landing page; the header and the landing page name the market and lead
 * to the country switcher; after the confirmation the switch takes effect at once, with no reload by hand: the
 * currency cookie, the market, the language, the forms and the drafts are Canada's.
 */
import { expect, test, type Page } from './fixtures/transitions.ts';
import { applicationBody, call, open, seeded, signedIn } from './fixtures/seed.ts';
import { labelled, origin, text, type Locale } from './journey.ts';
import { expectNoAxeViolations, newEmail, photograph, signUpThroughApi } from './support.ts';

/** A signed-in visitor who has chosen no country and no language yet: only the session cookie. */
async function signedInOnly(page: Page): Promise<void> {
  const base = String(test.info().project.use.baseURL ?? 'http://localhost:4173');
  const [name, value] = (await signUpThroughApi(base, newEmail('market'))).split(/=(.*)/s);
  await page.context().addCookies([{ name: name!, value: value!, url: base }]);
}

async function heading(page: Page, locale: Locale, key: string): Promise<void> {
  const found = page.getByRole('heading', { level: 1, name: text(locale, key), exact: true });
  await expect(found).toBeVisible();
  await expect(found).toBeFocused();
}

const cookie = async (page: Page, name: string) => (await page.context().cookies()).find((c) => c.name === name)?.value;

test.describe('a French Canadian browser', () => {
  test.use({ locale: 'fr-CA' });

  test('is offered Canada on arrival, confirms, and is in Canada and in French at once', async ({ page }) => {
    await signedInOnly(page);
    await page.goto(`${origin('domain')}/`);
    // No currency chosen yet: the default market (the United States), which offers Canada to this browser.
    await heading(page, 'en-US', 'signup.landing.title');
    await expect(page.getByText(text('en-US', 'signup.landing.offerCanada'))).toBeVisible();
    await expect(page.getByRole('link', { name: text('en-US', 'shell.chooseCountry') })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: text('en-US', 'signup.landing.offerCanadaAction') }).click();

    // doc1 §4.8: the confirmation is kept.
    await expect(page).toHaveURL(/\/country\/confirm\?country=CA$/);
    await heading(page, 'en-US', 'extras.countryConfirm.ca.title');
    await page.getByRole('button', { name: text('en-US', 'extras.countryConfirm.ca.submit') }).click();

    await expect(page).toHaveURL(/\/\?currency=CAD$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await heading(page, 'fr-CA', 'signup.landing.title');
    expect(await cookie(page, 'currency')).toBe('CAD');
    expect(await cookie(page, 'market')).toBe('CA');
    await expect(page.getByRole('link', { name: text('fr-CA', 'shell.chooseCountry') })).toBeVisible();
    // Canada is where the visitor is now: no offer of Canada any more.
    await expect(page.getByText(text('fr-CA', 'signup.landing.offerCanada'))).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

/**
 * On the country switcher, in English: chooses Canada, is asked the confirmation and confirms; the switch is at once
 * (doc1 §4.8): Canada's landing in English (the locale cookie's language in Canada), in dollars, not a reload later.
 */
async function switchToCanada(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/country$/);
  await heading(page, 'en-US', 'extras.countrySwitcher.title');
  await page.getByLabel(text('en-US', 'extras.countrySwitcher.country.options.CA')).check();
  await page.getByRole('button', { name: text('en-US', 'extras.countrySwitcher.submit') }).click();
  await heading(page, 'en-US', 'extras.countryConfirm.ca.title');
  await page.getByRole('button', { name: text('en-US', 'extras.countryConfirm.ca.submit') }).click();
  await expect(page).toHaveURL(/\/\?currency=CAD$/);
  await heading(page, 'en-CA', 'signup.landing.title');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-CA');
  expect(await cookie(page, 'currency')).toBe('CAD');
}

/** A signed-in US applicant on the first step of a USD application in progress; its id. */
async function usUpdateStep(page: Page): Promise<string> {
  await signedIn(page, 'US', 'en-US');
  const usd = await seeded(page, applicationBody('US', '4321'), false);
  await open(page, 'domain', usd, 'update');
  await heading(page, 'en-US', 'signup.update.title');
  return usd;
}

test('from an application in progress, the header leads to the country switcher and Canada takes effect at once', async ({
  page,
}) => {
  const usd = await usUpdateStep(page);
  await page.getByRole('link', { name: text('en-US', 'shell.chooseCountry') }).click();

  await switchToCanada(page);
  await expect(page.getByRole('link', { name: text('en-CA', 'shell.chooseCountry') })).toBeVisible();

  // A new application in Canada (the one in progress stays as it was), with Canada's forms.
  await page.getByRole('button', { name: text('en-CA', 'signup.landing.submit') }).click();
  await heading(page, 'en-CA', 'signup.update.title');
  await expect(page).toHaveURL(/\/urn:app:[\w-]+\/update$/);
  const cad = decodeURIComponent(new URL(page.url()).pathname.split('/')[1]!);
  expect(cad).not.toBe(usd);
  expect((await call(page, 'GET', `/api/v2/applications/${encodeURIComponent(cad)}`)).company.currency).toBe('CAD');
  expect((await call(page, 'GET', `/api/v2/applications/${encodeURIComponent(usd)}`)).company.currency).toBe('USD');
  // The form is Canada's: no "Choose a business" detour, and accented names are accepted (doc2 §5, CAD only).
  await page.getByLabel(labelled('en-CA', 'signup.update.firstName.label')).fill('Éloïse');
  await page.getByLabel(labelled('en-CA', 'signup.update.lastName.label')).fill('Côté');
  await page.getByLabel(labelled('en-CA', 'signup.update.email.label')).fill('eloise.switch@example.ca');
  await page.getByLabel(labelled('en-CA', 'signup.update.emailConfirmation.label')).fill('eloise.switch@example.ca');
  await page.getByRole('button', { name: text('en-CA', 'signup.update.submit') }).click();
  await heading(page, 'en-CA', 'signup.businessDetails.title');
  await expect(page.getByLabel(text('en-CA', 'signup.businessDetails.province.label'))).toBeVisible();
});

test('the landing page offers the country switcher', async ({ page }) => {
  await signedInOnly(page);
  await page.goto(`${origin('domain')}/`);
  await heading(page, 'en-US', 'signup.landing.title');
  await page
    .getByRole('link', { name: text('en-US', 'signup.landing.country') })
    .or(page.getByRole('button', { name: text('en-US', 'signup.landing.country') }))
    .click();
  await expect(page).toHaveURL(/\/country$/);
  await heading(page, 'en-US', 'extras.countrySwitcher.title');
});

test('from the business address, a click leads to the country switcher, and Canada takes effect at once', async ({
  page,
}) => {
  const usd = await usUpdateStep(page);
  await page.getByLabel(labelled('en-US', 'signup.update.emailConfirmation.label')).fill('jane.doe@example.com');
  await page.getByRole('button', { name: text('en-US', 'signup.update.submit') }).click();
  await heading(page, 'en-US', 'signup.businessDetails.title');
  // With MARKET_SHOTS=<folder>, the screen with its link at phone and desktop widths (support.ts photograph).
  await photograph(page, process.env.MARKET_SHOTS, 'business-details-change-country');
  await expectNoAxeViolations(page);
  // doc1 §4.8 from the flow: the screen with the business address offers the change of country.
  await expect(page.getByRole('link', { name: text('en-US', 'signup.businessDetails.changeCountry.CA') })).toHaveCount(
    0,
  );
  await page
    .getByRole('link', { name: text('en-US', 'signup.businessDetails.changeCountry.US') })
    .or(page.getByRole('button', { name: text('en-US', 'signup.businessDetails.changeCountry.US') }))
    .click();
  await switchToCanada(page);
  expect(await cookie(page, 'market')).toBe('CA');
  // The application in progress is not touched: it stays in dollars.
  expect((await call(page, 'GET', `/api/v2/applications/${encodeURIComponent(usd)}`)).company.currency).toBe('USD');
});
