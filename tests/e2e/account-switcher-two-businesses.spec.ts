/**
 * The account switcher of doc1 §2.7 in Chromium: a user with two businesses switches from one application to the
 * other. The second business is seeded through the API (the signup steps are covered elsewhere); the switcher lists
 * both with their status, has no axe violations, is photographed at 390 and 1280 px (EXTRAS_SHOTS folder), refuses a
 * missing choice with a focused summary, and opens the chosen business.
 */
import { test, expect, type Page } from './fixtures/transitions.ts';
import { approvedThroughSignOn } from './fixtures/seed.ts';
import { expectNoAxeViolations, photograph, newEmail, registerFromSignOn } from './support.ts';
import { text } from './journey.ts';

/** With EXTRAS_SHOTS=<folder>, the screen at phone and desktop widths, to look at (support.ts photograph). */
const shots = (page: Page, name: string) => photograph(page, process.env.EXTRAS_SHOTS, name);

test('account switcher: two businesses, a missing choice refused, switching opens the other one', async ({ page }) => {
  await page.goto('/');
  await registerFromSignOn(page, newEmail('switcher'));
  await page.getByRole('button', { name: text('en-US', 'signup.landing.submit') }).click();
  await expect(page).toHaveURL(/\/urn:app:[\w-]+\/update$/);
  const first = decodeURIComponent(new URL(page.url()).pathname.split('/')[1]!);
  const second = await page.evaluate(async () => {
    const res = await fetch('/api/v2/applications', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify({ company: { name: 'Harbour Bakery', currency: 'USD' } }),
    });
    return ((await res.json()) as { application: { id: string } }).application.id;
  });
  expect(second).not.toBe(first);

  await page.goto(`/${encodeURIComponent(first)}/switch-account`);
  await expect(
    page.getByRole('heading', { level: 1, name: text('en-US', 'extras.accountSwitcher.title') }),
  ).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(3);
  await expect(page.getByRole('radio', { name: /Harbour Bakery/ })).toBeVisible();
  // The business without a name yet is listed by when it was started, never by its id (issue 27.8).
  await expect(page.getByRole('radio', { name: /^Application started / })).toBeVisible();
  await expect(page.getByRole('radio', { name: /urn:app/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shots(page, 'account-switcher');

  await page.getByRole('button', { name: text('en-US', 'extras.accountSwitcher.submit') }).click();
  await expect(page.getByRole('alert')).toBeFocused();
  await expect(page.getByRole('alert')).toContainText(text('en-US', 'extras.accountSwitcher.required'));
  await expectNoAxeViolations(page);
  await shots(page, 'account-switcher-error');

  await page.getByRole('radio', { name: /Harbour Bakery/ }).check();
  await page.getByRole('button', { name: text('en-US', 'extras.accountSwitcher.submit') }).click();
  await expect.poll(() => decodeURIComponent(new URL(page.url()).pathname)).toMatch(new RegExp(`^/${second}/`));
  // What the merchant reads there: the other business's signup form, with the way back to the switcher in the header.
  await expect(
    page.getByRole('heading', { level: 1, name: text('en-US', 'signup.update.title'), exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: text('en-US', 'shell.switchAccount') })).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 1, name: text('en-US', 'extras.accountSwitcher.title') }),
  ).toHaveCount(0);
});

test('store cards and offer cards look the same (engine/screens/card-list.tsx)', async ({ page }) => {
  const doc = await approvedThroughSignOn(page, 'cards');
  const businessId = doc.application.businessId as string;

  await page.goto(`/accounts/${encodeURIComponent(businessId)}/stores`);
  await expect(page.getByRole('heading', { level: 1, name: text('en-US', 'accounts.stores.title') })).toBeVisible();
  const store = page.locator('li.card').first();
  await expect(store.getByRole('heading', { level: 2 })).toBeVisible();
  await expect(store.getByRole('button', { name: text('en-US', 'accounts.stores.actions.connect') })).toBeVisible();
  await expectNoAxeViolations(page);
  await shots(page, 'cards-stores');

  await page.goto(`/cashadvanceoffers?businessId=${encodeURIComponent(businessId)}`);
  await expect(page.getByRole('heading', { level: 1, name: text('en-US', 'money.cashAdvance.title') })).toBeVisible();
  await expect(
    page
      .locator('li.card')
      .first()
      .getByRole('link', { name: /^Accept .+’s offer: Up to/ }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await shots(page, 'cards-offers');
});
