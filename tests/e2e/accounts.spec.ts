/**
 * Existing merchants (issue 9) in Chromium: the account list in the order of rules/accounts.json and opening one,
 * add-store on an approved business to store-complete, add-channel through two failed attempts, the
 * not-authorised message, the currency-overlap switch, and a co-brand prefix kept through the whole flow.
 * Accounts are given on purpose through the sandbox seeding call (POST /sandbox/accounts, server/README.md).
 */
import { test, expect, type Page } from './fixtures/transitions.ts';
import { expectNoAxeViolations, photograph, newEmail, registerFromSignOn } from './support.ts';

// Some journeys here make a provider or the API answer 503 on purpose (it is unreachable, then back): the browser
// logs each such answer, which is expected.
test.use({ consoleAllowed: [/^Failed to load resource: the server responded with a status of 503 /] });

interface Seed {
  decision?: string;
  level?: string;
  currency?: string;
  name?: string;
  businessId?: string;
}

/** Signs a new user up from `path`, gives them accounts, and returns the seeded entries. */
async function signUpWithAccounts(
  page: Page,
  path: string,
  accounts: Seed[],
): Promise<Array<{ applicationId: string }>> {
  await page.goto(path);
  await registerFromSignOn(page, newEmail('merchant'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const res = await page.request.post('/sandbox/accounts', {
    data: { accounts },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as Array<{ applicationId: string }>;
}

/** With ACCOUNTS_SHOTS=<folder>, the screen at phone and desktop widths, to look at (support.ts photograph). */
const screenshots = (page: Page, name: string) => photograph(page, process.env.ACCOUNTS_SHOTS, `accounts-${name}`);

test('a user with several accounts sees them in the stated order and opens one', async ({ page }) => {
  await signUpWithAccounts(page, '/accounts', [
    { decision: 'PENDING', name: 'Pending Bakery' },
    { decision: 'APPROVED_PENDING', level: 'FULL', name: 'Full Pending Cafe' },
    { decision: 'APPROVED', name: 'Approved Deli', businessId: 'biz-deli' },
    { decision: 'APPROVED_PENDING', level: 'BASIC', name: 'Basic Pending Bar' },
    { decision: 'DECLINED', name: 'Declined Shop' },
  ]);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a business' })).toBeVisible();
  const names = page.locator('.account-choice__name');
  await expect(names).toHaveText([
    'Approved Deli',
    'Basic Pending Bar',
    'Full Pending Cafe',
    'Pending Bakery',
    'Declined Shop',
    'Create a new business',
  ]);
  await expectNoAxeViolations(page);
  await screenshots(page, 'list');

  // Nothing chosen: the error summary, focused; a declined business cannot be opened (doc2 §8 missing redirect URL).
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toBeFocused();
  await expect(page.getByRole('alert')).toContainText('Choose a business or create a new one.');
  // Issue 27.11: said up front, and the declined business cannot be chosen.
  await expect(page.getByLabel(/Declined Shop/)).toBeDisabled();
  await expect(page.getByLabel(/Declined Shop/)).toHaveAccessibleDescription(
    'Cannot select this business, please create a new business to proceed',
  );
  await expectNoAxeViolations(page);

  // Keyboard: the approved one is chosen with the space bar and opens at its stores.
  await page.getByLabel(/Approved Deli/).focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a store' })).toBeVisible();
  await expect(page).toHaveURL(/\/accounts\/biz-deli\/stores$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Approved Deli' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect profile' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'stores');
});

test('an account matching the launch business opens directly', async ({ page }) => {
  await signUpWithAccounts(page, '/accounts', [
    { decision: 'APPROVED', name: 'Other Deli', businessId: 'biz-other' },
    { decision: 'APPROVED', name: 'Launch Deli', businessId: 'biz-launch' },
  ]);
  await page.goto('/accounts?businessId=biz-launch');
  await expect(page).toHaveURL(/\/accounts\/biz-launch\/stores/);
  await expect(page.getByRole('heading', { level: 2, name: 'Launch Deli' })).toBeVisible();
});

test('add-store on an approved business reaches store-complete', async ({ page }) => {
  await signUpWithAccounts(page, '/accounts', [
    { decision: 'APPROVED', name: 'Acme APPROVED Co', businessId: 'biz-acme' },
  ]);
  await page.goto('/accounts/biz-acme/stores');
  await page.getByRole('button', { name: 'Start a new store' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Name your new store' })).toBeVisible();
  await page.getByLabel('Store name').fill('Shop #1');
  await page.getByRole('button', { name: 'Create store' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'new-store');
  await page.getByLabel('Store name').fill('Second Street & Co.');
  await page.getByRole('button', { name: 'Create store' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your store is ready' })).toBeVisible();
  await expect(page).toHaveURL(/\/urn:app:[\w-]+\/store-complete$/);
  await expectNoAxeViolations(page);
  await screenshots(page, 'store-complete');
  // Issue 27.7: it says only what is true (no service was attached: no app, domain or website is named) and offers a
  // way on: back to the stores, where the new store is listed.
  await expect(page.getByText('This store is approved: it can take payments.')).toBeVisible();
  await expect(page.getByText(/on this website|on this domain|in this app/)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Go to your account' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to your stores' }).click();
  await expect(page).toHaveURL(/\/accounts\/biz-acme\/stores/);
  await expect(page.getByRole('heading', { level: 2, name: 'Second Street & Co.' })).toBeVisible();
});

test('add-channel goes through two failed attempts to success', async ({ page }) => {
  const [account] = await signUpWithAccounts(page, '/accounts', [
    { decision: 'APPROVED', name: 'Channel APPROVED Co', businessId: 'biz-ch' },
  ]);
  const statuses: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/channels')) statuses.push(response.status());
  });
  await page.goto(`/${account.applicationId}/add-channel`);
  await expect(page.getByRole('heading', { level: 1, name: 'Add a sales channel' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshots(page, 'add-channel');
  await page.getByLabel('Channel name').fill('Web FAILTWICE');
  await page.getByLabel('Online store').check();
  await page.getByRole('button', { name: 'Add channel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your sales channel was added' })).toBeVisible({
    timeout: 15_000,
  });
  expect(statuses).toEqual([503, 503, 201]);
});

test('a user not authorised to create a channel sees the message and stays', async ({ page }) => {
  const [account] = await signUpWithAccounts(page, '/accounts', [
    { decision: 'APPROVED', name: 'Denied APPROVED Co', businessId: 'biz-no' },
  ]);
  await page.goto(`/${account.applicationId}/add-channel`);
  await page.getByLabel('Channel name').fill('Shop NOTAUTHORIZED');
  await page.getByLabel('Retail location').check();
  await page.getByRole('button', { name: 'Add channel' }).click();
  await expect(page.getByText('It seems like you are not authorized to create a channel.')).toBeVisible({
    timeout: 10_000,
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Add a sales channel' })).toBeVisible();
});

test('currency overlap: with only Canadian accounts the currency switches to CAD and the page reloads', async ({
  page,
  context,
}) => {
  await signUpWithAccounts(page, '/accounts', [
    { decision: 'APPROVED', currency: 'CAD', name: 'Boulangerie Cote', businessId: 'biz-ca' },
  ]);
  await page.reload();
  await expect
    .poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'currency')?.value)
    .toBe('CAD');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a business' })).toBeVisible();
  await expect(page.locator('.account-choice__name').first()).toHaveText('Boulangerie Cote');
});

test('a co-brand /r/{id} path keeps its prefix through the whole flow', async ({ page }) => {
  await signUpWithAccounts(page, '/r/acme/accounts', [
    { decision: 'APPROVED', name: 'Partner APPROVED Co', businessId: 'biz-partner' },
  ]);
  await page.reload();
  await expect(page).toHaveURL(/\/r\/acme\/accounts$/);
  await page.getByLabel(/Partner APPROVED Co/).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/r\/acme\/accounts\/biz-partner\/stores$/);
  await page.getByRole('button', { name: 'Start a new store' }).click();
  await expect(page).toHaveURL(/\/r\/acme\/accounts\/biz-partner\/stores\/new$/);
  await page.getByLabel('Store name').fill('Partner Kiosk');
  await page.getByRole('button', { name: 'Create store' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your store is ready' })).toBeVisible();
  await expect(page).toHaveURL(/\/r\/acme\/urn:app:[\w-]+\/store-complete$/);
});
