/**
 * Issue 6: the landing page and /get-started (doc1 §2.3, §2.7): the offer, the value points and the detailed fees
 * from the configuration's pricing, formatted for the locale, then the signup form doc1 §2.6 chooses; keyboard only.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures/transitions.ts';
import { expectNoAxeViolations } from './support.ts';
import { arrive, expectHeading, labelled, text, type Persona } from './journey.ts';

const sandboxPricing = JSON.parse(readFileSync('rules/sandbox.json', 'utf8')).pricing as Record<
  string,
  { terminal: number; paybuttonCaptureFee: number; paybuttonFixedAmount: number }
>;

const personas: Persona[] = [
  { market: 'US', locale: 'en-US', portal: 'domain', businessName: '', governmentId: '' },
  { market: 'CA', locale: 'fr-CA', portal: 'terminal', businessName: '', governmentId: '' },
];

for (const persona of personas) {
  test(`landing, detailed fees and the start of the signup form with the keyboard (${persona.locale}, ${persona.portal})`, async ({
    page,
  }) => {
    const { locale } = persona;
    await arrive(page, persona);
    for (const key of ['payouts', 'support', 'contracts', 'cards']) {
      await expect(
        page.getByRole('listitem').filter({ hasText: text(locale, `signup.landing.points.${key}`) }),
      ).toBeVisible();
    }
    // From the focused heading: Tab reaches the primary action, then the link to the fees.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: text(locale, 'signup.landing.submit') })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: text(locale, 'signup.landing.fees') })).toBeFocused();
    await page.keyboard.press('Enter');

    await expectHeading(page, locale, 'signup.getStarted.title');
    await expect(page).toHaveURL(/\/get-started$/);
    const fees = page.getByRole('region', { name: text(locale, 'signup.getStarted.fees.title') });
    // The sandbox serves its example pricing (rules/sandbox.json; doc2 §9's defaults, zero, stay in the configuration).
    const pricing = sandboxPricing[persona.market];
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
      pricing.terminal / 100,
    );
    await expect(fees.getByRole('definition').first()).toHaveText(percent);
    await expect(fees.getByRole('term')).toHaveCount(6);
    await expect(fees.getByRole('term').first()).toHaveText(text(locale, 'signup.getStarted.fees.terminal'));
    // The pay button's rate and its fixed amount per payment read as one line, as an offer states them (issue 22.12).
    const rate = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
      pricing.paybuttonCaptureFee / 100,
    );
    const cents = Math.round(pricing.paybuttonFixedAmount * 100);
    await expect(fees.getByRole('definition').last()).toHaveText(
      locale === 'fr-CA' ? `${rate} + ${cents}\u00a0¢` : `${rate} + ${cents}¢`,
    );
    await expectNoAxeViolations(page);

    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: text(locale, 'signup.getStarted.submit') })).toBeFocused();
    await page.keyboard.press('Enter');
    await expectHeading(page, locale, 'signup.update.title');
    await expect(page).toHaveURL(/\/urn:app:[\w-]+\/update$/);

    // A draft is kept in the browser and restored on reload (doc1 §2.6), before anything is sent.
    await page.getByLabel(labelled(locale, 'signup.update.firstName.label')).fill('Émile');
    await page.reload();
    await expectHeading(page, locale, 'signup.update.title');
    await expect(page.getByLabel(labelled(locale, 'signup.update.firstName.label'))).toHaveValue('Émile');
  });
}
