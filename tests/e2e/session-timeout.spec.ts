/**
 * doc2 §9 'Session timeout 7,200,000 ms (2 hours)' and doc1 §2.5 "'timeout' shows a session-expired message" (issue
 * 28 item 11): an applicant idle on a screen for the configured time is sent to the root with timeout=true, which
 * says the session expired; a minute short of it, nothing happens. The browser's clock is Playwright's.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures/transitions.ts';
import { applicationBody, open, seeded, signedIn } from './fixtures/seed.ts';
import { text } from './journey.ts';

const { constants } = JSON.parse(readFileSync('rules/config.json', 'utf8')) as {
  constants: { sessionTimeoutMs: number };
};

test('two hours without activity end the session: the root says it expired (US en-US, domain)', async ({ page }) => {
  expect(constants.sessionTimeoutMs).toBe(7_200_000);
  await page.clock.install();
  await signedIn(page, 'US', 'en-US');
  const id = await seeded(page, applicationBody('US', '4321'));
  await open(page, 'domain', id, 'complete');
  const heading = page.getByRole('heading', { level: 1, name: text('en-US', 'signup.approved.title') });
  await expect(heading).toBeVisible();
  // The screen has taken focus (which may scroll, and a scroll is activity) before the idle time is counted.
  await expect(heading).toBeFocused();
  await page.clock.fastForward(constants.sessionTimeoutMs - 60_000);
  await expect(page).toHaveURL(new RegExp(`/${id}/complete$`));
  await page.clock.fastForward(60_000);
  await expect(page).toHaveURL(/\/\?timeout=true$/);
  await expect(page.getByText(text('en-US', 'signup.landing.timeout'))).toBeVisible();
});
