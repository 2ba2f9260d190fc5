/**
 * Issue 22.8 "consent and review before submitting SSN and date of birth", and 22.10 "Where am I?", by clicks in
 * Chromium: the progress counts the steps the applicant sees and its last step comes; the review lists the answers
 * with the SSN and date of birth masked; Change returns to the field and, once saved, back to the review; the terms
 * with a privacy link send the application; the verifying overlay (doc1 §2.7) shows until the outcome, never a bare
 * "Loading…", and the outcome says the application was received.
 */
import type { Route } from '@playwright/test';
import { expect, test } from './fixtures/transitions.ts';
import { expectNoAxeViolations } from './support.ts';
import { arrive, expectHeading, fillForm, labelled, stored, text, type Persona } from './journey.ts';

const personas: Persona[] = [
  {
    market: 'US',
    locale: 'en-US',
    portal: 'domain',
    businessName: 'Jane Doe Bakery APPROVED LLC',
    governmentId: '4321',
  },
  {
    market: 'CA',
    locale: 'fr-CA',
    portal: 'domain',
    businessName: 'Boulangerie Émilie APPROVED',
    governmentId: '130692544',
  },
];

for (const persona of personas)
  test(`review: change a field from the summary and come back, then accept the terms and see verifying (${persona.locale})`, async ({
    page,
  }) => {
    const t = (key: string, args?: Record<string, string | number>) => text(persona.locale, key, args);
    await arrive(page, persona);
    await fillForm(page, persona);

    // Where am I: the review is the last step, and the count is the steps this applicant saw (no EIN step).
    await expectHeading(page, persona.locale, 'signup.review.title');
    await expect(page.getByText(t('shell.progress', { step: 5, steps: 5 }))).toBeVisible();
    await expect(page.getByText(persona.businessName, { exact: true })).toBeVisible();
    // The SSN's last four and the date of birth are masked; a screen reader hears the last two characters.
    const body = await page.locator('main').innerText();
    expect(body).not.toContain(persona.governmentId);
    expect(body).not.toContain('1985');
    await expect(page.getByText(t('signup.review.masked', { end: persona.governmentId.slice(-2) }))).toHaveCount(1);
    await expectNoAxeViolations(page);

    // Change: to the field itself, and after saving straight back to the review (not through the later steps).
    await page
      .getByRole('link', { name: `${t('signup.review.change')} ${t('signup.businessDetails.legalName.label')}` })
      .click();
    await expect(
      page.getByRole('heading', { level: 1, name: t('signup.businessDetails.title'), exact: true }),
    ).toBeVisible();
    const legalName = page.getByLabel(labelled(persona.locale, 'signup.businessDetails.legalName.label'));
    await expect(legalName).toBeFocused();
    await expect(page).toHaveURL(/returnTo=review/);
    const renamed = persona.businessName.replace(/^\S+/, 'Nouvelle');
    await legalName.fill(renamed);
    await page.getByRole('button', { name: t('signup.businessDetails.submit') }).click();
    await expectHeading(page, persona.locale, 'signup.review.title');
    await expect(page.getByText(renamed, { exact: true })).toBeVisible();

    // Nothing is submitted before the terms are accepted.
    expect((await stored(page)).application.decision ?? null).toBeNull();
    await page.getByRole('button', { name: t('signup.review.submit') }).click();
    await expectHeading(page, persona.locale, 'extras.termsSubmit.title');
    await expect(page.getByRole('link', { name: t('extras.terms.privacy') })).toHaveAttribute('href', '/privacy');
    // Refused unticked, with one message.
    await page.getByRole('button', { name: t('extras.termsSubmit.submit') }).click();
    await expect(page.getByRole('alert')).toContainText(t('extras.terms.accepted.required'));
    await page.getByLabel(labelled(persona.locale, 'extras.termsSubmit.accepted.label')).check();
    await expectNoAxeViolations(page);

    // The outcome's chunk arrives slowly: the verifying overlay stays meanwhile, never "Loading…".
    let seenLoading = false;
    // Held back from the click on: the onboard answer (the verifying itself) and every script the outcome then
    // needs (its chunks are named by hash, and one the page already holds is not fetched again), so the overlay is
    // seen while each is awaited.
    const hold = async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue();
    };
    await page.route(/\/onboard(\?|$)/, hold);
    await page.route(/\/assets\/[^/]+\.js$/, hold);
    const watchLoading = setInterval(() => {
      void page
        .getByText(t('shell.loading'), { exact: true })
        .isVisible()
        .then((visible) => {
          if (visible) seenLoading = true;
        })
        .catch(() => undefined);
    }, 100);
    await page.getByRole('button', { name: t('extras.termsSubmit.submit') }).click();
    const overlay = page.getByRole('dialog', { name: t('signup.verifying.title') });
    await expect(overlay).toBeVisible();
    await expect(overlay).toContainText(t('signup.verifying.subtitle'));
    // The overlay lasts while the outcome's chunk is held back: a quick picture of the page as it is, at its width.
    if (process.env.SHOTS_DIR)
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/${persona.locale}-verifying-overlay.png` });
    await expectHeading(page, persona.locale, 'signup.approved.title');
    clearInterval(watchLoading);
    expect(seenLoading).toBe(false);
    await expect(overlay).toHaveCount(0);
    // The outcome says the application was received.
    await expect(page.getByRole('status').filter({ hasText: t('extras.termsSubmit.received') })).toBeVisible();
    expect((await stored(page)).applicant.terms).toMatchObject({ signed: true });
  });
