/**
 * More money journeys (issue 8): doc1 §4.4 'otherwise a redirect URL is used' after a bank link (the co-brand's
 * redirect address with a one-time auth code the partner site redeems once), and doc1 §4.9 'order type inferred from a
 * loaded order's first terminal profile' on the order screen, priced to the cent. Each test starts from an
 * application the API has decided (created and onboarded through the API as the signed-in applicant).
 */
import { expect, test, type Page } from './fixtures/transitions.ts';
import { approvedThroughSignOn } from './fixtures/seed.ts';
import { expectNoAxeViolations } from './support.ts';

// Some journeys here make a provider or the API answer 503 on purpose (it is unreachable, then back): the browser
// logs each such answer, which is expected.
test.use({ consoleAllowed: [/^Failed to load resource: the server responded with a status of 503 /] });

const HEADERS = { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' };
const PARTNER = 'https://partner.localhost/welcome';
const ADDRESS = { line1: '123 Main Street', city: 'Austin', state: 'TX', zip: '78701', countryCode: 'US' };

async function approvedApplication(page: Page): Promise<string> {
  return (await approvedThroughSignOn(page, 'partner-redirect')).application.id as string;
}

/**
 * The co-brand's configuration carries its redirect address (doc1 §4.4). The reference API does not serve one yet
 * (see flows/money/README.md), so these journeys add it to the configuration the browser receives, before the app
 * boots (the app keeps the configuration for the session).
 */
async function coBrandWithRedirect(page: Page): Promise<void> {
  await page.route(
    (url) => /^\/api\/v2\/configs(\/[^/]+)?$/.test(url.pathname) && !/\/(plans|websites)$/.test(url.pathname),
    async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), redirectUrl: PARTNER } });
    },
  );
}

test('after an instant bank link, a co-brand with a redirect address sends the applicant to the partner site with a one-time code', async ({
  page,
}) => {
  await coBrandWithRedirect(page);
  const id = await approvedApplication(page);
  await page.route(`${PARTNER}*`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Partner</title><h1>Partner site</h1></html>',
    }),
  );
  await page.goto(`/${id}/bank`);
  await page.getByRole('button', { name: 'Link my bank instantly' }).click();
  await expect(page).toHaveURL(/\/sandbox\/bank-link\?token=/);
  await page.getByLabel(/Everyday Checking/).check();
  await page.locator('form button[type="submit"]').click();

  await expect(page).toHaveURL(/^https:\/\/partner\.localhost\/welcome\?code=[\w-]+$/);
  const code = new URL(page.url()).searchParams.get('code')!;
  const after = await page.request.get(`/api/v2/applications/${id}`, { headers: HEADERS });
  expect((await after.json()).bank.plaidAccount).toMatchObject({ instantAuth: true });
  // The partner site redeems the code once, server to server, and learns the application.
  const redeemed = await page.request.post('/api/v2/auth-codes/redeem', { headers: HEADERS, data: { code } });
  expect(redeemed.status(), await redeemed.text()).toBe(200);
  expect(await redeemed.json()).toMatchObject({ applicationId: id, context: 'bank' });
  const again = await page.request.post('/api/v2/auth-codes/redeem', { headers: HEADERS, data: { code } });
  expect(again.status()).toBe(410);
});

test('the partner redirect that cannot get a code says so, and the applicant can continue here', async ({ page }) => {
  await coBrandWithRedirect(page);
  const id = await approvedApplication(page);
  await page.route(/\/auth-code\?/, (route) =>
    route.fulfill({ status: 503, json: { code: 'SERVICE_UNAVAILABLE', messages: [] } }),
  );
  await page.goto(`/${id}/bank/partner`);
  await expect(page.getByRole('heading', { level: 1, name: 'Taking you back to your partner’s site' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'We couldn’t take you back to your partner’s site. Please try again in a few minutes.',
  );
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Continue here instead' }).click();
  await expect(page).toHaveURL(new RegExp(`/${id}/complete/bank/success$`));
});

test('an order quoted through the API selects its type when loaded: a purchase opens as buy, priced to the cent', async ({
  page,
}) => {
  const id = await approvedApplication(page);
  const created = await page.request.post(`/api/v2/applications/${id}/orders/quote`, {
    headers: { ...HEADERS, 'Idempotency-Key': crypto.randomUUID() },
    data: { paymentMethod: 'CARD', profiles: [{ planKey: 'buy', quantity: 1 }], address: ADDRESS },
  });
  expect(created.status(), await created.text()).toBe(200);
  expect((await created.json()).profiles[0]).toMatchObject({ planName: 'Smart Terminal' });
  expect((await created.json()).profiles[0].frequency).toBeUndefined();

  await page.goto(`/${id}/order`);
  await expect(page.getByRole('heading', { level: 1, name: 'Get a card terminal' })).toBeVisible();
  await expect(page.getByLabel('Buy a terminal')).toBeChecked();
  await expect(page.getByLabel('Rent a terminal')).not.toBeChecked();
  await expectNoAxeViolations(page);
  await page.getByLabel('Shipping street address').fill(ADDRESS.line1);
  await page.getByLabel('City').fill(ADDRESS.city);
  await page.getByLabel('State').selectOption({ label: 'Texas' });
  await page.getByLabel('ZIP code').fill(ADDRESS.zip);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review and pay' })).toBeVisible();
  const plans = await (await page.request.get('/api/v2/configs/plans?currency=USD', { headers: HEADERS })).json();
  const buy = plans.plans.find((p: { planKey: string }) => p.planKey === 'buy');
  // Shipping is shown and, on the application's first day (rules/plans.json freeShippingDays), taken off again.
  await expect(page.locator('[data-row="shipping"]')).toHaveAttribute('data-cents', String(plans.shippingCents));
  await expect(page.locator('[data-row="freeShipping"]')).toHaveAttribute('data-cents', String(-plans.shippingCents));
  await expect(page.locator('[data-row="total"]')).toHaveAttribute('data-cents', String(buy.perUnitCents));
});
