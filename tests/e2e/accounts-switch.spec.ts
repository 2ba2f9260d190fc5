/**
 * Issue 12 and doc1 §4.3 row 4 in Chromium, seeded through the API (the walk to these screens is covered elsewhere):
 * the header's 'Switch account' link reaches the account switcher (axe clean), and a pending application on the
 * reseller portal (co-brand reseller-shop, no eHopper flow) shows verifying's pending variant; a launch with a 'gopay.'
 * service is looked up and, without a website id, blocked by the modal; a pending add-product application goes back
 * to its signup form with a calm note (doc1 §4.3 row 3). Screenshots at 390 and 1280 wide.
 */
import { test, expect, type Page } from './fixtures/transitions.ts';
import { expectNoAxeViolations, photograph } from './support.ts';
import { applicationBody, call, seeded, signedIn } from './fixtures/seed.ts';

/** With ACCOUNTS_SHOTS=<folder>, the screen at phone and desktop widths, to look at (support.ts photograph). */
const screenshots = (page: Page, name: string) =>
  photograph(page, process.env.ACCOUNTS_SHOTS, `accounts-switch-${name}`);

test('the header link reaches the account switcher when the user has another application', async ({ page }) => {
  await signedIn(page, 'US', 'en-US');
  const id = await seeded(page, applicationBody('US', '4321'), false);
  await call(
    page,
    'POST',
    '/sandbox/accounts',
    { accounts: [{ decision: 'APPROVED', name: 'Approved Deli', businessId: 'biz-switch' }] },
    201,
  );
  await page.goto(`/${id}/update`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tell us about yourself' })).toBeVisible();
  const link = page.getByRole('banner').getByRole('link', { name: 'Switch account' });
  await expect(link).toBeVisible();
  await screenshots(page, 'header');
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Switch business' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${id}/switch-account$`));
  await expect(page.locator('.account-choice__name').first()).toHaveText('Approved Deli');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Switch account' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshots(page, 'switcher');
});

test('a pending application on the reseller portal waits on verifying for its decision (doc1 §4.3 row 4)', async ({
  page,
}) => {
  await signedIn(page, 'US', 'en-US');
  const id = await seeded(page, applicationBody('US', '4321', 'Jane PENDING Bakery'));
  await page.goto(`/r/reseller-shop/${id}/verifying`);
  await expect(page.getByRole('heading', { level: 1, name: 'We’re reviewing your application' })).toBeVisible();
  await expect(
    page.getByText('Stay on this page and we’ll show you the result as soon as we have it.', { exact: false }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'pending-review');
  // 'Later' leaves for the in-review outcome, keeping the co-brand prefix.
  await page.getByRole('button', { name: 'I’ll come back later' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your application is in review' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/r/reseller-shop/${id}/success$`));
});

test("a launch with a 'gopay.' service on V2 without a website id is looked up and blocked (doc1 §2.7, doc2 §7 Other)", async ({
  page,
}) => {
  await signedIn(page, 'US', 'en-US');
  const id = await seeded(page, applicationBody('US', '4321'), false);
  const lookup = page.waitForResponse((response) => response.url().includes('/api/v2/services/gopay.site-nowebsite'));
  await page.goto(`/${id}/update?serviceId=gopay.site-nowebsite`);
  expect((await lookup).status()).toBe(200);
  const modal = page.getByRole('alertdialog', { name: 'This business can’t continue here' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('heading', { level: 2 })).toBeFocused();
  await expectNoAxeViolations(page);
  await screenshots(page, 'gopay-blocked');
  // The same service with a website id: looked up, nothing blocks.
  const known = page.waitForResponse((response) => response.url().includes('/api/v2/services/gopay.site-1001'));
  await page.goto(`/${id}/update?serviceId=gopay.site-1001`);
  expect((await known).status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Tell us about yourself' })).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('a pending add-product application goes back to its signup form with what was typed and a calm note (doc1 §4.3 row 3)', async ({
  page,
}) => {
  await signedIn(page, 'US', 'en-US');
  const created = await call(
    page,
    'POST',
    '/api/v2/applications?force-intent=ADD_PRODUCT',
    applicationBody('US', '4321', 'Jane PENDING Bakery'),
    201,
  );
  const id = created.application.id as string;
  await page.goto(`/${id}/applicant/identity`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const last4 = page.getByLabel(/^Last 4 digits of your SSN/);
  if ((await last4.inputValue()) === '') await last4.fill('4321');
  await page.getByRole('button', { name: 'Continue' }).click();
  // Check your answers, then the terms send the application (issue 22.8).
  await expect(page.getByRole('heading', { level: 1, name: 'Check your answers' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel(/^I have read and accept the terms of service/).check();
  await page.getByRole('button', { name: 'Accept and send application' }).click();
  // The domain portal's signup form is the older one (doc1 §2.6), filled from the application.
  await expect(page).toHaveURL(new RegExp(`/${id}/update$`));
  await expect(
    page.getByRole('status').filter({ hasText: 'Your request to add this product is being reviewed.' }),
  ).toBeVisible();
  await expect(page.getByLabel(/^Legal first name/)).toHaveValue('Jane');
  expect((await call(page, 'GET', `/api/v2/applications/${encodeURIComponent(id)}`)).application).toMatchObject({
    intent: 'ADD_PRODUCT',
    decision: 'PENDING',
  });
  await expectNoAxeViolations(page);
  await screenshots(page, 'add-product-pending');
});
