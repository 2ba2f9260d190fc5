/**
 * Money journeys (issue 8): bank linking (instant through the sandbox picker, its failure, manual US and Canada),
 * device orders (rent and buy) with totals checked to the cent against GET /api/v2/configs/plans and rules/plans.json's
 * free shipping days, doc1 §4.9's sequence (payment, then order create naming it, then submit), a declined card
 * (sandbox trigger 4000000000000002) that creates no order, and recovery, the card number reaching only the vault (request log and browser
 * storage inspected), and cash-advance offers with the lender redirect. Each test starts from an application the API
 * has decided (created and onboarded through the API as the signed-in applicant), then uses the real screens.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page, type Request } from './fixtures/transitions.ts';
import { expectNoAxeViolations, newEmail, photograph, registerFromSignOn } from './support.ts';
import { completeCa, completeUs } from '../../server/sandbox/applicants.ts';
import { text } from './journey.ts';

const HEADERS = { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' };

const US = completeUs;
/** The Canadian applicant in English (the money journeys run in en-CA). */
const CA = { ...completeCa, applicant: { ...completeCa.applicant, communicationLanguage: 'en-CA' } };

/** Signs a new applicant up and returns an approved application of the market, decided by the API. */
async function approvedApplication(page: Page, market: 'US' | 'CA' = 'US'): Promise<Record<string, any>> {
  if (market === 'CA')
    await page
      .context()
      .addCookies([
        { name: 'currency', value: 'CAD', url: page.url() === 'about:blank' ? 'http://localhost' : page.url() },
      ]);
  await page.goto('/');
  await registerFromSignOn(page, newEmail('money'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const created = await page.request.post('/api/v2/applications', {
    headers: { ...HEADERS, 'Idempotency-Key': crypto.randomUUID() },
    data: { application: { intent: 'CREATE_BUSINESS' }, ...(market === 'US' ? US : CA) },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).application.id as string;
  const onboarded = await page.request.post(`/api/v2/applications/${id}/onboard`, {
    headers: { ...HEADERS, 'Idempotency-Key': crypto.randomUUID() },
    data: {},
  });
  expect(onboarded.ok(), await onboarded.text()).toBe(true);
  const doc = await onboarded.json();
  expect(doc.application.decision).toBe('APPROVED');
  return doc;
}

async function documentOf(page: Page, id: string): Promise<Record<string, any>> {
  const res = await page.request.get(`/api/v2/applications/${id}`, { headers: HEADERS });
  expect(res.ok()).toBe(true);
  return res.json();
}

test.describe('bank', () => {
  test('instant link through the sandbox picker ends on complete with the linked account', async ({ page }) => {
    const doc = await approvedApplication(page);
    const id = doc.application.id as string;
    await page.goto(`/${id}/bank`);
    await expect(page.getByRole('heading', { level: 1, name: 'Link your bank account' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Link my bank instantly' }).click();
    await expect(page).toHaveURL(/\/sandbox\/bank-link\?token=/);
    await page.getByLabel(/Everyday Checking/).check();
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByRole('heading', { level: 1, name: 'You’re all set' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${id}/complete/bank/success$`));
    await expect(page.getByText('test deposit')).toHaveCount(0);
    await expectNoAxeViolations(page);
    const after = await documentOf(page, id);
    expect(after.bank.plaidAccount).toMatchObject({ instantAuth: true, mask: '0000', accountType: 'CHECKING' });
    expect(after.application.hasFinancialInstrument).toBe(true);

    // Issue 22.5: the hardware order by clicks from here (doc1 §1, §2.7), paid, then its confirmation with the
    // summary; nothing already done (the bank) is asked again, and the application is not submitted twice.
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    await page.getByRole('button', { name: 'Order a card terminal' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Get a card terminal' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${id}/order\\?then=confirmation$`));
    await page.getByLabel('5-inch hand-held terminal (N910), monthly rental').check();
    await fillShipping(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Review and pay' })).toBeVisible();
    const total = await expectedTotal(page, 'USD', 'n910', 1);
    await enterCard(page, '4242424242424242');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your order is placed' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${id}/order/placed$`));
    await expect(page.getByRole('definition').last()).toHaveText(centsText(total));
    await expect(page.getByText('Link a bank account')).toHaveCount(0);
    await expectNoAxeViolations(page);
    expect(checkoutCalls(requests)).toEqual([
      '/orders/quote',
      '/financial-instruments/credit-cards',
      '/payments',
      '/orders',
    ]);
    expect((await documentOf(page, id)).order).toMatchObject({ id: expect.stringMatching(/^ord_/), submitted: true });
    await page.getByRole('button', { name: 'Go to your account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a business' })).toBeVisible();
  });

  test('a failed link goes back to the bank choice with the bank-link error, and nothing is linked', async ({
    page,
  }) => {
    const doc = await approvedApplication(page);
    const id = doc.application.id as string;
    await page.goto(`/${id}/bank`);
    await page.getByRole('button', { name: 'Link my bank instantly' }).click();
    await expect(page).toHaveURL(/\/sandbox\/bank-link/);
    await page.getByRole('group', { name: 'Unavailable Bank' }).getByRole('radio').check();
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(new RegExp(`/${id}/bank\\?error=bankLink$`));
    await expect(
      page.getByText('Sorry, something went wrong. Please wait a few minutes and try connecting again.'),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    const after = await documentOf(page, id);
    expect(after.bank.plaidAccount).toBeUndefined();
  });

  test('manual entry in the US: routing number, mismatch caught, test deposit explained', async ({ page }) => {
    const doc = await approvedApplication(page);
    const id = doc.application.id as string;
    await page.goto(`/${id}/bank`);
    await page.getByRole('button', { name: 'Enter bank details manually' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Enter your bank account' })).toBeVisible();
    await expect(page.getByText('2-3 days')).toBeVisible();
    await expect(page.getByLabel('Transit number')).toHaveCount(0);
    await page.getByLabel('Account holder name').fill('Acme Bakery');
    await page.getByLabel('Checking').check();
    await page.getByLabel('Routing number').fill('021000021');
    await page.getByLabel(/^Account number/).fill('000123456789');
    await page.getByLabel('Confirm account number').fill('000123456780');
    await page.getByRole('button', { name: 'Save bank account' }).click();
    await expect(page.getByRole('alert').first()).toBeFocused();
    await expect(page.getByText('Account number is not matching, please verify.').first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByLabel('Confirm account number').fill('000123456789');
    await page.getByRole('button', { name: 'Save bank account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'You’re all set' })).toBeVisible();
    await expect(
      page.getByText('Look out for a small test deposit in the next 2-3 days to confirm the account.'),
    ).toBeVisible();
    const after = await documentOf(page, id);
    expect(after.bank.account).toMatchObject({ accountType: 'CHECKING', routingNumber: '021000021' });
    expect(after.bank.account.accountNumber).not.toContain('000123456789');
    const stored = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie,
    );
    expect(stored).not.toContain('000123456789');
  });

  test('manual entry in Canada: transit and institution numbers, no routing number', async ({ page }) => {
    const doc = await approvedApplication(page, 'CA');
    const id = doc.application.id as string;
    await page.goto(`/${id}/bank/manual`);
    await expect(page.getByRole('heading', { level: 1, name: 'Enter your bank account' })).toBeVisible();
    await expect(page.getByLabel('Routing number')).toHaveCount(0);
    await page.getByLabel('Account holder name').fill('Boulangerie Côté');
    await page.getByLabel('Savings').check();
    await page.getByLabel('Transit number').fill('12345');
    await page.getByLabel('Institution number').fill('12');
    await page.getByLabel(/^Account number/).fill('1234567');
    await page.getByLabel('Confirm account number').fill('1234567');
    await page.getByRole('button', { name: 'Save bank account' }).click();
    await expect(page.getByRole('alert').first()).toBeFocused();
    await expectNoAxeViolations(page);
    await page.getByLabel('Institution number').fill('003');
    await page.getByRole('button', { name: 'Save bank account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'You’re all set' })).toBeVisible();
    const after = await documentOf(page, id);
    expect(after.bank.account).toMatchObject({ accountType: 'SAVINGS', routingNumber: '000312345' });
  });
});

const PLAN_RULES = JSON.parse(readFileSync(new URL('../../rules/plans.json', import.meta.url), 'utf8'));

/**
 * What GET /api/v2/configs/plans says an order costs, in cents, computed here independently of the app. Every journey
 * orders on the day its application started, so inside rules/plans.json's free shipping days the shipping (still
 * shown) is taken off again.
 */
async function expectedTotal(page: Page, currency: string, planKey: string, quantity: number): Promise<number> {
  const res = await page.request.get(`/api/v2/configs/plans?currency=${currency}`, { headers: HEADERS });
  const body = await res.json();
  const plan = body.plans.find((p: { planKey: string }) => p.planKey === planKey);
  const upfront = plan.trialPeriodDays > 0 ? 0 : plan.perUnitCents * quantity;
  const shipsFree = PLAN_RULES.freeShippingDays[body.market] > 0;
  return upfront + (plan.device === 'NO_DEVICE' || shipsFree ? 0 : body.shippingCents);
}

/** The API calls of checkout in the order they were made (method and path after the application id). */
const checkoutCalls = (requests: Request[]) =>
  requests
    .filter((r) => r.method() === 'POST' && /\/(credit-cards|payments|orders|orders\/quote|onboard)$/.test(r.url()))
    .map((r) => new URL(r.url()).pathname.replace(/^.*\/applications\/[^/]+/, ''));

async function fillShipping(page: Page): Promise<void> {
  await page.getByLabel('Shipping street address').fill('123 Main Street');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State').selectOption({ label: 'Texas' });
  await page.getByLabel('ZIP code').fill('78701');
}

async function enterCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date (MM/YY)').fill('12/30');
  await page.getByLabel('Security code (CVV)').fill('123');
  await page.getByLabel('Billing ZIP code').fill('78701');
  await expect(page.getByText('Card saved securely, ending in')).toBeVisible();
}

const centsText = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

test.describe('order and checkout', () => {
  test('rent two N910s: rental limit, totals to the cent, and the card number reaches only the vault', async ({
    page,
  }) => {
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    const doc = await approvedApplication(page);
    const id = doc.application.id as string;
    await page.goto(`/${id}/order`);
    await expect(page.getByRole('heading', { level: 1, name: 'Get a card terminal' })).toBeVisible();
    await expect(page.getByLabel('Rent a terminal')).toBeChecked();
    // Each choice shows its price as the API's plans give it (issue 22.5): per month for a rental, once for a purchase.
    const plans = (await (await page.request.get('/api/v2/configs/plans?currency=USD', { headers: HEADERS })).json())
      .plans as Array<{ planKey: string; perUnitCents: number }>;
    const cents = (key: string) => plans.find((plan) => plan.planKey === key)!.perUnitCents;
    await expect(page.locator('label', { hasText: '5-inch hand-held terminal (N910)' })).toContainText(
      `${centsText(cents('n910'))}/month`,
    );
    await expect(page.locator('label', { hasText: 'Buy a terminal' })).toContainText(`${centsText(cents('buy'))} once`);
    await page.getByLabel('5-inch hand-held terminal (N910), monthly rental').check();
    await page.getByRole('button', { name: 'One more terminal' }).click();
    await expect(page.getByLabel('How many terminals?')).toHaveValue('2');
    await expect(page.getByRole('button', { name: 'One more terminal' })).toBeDisabled();
    await expect(
      page.getByText('That’s the most terminals you can rent here. For more, please contact your reseller.'),
    ).toBeVisible();
    await page.getByLabel('Shipping street address').fill('PO Box 12');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert').first()).toBeFocused();
    await expectNoAxeViolations(page);
    await fillShipping(page);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Review and pay' })).toBeVisible();
    const total = await expectedTotal(page, 'USD', 'n910', 2);
    expect(total).toBe(6000);
    await expect(page.locator('[data-row="total"]')).toHaveAttribute('data-cents', String(total));
    await expect(page.locator('[data-row="total"] td')).toHaveText(centsText(total));
    // Shipping is shown, and the new-merchant offer takes it off again (rules/plans.json freeShippingDays).
    await expect(page.locator('[data-row="shipping"] td')).toHaveText(centsText(1500));
    await expect(page.locator('[data-row="freeShipping"] th')).toHaveText('Free shipping (new-merchant offer)');
    await expect(page.locator('[data-row="freeShipping"] td')).toHaveText(centsText(-1500));
    // The rental line reads as a price per month, as an offer does (issue 22.12), not a bare amount.
    await expect(page.locator('.fees__line td')).toHaveText(`${centsText(cents('n910') * 2)}/month`);
    await photograph(page, process.env.SHOTS_DIR, 'en-US-orderCard-rental');
    await expectNoAxeViolations(page);

    const card = '4242424242424242';
    await enterCard(page, card);
    await expect(page.getByText('4242', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).not.toHaveURL(/\/order\/card$/, { timeout: 15_000 });

    const payment = requests.find((r) => r.url().includes('/payments') && r.method() === 'POST');
    expect(payment, 'a payment request').toBeDefined();
    expect(JSON.parse(payment!.postData() ?? '{}').amount).toBe(total);
    // doc1 §4.9: the card is filed, the payment authorised, then the order created naming it, then the submit.
    // The submit screen sends the onboard after it shows: wait for it rather than race it.
    await expect
      .poll(() => checkoutCalls(requests))
      .toEqual(['/orders/quote', '/financial-instruments/credit-cards', '/payments', '/orders', '/onboard']);
    const paymentId = (await (await payment!.response())!.json()).paymentId as string;
    const order = await documentOf(page, id);
    expect(order.order).toMatchObject({ id: expect.stringMatching(/^ord_/), paymentId, submitted: true });
    expect(order.order.totals.totalCents).toBe(total);
    expect(order.application.orderId).toBe(order.order.id);
    expect(order.bank.creditCard).toMatchObject({ last4: '4242' });

    // The card number went to the vault and nowhere else: not to /api, not into any URL, not into storage.
    const carrying = requests.filter((r) => `${r.url()} ${r.postData() ?? ''}`.replace(/[\s-]/g, '').includes(card));
    expect(carrying.map((r) => new URL(r.url()).pathname)).toEqual(['/sandbox/vault/cards']);
    const stored = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie,
    );
    expect(stored).not.toContain(card);
    expect(stored).not.toContain('tok_');
    expect(JSON.stringify(order)).not.toContain(card);
  });

  test('buy one smart terminal: the purchase price, shipping shown and taken off, to the cent', async ({ page }) => {
    const doc = await approvedApplication(page);
    const id = doc.application.id as string;
    await page.goto(`/${id}/order`);
    await page.getByLabel('Buy a terminal').check();
    await expect(page.getByLabel('5-inch hand-held terminal (N910), monthly rental')).toHaveCount(0);
    await fillShipping(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Review and pay' })).toBeVisible();
    const total = await expectedTotal(page, 'USD', 'buy', 1);
    expect(total).toBe(29900);
    await expect(page.locator('[data-row="total"]')).toHaveAttribute('data-cents', String(total));
    await expect(page.locator('[data-row="total"] td')).toHaveText(centsText(total));
    await expect(page.locator('[data-row="offer"]')).toHaveCount(0);
  });

  test('a declined card is reset with the declined message and creates no order; another card goes through', async ({
    page,
  }) => {
    const requests: Request[] = [];
    page.on('request', (request) => requests.push(request));
    const doc = await approvedApplication(page);
    const id = doc.application.id as string;
    await page.goto(`/${id}/order`);
    await page.getByLabel('5-inch hand-held terminal (N910), monthly rental').check();
    await fillShipping(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Review and pay' })).toBeVisible();
    const total = await expectedTotal(page, 'USD', 'n910', 1);
    await expect(page.locator('[data-row="total"]')).toHaveAttribute('data-cents', String(total));

    await enterCard(page, '4000000000000002');
    await page.getByRole('button', { name: 'Place order' }).click();
    const declined = 'Your selected payment method was declined by bank. Please use another one.';
    // Said once in the summary (under the refusal as its heading) and once at the card, no toast (issue 22 item 4).
    await expect(
      page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Your card was declined.' }) }),
    ).toContainText(declined);
    await expect(page.locator('.field__error')).toHaveText(declined);
    await expect(page).toHaveURL(/\/order\/card$/);
    await expect(page.getByLabel('Card number')).toHaveValue('');
    await expectNoAxeViolations(page);
    // The sequence stopped at the payment: no order was created (asked of the API), nothing submitted.
    expect(checkoutCalls(requests)).toEqual(['/orders/quote', '/financial-instruments/credit-cards', '/payments']);
    const refused = await documentOf(page, id);
    expect(refused.order.id).toBeUndefined();
    expect(refused.order.submitted).toBe(false);
    expect(refused.application.orderId).toBeUndefined();

    await enterCard(page, '5555555555554444');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).not.toHaveURL(/\/order\/card$/, { timeout: 15_000 });
    const after = await documentOf(page, id);
    expect(after.bank.creditCard).toMatchObject({ last4: '4444' });
    expect(after.order).toMatchObject({
      id: expect.stringMatching(/^ord_/),
      paymentId: expect.stringMatching(/^pay_/),
      submitted: true,
      totals: { totalCents: total },
    });
  });

  test('a reseller bundle with too few licences warns, continues anyway when confirmed, and is priced to the cent', async ({
    page,
  }) => {
    const doc = await approvedApplication(page);
    const id = doc.application.id as string;
    await page.goto(`/${id}/order/bundle`);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose your point-of-sale bundle' })).toBeVisible();
    await page.getByLabel('Restaurant bundle').check();
    await page.getByLabel('Upgrade to a two-screen point-of-sale unit').check();
    await page.getByRole('button', { name: 'One more bundle' }).click();
    await expect(page.getByLabel('How many bundles?')).toHaveValue('2');
    await expect(page.getByLabel('How many software licenses?')).toHaveValue('1');
    await expect(
      page.getByText('You have fewer licenses than bundles, so some terminals can’t run the point-of-sale software.'),
    ).toBeVisible();
    await fillShipping(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert').first()).toBeFocused();
    await expect(
      page.getByText('Add licenses, or confirm that you want to continue with fewer licenses.').first(),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    // More licences than bundles is the other warning; back to fewer, then continue anyway.
    await page.getByRole('button', { name: 'One more license' }).click();
    await page.getByRole('button', { name: 'One more license' }).click();
    await expect(
      page.getByText('You have more licenses than bundles; you’ll pay for licenses no terminal uses.'),
    ).toBeVisible();
    await expect(page.getByText('You have fewer licenses than bundles', { exact: false })).toHaveCount(0);
    await page.getByRole('button', { name: 'One fewer license' }).click();
    await page.getByRole('button', { name: 'One fewer license' }).click();
    await page.getByLabel('Continue anyway with fewer licenses').check();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Review and pay' })).toBeVisible();
    const plans = JSON.parse(readFileSync(new URL('../../rules/plans.json', import.meta.url), 'utf8'));
    const price = (key: string) =>
      Math.round(plans.bundles.US.prices.find((p: { planKey: string }) => p.planKey === key).perUnit * 100);
    // Ordered on the application's first day: inside the free shipping days, so the shipping is taken off again.
    expect(plans.freeShippingDays.US).toBeGreaterThan(0);
    const total = price(plans.bundles.US.kinds.restaurant.upgradeKey) * 2 + price('LICENSE');
    await expect(page.locator('[data-row="total"]')).toHaveAttribute('data-cents', String(total));
    await expect(page.locator('[data-row="total"] td')).toHaveText(centsText(total));
    await expect(page.locator('[data-row="freeShipping"]')).toHaveAttribute(
      'data-cents',
      String(-Math.round(plans.shipping.US * 100)),
    );
    const after = await documentOf(page, id);
    expect(after.order.totals.totalCents).toBe(total);
    expect(after.order.quantity).toEqual({ license: 1, total: 2 });
    expect(after.order.id).toBeUndefined(); // quoted; the order is created after the payment
  });
});

test.describe('cash advance', () => {
  // Issue 27.6: the offers are reached from the merchant's stores by clicks, the business is kept through every step
  // (offers, redirect, lender, back), and each offer says who lends, to which business, up to what amount and at
  // what share of daily sales (doc1 §2.7).
  test('from the stores to the lender and back: business, lender and terms named at each step', async ({ page }) => {
    const doc = await approvedApplication(page);
    const businessId = (await documentOf(page, doc.application.id)).application.businessId as string;
    const business = String(doc.company.dba ?? doc.company.name);
    expect(businessId).toBeTruthy();
    const lender = JSON.parse(readFileSync('rules/offers.json', 'utf8')).lenderName as string;
    expect(lender).toBeTruthy();

    await page.goto('/accounts');
    await expect(page.getByRole('heading', { level: 1, name: text('en-US', 'accounts.list.title') })).toBeVisible();
    await page.getByRole('radio', { name: new RegExp(business) }).check();
    await page.getByRole('button', { name: text('en-US', 'accounts.list.submit') }).click();
    await expect(page.getByRole('heading', { level: 1, name: text('en-US', 'accounts.stores.title') })).toBeVisible();
    await page.getByRole('button', { name: text('en-US', 'accounts.stores.cashAdvance') }).click();

    await expect(page).toHaveURL(new RegExp(`/cashadvanceoffers\\?businessId=${businessId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Cash-advance offers' })).toBeVisible();
    const terms = `Up to $15,000 for ${business}, repaid as 10% of your daily sales`;
    await expect(page.getByText(terms)).toBeVisible();
    await expectNoAxeViolations(page);
    const accept = page.getByRole('link', { name: `Accept ${lender}’s offer: ${terms}` });
    await expect(accept).toHaveText(`Accept ${lender}’s offer`);
    await accept.click();

    await expect(page).toHaveURL(/\/sandbox\/lender\?offerId=off_standard_/);
    await expect(page.getByRole('heading', { level: 1, name: `Cash advance from ${lender}` })).toBeVisible();
    await expect(
      page.getByText(
        `You are accepting, for ${business}, a cash advance of up to $15,000, repaid as 10% of its daily sales.`,
      ),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Back to the offers' }).click();

    // Back at the same business's offers, not at "Something went wrong".
    await expect(page).toHaveURL(new RegExp(`/cashadvanceoffers\\?businessId=${businessId}$`));
    await expect(page.getByText(terms)).toBeVisible();
    await page.getByRole('button', { name: text('en-US', 'money.cashAdvance.back') }).click();
    await expect(page).toHaveURL(new RegExp(`/accounts/${businessId}/stores`));
    await expect(page.getByRole('heading', { level: 1, name: text('en-US', 'accounts.stores.title') })).toBeVisible();
  });

  test('the offers without a business go to the businesses to choose from (no error without a way on)', async ({
    page,
  }) => {
    await approvedApplication(page);
    await page.goto('/cashadvanceoffers');
    await expect(page).toHaveURL(/\/accounts$/);
    await expect(page.getByRole('heading', { level: 1, name: text('en-US', 'accounts.list.title') })).toBeVisible();
    await expect(page.getByText(text('en-US', 'validation.required'))).toHaveCount(0);
  });
});
