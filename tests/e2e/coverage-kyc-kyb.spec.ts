/**
 * The KYC/KYB page and the breather reached by the flow (issue 28 item 5; doc1 §2.7 'Breather page with a confirm
 * action; KYC/KYB page', doc1 §3 launch parameter kycKybRequired, §4.4 'a basic account needing KYC/KYB'): a launch
 * that says the account needs KYC/KYB goes from the landing page to the KYC/KYB page, the terms and the signup form,
 * and passes the breather between the applicant's details and the business section, on the older form (the domain
 * portal) and the multistep form (the reseller co-brand, doc1 §2.6). Every step is found by its words and reached by a
 * click; the address and the focused heading say where the applicant is.
 */
import { expect, test, type Page } from './fixtures/transitions.ts';
import { signedIn } from './fixtures/seed.ts';
import { labelled, text, type Locale } from './journey.ts';
import { expectNoAxeViolations } from './support.ts';

const locale: Locale = 'en-US';

async function heading(page: Page, key: string): Promise<void> {
  const found = page.getByRole('heading', { level: 1, name: text(locale, key), exact: true });
  await expect(found).toBeVisible();
  await expect(found).toBeFocused();
}

const press = (page: Page, key: string) => page.getByRole('button', { name: text(locale, key), exact: true }).click();

/** From the launch to the signup form: landing, KYC/KYB, terms; answers the form's address prefix. */
async function throughKycKyb(page: Page, prefix: string, form: 'update' | 'applicant'): Promise<void> {
  await page.goto(`${prefix}/?kycKybRequired=true`);
  await heading(page, 'signup.landing.title');
  await press(page, 'signup.landing.submit');
  await expect(page).toHaveURL(new RegExp(`${prefix}/urn:app:[\\w-]+/kyc-kyb\\?kycKybRequired=true$`));
  await heading(page, 'extras.kycKyb.title');
  await expectNoAxeViolations(page);
  await press(page, 'extras.kycKyb.submit');
  await heading(page, 'extras.terms.title');
  await page.getByLabel(text(locale, 'extras.terms.accepted.label')).check();
  await press(page, 'extras.terms.submit');
  await expect(page).toHaveURL(new RegExp(`${prefix}/urn:app:[\\w-]+/${form}\\?kycKybRequired=true$`));
}

test('older form: a launch needing KYC/KYB reads why, accepts the terms, and pauses before the business', async ({
  page,
}) => {
  await signedIn(page, 'US', locale);
  await throughKycKyb(page, '', 'update');
  await heading(page, 'signup.update.title');
  await page.getByLabel(labelled(locale, 'signup.update.firstName.label')).fill('Ann');
  await page.getByLabel(labelled(locale, 'signup.update.lastName.label')).fill('Lee');
  await page.getByLabel(labelled(locale, 'signup.update.email.label')).fill('ann.kyc@example.com');
  await page.getByLabel(labelled(locale, 'signup.update.emailConfirmation.label')).fill('ann.kyc@example.com');
  await press(page, 'signup.update.submit');
  await expect(page).toHaveURL(/\/urn:app:[\w-]+\/breather$/);
  await heading(page, 'extras.breather.title');
  await expectNoAxeViolations(page);
  await press(page, 'extras.breather.submit');
  await expect(page).toHaveURL(/\/urn:app:[\w-]+\/applicant\/business$/);
  await heading(page, 'signup.businessDetails.title');
});

test('multistep form (reseller co-brand): the same launch passes the breather after the applicant step', async ({
  page,
}) => {
  await signedIn(page, 'US', locale);
  await throughKycKyb(page, '/r/reseller-shop', 'applicant');
  await heading(page, 'signup.applicantInfo.title');
  await page.getByLabel(labelled(locale, 'signup.applicantInfo.firstName.label')).fill('Ann');
  await page.getByLabel(labelled(locale, 'signup.applicantInfo.lastName.label')).fill('Lee');
  await page.getByLabel(labelled(locale, 'signup.applicantInfo.email.label')).fill('ann.kyc.reseller@example.com');
  await press(page, 'signup.applicantInfo.submit');
  await expect(page).toHaveURL(/\/r\/reseller-shop\/urn:app:[\w-]+\/breather$/);
  await heading(page, 'extras.breather.title');
  await press(page, 'extras.breather.submit');
  await expect(page).toHaveURL(/\/r\/reseller-shop\/urn:app:[\w-]+\/applicant\/business$/);
  await heading(page, 'signup.businessDetails.title');
});
