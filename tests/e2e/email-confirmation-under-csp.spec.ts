/**
 * Issue 4, the engine's remaining parts, in the browser under the app's CSP (no eval: the validators are
 * precompiled): the new signup form in Canada asks the email twice, with a second `$data` confirmation schema
 * besides the older form's; a mismatch is refused in French with the rules' message, a match moves on.
 */
import { expect, test } from './fixtures/transitions.ts';
import { expectNoAxeViolations, photograph } from './support.ts';
import { arrive, expectHeading, labelled, stored, text, type Persona } from './journey.ts';

test('the Canadian applicant screen confirms the email (fr-CA, domain)', async ({ page }) => {
  const persona: Persona = {
    market: 'CA',
    locale: 'fr-CA',
    portal: 'domain',
    businessName: 'Boulangerie Émilie Inc',
    governmentId: '130692544',
  };
  const { locale } = persona;
  const t = (key: string) => text(locale, key);
  await arrive(page, persona);
  await page.getByRole('button', { name: t('signup.landing.submit') }).click();
  await expect(page).toHaveURL(/\/urn:app:[\w-]+\/update$/);
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/')[1]);

  // The new signup form of the same application (doc1 §2.6 picks it on the reseller portal; opened here directly).
  await page.goto(`/${encodeURIComponent(id)}/applicant`);
  await expectHeading(page, locale, 'signup.applicantInfo.title');
  await page.getByLabel(labelled(locale, 'signup.applicantInfo.firstName.label')).fill('Émilie');
  await page.getByLabel(labelled(locale, 'signup.applicantInfo.lastName.label')).fill('Côté');
  await page.getByLabel(labelled(locale, 'signup.applicantInfo.email.label')).fill('emilie@example.com');
  const confirmation = page.getByLabel(labelled(locale, 'signup.applicantInfo.emailConfirmation.label'));
  await confirmation.fill('emilie@example.org');
  await page.getByRole('button', { name: t('signup.applicantInfo.submit') }).click();
  const summary = page.getByRole('alert');
  await expect(summary).toContainText(t('validation.emailMismatch'));
  await expect(confirmation).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await photograph(page, process.env.SHOTS_DIR, `${locale}-applicantInfo-mismatch`);
  expect((await stored(page)).applicant?.email?.emailAddress).not.toBe('emilie@example.com');

  await confirmation.fill('emilie@example.com');
  await page.getByRole('button', { name: t('signup.applicantInfo.submit') }).click();
  await expectHeading(page, locale, 'signup.businessDetails.title');
  const document = await stored(page);
  expect(document.applicant.email.emailAddress).toBe('emilie@example.com');
  expect(JSON.stringify(document)).not.toContain('emailConfirmation');
});
