/**
 * Issue 6, the remaining parts of the applicant's flow, in the browser against the reference API:
 * - the beneficial-owner yes/no: 'yes' makes onboarding ask for the partners (BO_INFO), and the applicant lands on
 *   the owners list (US en-US, domain);
 * - back on the business details with the mobile now known, 'same as my mobile' copies it into the business phone;
 *   the category screen offers the industries the API predicts from the business name first;
 * - FULL_SSN in Canada asks the SIN again, in French (Canada fr-CA, terminal).
 */
import { expect, test, type Page } from './fixtures/transitions.ts';
import { expectNoAxeViolations, photograph } from './support.ts';
import { apply, arrive, expectHeading, labelled, stored, text, type Persona } from './journey.ts';

/** With SHOTS_DIR=<folder>, the screen at phone and desktop widths, to look at (support.ts photograph). */
const shots = (page: Page, name: string) => photograph(page, process.env.SHOTS_DIR, name);

test('partners declared go to the owners list; then same-as-mobile and predicted categories (US en-US, domain)', async ({
  page,
}) => {
  const persona: Persona = {
    market: 'US',
    locale: 'en-US',
    portal: 'domain',
    businessName: 'Jane Doe Bakery LLC',
    governmentId: '4321',
    partners: true,
  };
  const { locale } = persona;
  await arrive(page, persona);
  await apply(page, persona);

  await expectHeading(page, locale, 'owners.list.title');
  await expect(page).toHaveURL(/\/owners$/);
  const document = await stored(page);
  expect(document.company.beneficialOwners).toBe('YES');
  expect(document.application.boStatus).toBe('WAITING_FOR_INFO');
  expect(document.application.stepUpDetails.map((s: { type: string }) => s.type)).toEqual(['BO_INFO']);

  // The mobile is in the document now: the business details offer to copy it.
  const id = document.application.id as string;
  await page.goto(`/${encodeURIComponent(id)}/applicant/business`);
  await expectHeading(page, locale, 'signup.businessDetails.title');
  const same = page.getByRole('checkbox', { name: text(locale, 'signup.businessDetails.businessPhone.sameAsMobile') });
  const phone = page.getByLabel(labelled(locale, 'signup.businessDetails.businessPhone.label'));
  await expect(same).not.toBeChecked();
  await same.check();
  await expect(phone).toHaveValue(document.applicant.phone.localPhoneNumber);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: text(locale, 'signup.businessDetails.submit') }).click();

  // The category screen: the industries whose keywords the business name matches ('bakery': Bakery, and Donut shop,
  // which lists it too) are suggested in a group before the numbered groups.
  await expectHeading(page, locale, 'signup.category.title');
  const select = page.getByRole('combobox', { name: labelled(locale, 'signup.category.industry.label') });
  // The suggestions (issue 22's combobox): a named group of choices above the box, in the predicted order.
  const suggested = page.getByRole('group', { name: text(locale, 'signup.category.industry.suggested') });
  await expect(suggested.getByRole('button')).toHaveText([
    text(locale, 'categories.industry.5'),
    text(locale, 'categories.industry.18'),
  ]);
  // The same suggestions as buttons above the list: one press chooses one.
  const chip = page
    .locator('.grouped-select__suggestions')
    .getByRole('button', { name: text(locale, 'categories.industry.18'), exact: true });
  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expect(select).toHaveValue(text(locale, 'categories.industry.18'));
  await expectNoAxeViolations(page);
  await shots(page, 'category-suggestions');
  expect((await stored(page)).company.phone.localPhoneNumber).toBe(document.applicant.phone.localPhoneNumber);
});

test('FULL_SSN in Canada asks the SIN again, in French (Canada fr-CA, terminal)', async ({ page }) => {
  const persona: Persona = {
    market: 'CA',
    locale: 'fr-CA',
    portal: 'terminal',
    businessName: 'Boulangerie Émilie Inc',
    governmentId: '130700008',
  };
  const { locale } = persona;
  await arrive(page, persona);
  await apply(page, persona);

  await expectHeading(page, locale, 'signup.fullSin.title');
  await expect(page).toHaveURL(/\/ssn$/);
  await expect(page.getByLabel(labelled(locale, 'signup.fullSsn.ssn.label'))).toHaveCount(0);
  await expectNoAxeViolations(page);
  const sin = page.getByLabel(labelled(locale, 'signup.fullSin.sin.label'));
  await sin.fill('130 692 545'); // the Luhn check fails
  await page.getByRole('button', { name: text(locale, 'signup.fullSin.submit') }).click();
  await expect(page.getByRole('alert')).toContainText(text(locale, 'validation.sin'));
  await sin.fill('130 692 544');
  await page.getByRole('button', { name: text(locale, 'signup.fullSin.submit') }).click();

  await expectHeading(page, locale, 'signup.approvedPending.title');
  const document = await stored(page);
  expect(document.applicant.governmentIdentification).toMatchObject({ type: 'INDIVIDUAL', sourceType: 'SIN' });
  expect(document.applicant.governmentIdentification.value).not.toContain('130692');
  expect(document.application.stepUpDetails).toEqual([]);

  // The language switch writes the locale to session storage and a cookie, after the SIN and the date of birth were
  // sent: the journey fixture searches every write of this journey for them (tests/e2e/fixtures/storage-writes.ts).
  await page.getByRole('button', { name: text(locale, 'shell.locale.en-CA') }).click();
  await expectHeading(page, 'en-CA', 'signup.approvedPending.title');
  expect(await page.evaluate(() => sessionStorage.getItem('onboarding:locale'))).toBe('en-CA');
});
