/**
 * Coverage of the order screens' two remaining moves (issue 10): 'Change my order' on the review goes back to the
 * order with the choice kept (also the browser's back button), and 'No terminal for now' replaces the device quote,
 * skips the card (doc1 §4.9: no device, nothing to pay) and goes straight to the submit, which routes as after any
 * onboard. One approved application seeded through the API.
 */
import { expect, test } from './fixtures/transitions.ts';
import { applicationBody, call, open, seeded, signedIn } from './fixtures/seed.ts';
import { expectNoAxeViolations } from './support.ts';

test('the review goes back to the order with the choice kept; no terminal skips the card and submits', async ({
  page,
}) => {
  await signedIn(page, 'US', 'en-US');
  const id = await seeded(page, applicationBody('US', '4321'));
  await open(page, 'domain', id, 'order');
  await expect(page.getByRole('heading', { level: 1, name: 'Get a card terminal' })).toBeVisible();
  await page.getByLabel('Buy a terminal').check();
  await page.getByLabel('Shipping street address').fill('456 Oak Avenue');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State').selectOption({ label: 'Texas' });
  await page.getByLabel('ZIP code').fill('78702');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review and pay' })).toBeVisible();

  await page.getByRole('button', { name: 'Change my order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Get a card terminal' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${id}/order$`));
  await expect(page.getByLabel('Buy a terminal')).toBeChecked();
  await expect(page.getByLabel('Shipping street address')).toHaveValue('456 Oak Avenue');
  await expect(page.getByLabel('ZIP code')).toHaveValue('78702');
  // The browser's back button from the review shows the same.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review and pay' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Get a card terminal' })).toBeVisible();
  await expect(page.getByLabel('Buy a terminal')).toBeChecked();
  await expect(page.getByLabel('City')).toHaveValue('Austin');

  await page.getByLabel('No terminal for now').check();
  await expect(page.getByLabel('Shipping street address')).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).not.toHaveURL(new RegExp(`/${id}/order(/card)?$`), { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  // No terminal: the choice replaces the device quote; nothing was paid for and no order was created.
  const doc = await call(page, 'GET', `/api/v2/applications/${id}`);
  expect(doc.order).toMatchObject({ type: 'NO_DEVICE', submitted: false, totals: { totalCents: 0 } });
  expect(doc.order.id).toBeUndefined();
  expect(doc.order.paymentId).toBeUndefined();
  expect(doc.order.address).toBeUndefined();
  await open(page, 'domain', id, 'order');
  await expect(page.getByLabel('No terminal for now')).toBeChecked();
});

// doc1 §4.4 (rules/routing/onboard-failure.json): when the onboard the order's submit sends is not answered (503), the
// applicant is shown the success screen, as the spec says, and the engine retries the onboard in the background.
test.use({ consoleAllowed: [/^Failed to load resource: the server responded with a status of 503 /] });
test('the onboard after the order is not answered (503): the success screen, as doc1 §4.4 says', async ({ page }) => {
  await signedIn(page, 'US', 'en-US');
  const id = await seeded(page, applicationBody('US', '4321'));
  let refused = 0;
  await page.route('**/api/v2/applications/*/onboard', async (route) => {
    if (refused > 0) return route.continue();
    refused += 1;
    await route.fulfill({
      status: 503,
      headers: { 'retry-after': '1' },
      json: { error: 'TEMPORARILY_UNAVAILABLE', message: 'Try again.', details: [] },
    });
  });
  await open(page, 'domain', id, 'order');
  await expect(page.getByRole('heading', { level: 1, name: 'Get a card terminal' })).toBeVisible();
  await page.getByLabel('No terminal for now').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/${id}/success$`), { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(refused).toBe(1);
});
