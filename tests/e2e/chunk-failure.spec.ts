/**
 * A screen whose code cannot be downloaded (a dropped connection, a deploy that replaced the files) shows the error
 * page with a way to try again, never a blank page; trying again once the network is back shows the screen.
 */
import { expect, test } from './fixtures/transitions.ts';
import { arrive, expectHeading, text, type Persona } from './journey.ts';
import { expectNoAxeViolations } from './support.ts';

// The browser's line for each script that could not download, and React's report of the failure the page shows.
test.use({ consoleAllowed: [/ERR_INTERNET_DISCONNECTED|Failed to fetch dynamically imported module/] });

const personas: Persona[] = [
  { market: 'US', locale: 'en-US', portal: 'domain', businessName: '', governmentId: '' },
  { market: 'CA', locale: 'fr-CA', portal: 'terminal', businessName: '', governmentId: '' },
];

for (const persona of personas) {
  test(`a screen whose scripts fail to download says so and tries again (${persona.locale})`, async ({ page }) => {
    const { locale } = persona;
    await arrive(page, persona);
    // From here on every script download fails: the next screen's definition, kind and form cannot arrive.
    let failed = 0;
    await page.route(/\/assets\/[^/]+\.js(\?|$)/, (route) => {
      failed += 1;
      return route.abort('internetdisconnected');
    });
    await page.getByRole('button', { name: text(locale, 'signup.landing.submit') }).click();

    await expect(page.getByRole('heading', { level: 1, name: text(locale, 'shell.error.title') })).toBeVisible();
    await expect(page.getByText(text(locale, 'shell.error.loadFailed'))).toBeVisible();
    expect(failed).toBeGreaterThan(0);
    await expect(page).toHaveURL(/\/urn:app:[\w-]+\/update$/);
    await expectNoAxeViolations(page);

    await page.unroute(/\/assets\/[^/]+\.js(\?|$)/);
    await page.getByRole('link', { name: text(locale, 'shell.error.retry') }).click();
    await expectHeading(page, locale, 'signup.update.title');
    await expect(page).toHaveURL(/\/urn:app:[\w-]+\/update$/);
  });
}
