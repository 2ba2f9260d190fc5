/**
 * Shell behaviour in the browser: an unsupported currency, an incorrect address, and every page under a strict CSP.
 */
import { test, expect } from './fixtures/transitions.ts';
import { expectNoAxeViolations } from './support.ts';

test('a currency the API does not serve shows the unsupported-market page (doc2 §8)', async ({ page }) => {
  await page.goto('/?currency=EUR');
  await expect(page.getByRole('heading', { level: 1, name: 'We’re not available here yet' })).toBeVisible();
  await expectNoAxeViolations(page);
  // A way on: the start, in the markets the product serves.
  await page.getByRole('link', { name: 'Apply in a country we serve' }).click();
  // The start, which asks a visitor who is not signed in to sign in first.
  await expect(page).toHaveURL(/\/(sso\/login\?path=%2F)?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'We’re not available here yet' })).toHaveCount(0);
});

test('a malformed application id shows the incorrect-URL page with a link back', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/urn:app:nope/applicant');
  // Signed out: the sign-on page comes first only for a well-formed address; a malformed one is refused at once.
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Looks like the URL is incorrect' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go back to the start' })).toHaveAttribute('href', '/');
  await expectNoAxeViolations(page);
  expect(violations).toEqual([]);
});
