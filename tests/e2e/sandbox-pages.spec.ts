/**
 * The sandbox provider pages the server serves in test mode (server/README.md, Sandbox providers): sign-on (sign in,
 * create an account), the bank picker, the identity inquiry, the lender, the outbox, and the card vault the order
 * screen posts to. For each: the success path and the failure or cancel path, axe on every page state, and the page
 * used with the keyboard only. State is seeded through the API; where a page sends the browser back to the app, the
 * return address is a stand-in page of this test (`/e2e-return`), so no app screen is involved and the provider's
 * answer (a token, an error) is read from the address the provider chose.
 */
import { expect, test, type Page } from './fixtures/transitions.ts';
import { text } from './journey.ts';
import { expectNoAxeViolations, newEmail, sandboxPassword, signUpThroughApi } from './support.ts';

const baseUrl = () => String(test.info().project.use.baseURL);

/** A new local account, signed in in this page's browser context (through the sign-on form post). */
async function signIn(page: Page, email = newEmail('sandbox')): Promise<string> {
  const cookie = await signUpThroughApi(baseUrl(), email);
  const at = cookie.indexOf('=');
  await page.context().addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: baseUrl() }]);
  return email;
}

/** A complete US application whose SSN last four select a step-up (server/README.md sandbox triggers). */
async function application(page: Page, ssn4 = '4321', onboard = false, mobile = '2125551234'): Promise<string> {
  const res = await page.request.post('/api/v2/applications', {
    data: {
      applicant: {
        name: { firstName: 'Ann', lastName: 'Lee' },
        email: { emailAddress: 'ann@example.com' },
        phone: { localPhoneNumber: mobile },
        dob: '01/15/1985',
        governmentIdentification: { type: 'INDIVIDUAL', value: ssn4, sourceType: 'SSN4' },
        address: { line1: '123 Main Street', city: 'Springfield', state: 'IL', zip: '62701', countryCode: 'US' },
        communicationLanguage: 'en-US',
      },
      company: { name: 'Acme Bakery', segment: '5462', currency: 'USD', phone: { localPhoneNumber: mobile } },
    },
  });
  expect(res.status()).toBe(201);
  const id = (await res.json()).application.id as string;
  if (onboard) expect((await page.request.post(`/api/v2/applications/${id}/onboard`)).status()).toBe(200);
  return id;
}

/** The stand-in for the app page a provider sends the browser back to. */
async function standInReturnPage(page: Page): Promise<void> {
  await page.route(/\/e2e-return/, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Back in the app</title><main><h1>Back in the app</h1><a href="/">Continue</a></main></html>',
    }),
  );
}

/** Presses Tab until `selector` has focus (at most `limit` times): proves it is reachable by keyboard. */
async function tabTo(page: Page, selector: string, limit = 12): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) === true, selector)) return;
  }
  throw new Error(`${selector} was not reached with Tab`);
}

test.describe('sign-on sandbox', () => {
  test('sign in with the keyboard: a wrong password is listed in the error summary, the right one returns to the path', async ({
    page,
  }) => {
    const email = newEmail('signin');
    await signUpThroughApi(baseUrl(), email);
    await page.goto('/sso/login?path=/sandbox/outbox');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en-US', 'sso.login.title'));
    await expectNoAxeViolations(page);

    await tabTo(page, '#email');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await expect(page.locator('#password')).toBeFocused();
    await page.keyboard.type('not the password at all');
    await page.keyboard.press('Enter');

    const summary = page.getByRole('alert');
    await expect(summary).toContainText(text('en-US', 'sso.errors.summaryTitle'));
    await expect(summary).toContainText(text('en-US', 'sso.errors.credentials'));
    await expect(page).toHaveTitle(new RegExp(`^${text('en-US', 'sso.errors.titlePrefix')}`));
    await expect(page.locator('#email')).toHaveValue(email);
    expect(await (await page.request.get('/api/v2/session')).json()).toEqual({ user: null });
    await expectNoAxeViolations(page);

    await page.locator('#password').focus();
    await page.keyboard.type(sandboxPassword);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/sandbox\/outbox$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en-US', 'outbox.page.title'));
    expect((await (await page.request.get('/api/v2/session')).json()).user).toMatchObject({
      email: expect.any(String),
    });
  });

  test('create an account: problems are listed, tied to their fields and linked; a taken email gets the same answer without a session; the emailed link signs a new one in', async ({
    page,
  }) => {
    const taken = newEmail('taken');
    await signUpThroughApi(baseUrl(), taken);
    await page.goto('/sso/register?path=/sandbox/outbox&realm=idp&app=onboarding');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en-US', 'sso.register.title'));
    await expectNoAxeViolations(page);

    await page.locator('#email').fill(newEmail('new'));
    await page.locator('#password').fill('short');
    await page.locator('#confirmPassword').fill('short');
    await page.getByRole('button', { name: text('en-US', 'sso.register.submit') }).click();
    const summary = page.getByRole('alert');
    await expect(summary).toContainText(text('en-US', 'sso.errors.passwordTooShort', { minLength: 10 }));
    await expect(page.locator('#password')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#password')).toHaveAttribute('aria-describedby', /password-error/);
    await expectNoAxeViolations(page);
    await summary.getByRole('link', { name: text('en-US', 'sso.errors.passwordTooShort', { minLength: 10 }) }).click();
    await expect(page).toHaveURL(/#password$/);

    await page.locator('#password').fill(sandboxPassword);
    await page.locator('#confirmPassword').fill(`${sandboxPassword}!`);
    await page.locator('#confirmPassword').press('Enter');
    await expect(page.getByRole('alert')).toContainText(text('en-US', 'sso.errors.passwordsDiffer'));
    await expect(page.locator('#confirmPassword')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    await page.locator('#email').fill(taken);
    await page.locator('#password').fill(sandboxPassword);
    await page.locator('#confirmPassword').fill(sandboxPassword);
    await page.locator('#confirmPassword').press('Enter');
    // A taken address answers as a new one would (issue 23: registration never signs in and does not tell whether
    // an email has an account): "check your email"; the holder of the address is emailed a sign-in link instead.
    await expect(page).toHaveURL(/\/sso\/register\/sent\?path=%2Fsandbox%2Foutbox$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en-US', 'sso.checkEmail.title'));
    await expectNoAxeViolations(page);
    expect(await (await page.request.get('/api/v2/session')).json()).toEqual({ user: null });
    await page.getByRole('link', { name: text('en-US', 'sso.checkEmail.outbox') }).click();
    await expect(page.getByText(text('en-US', 'outbox.email.accountExists.subject'))).toBeVisible();
    await expect(page.locator('a[href^="/sso/register/confirm"]')).toHaveCount(0);

    await page.goto('/sso/register?path=/sandbox/outbox&realm=idp&app=onboarding');
    await page.locator('#email').fill(newEmail('fresh'));
    await page.locator('#password').fill(sandboxPassword);
    await page.locator('#confirmPassword').fill(sandboxPassword);
    await page.locator('#confirmPassword').press('Enter');
    await expect(page).toHaveURL(/\/sso\/register\/sent/);
    expect(await (await page.request.get('/api/v2/session')).json()).toEqual({ user: null });
    await page.getByRole('link', { name: text('en-US', 'sso.checkEmail.outbox') }).click();
    await expect(page.getByText(text('en-US', 'outbox.email.confirmRegistration.subject'))).toBeVisible();
    await expectNoAxeViolations(page);
    // The email's link creates the account and signs in, back where the registration started.
    await page.locator('a[href^="/sso/register/confirm"]').first().click();
    await expect(page).toHaveURL(/\/sandbox\/outbox$/);
    expect((await (await page.request.get('/api/v2/session')).json()).user).toMatchObject({
      email: expect.any(String),
    });
  });

  test('the sign-in page speaks the visitor’s language (fr-CA)', async ({ page }) => {
    await page.context().addCookies([{ name: 'locale', value: 'fr-CA', url: baseUrl() }]);
    await page.goto('/sso/login?path=/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('fr-CA', 'sso.login.title'));
    await expect(page.getByLabel(text('fr-CA', 'sso.field.email.label'))).toHaveAttribute('autocomplete', 'username');
    await expectNoAxeViolations(page);
  });
});

test.describe('bank picker sandbox', () => {
  test('an account chosen with the keyboard comes back as a public token that links the bank; the token works once', async ({
    page,
  }) => {
    await signIn(page);
    const id = await application(page);
    await standInReturnPage(page);
    const link = await (await page.request.get(`/api/v2/applications/${id}/financial-instruments/plaid/token`)).json();
    await page.goto(`${link.url}&return=${encodeURIComponent('/e2e-return')}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en-US', 'sandbox.bank.title'));
    await expectNoAxeViolations(page);

    // The first account: Tab to the first radio, Space chooses it; Tab on to the button, Enter submits.
    await tabTo(page, 'input[type="radio"]');
    await page.keyboard.press('Space');
    const chosen = page.locator('input[type="radio"]:checked');
    await expect(chosen).toHaveCount(1);
    const label = await page.locator(`label[for="${await chosen.getAttribute('id')}"]`).innerText();
    const mask = /(\d{4})\D*$/.exec(label)![1]!;
    await tabTo(page, 'button[type="submit"]', 40);
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/e2e-return\?public_token=/);
    const publicToken = new URL(page.url()).searchParams.get('public_token')!;
    const linked = await page.request.post(`/api/v2/applications/${id}/financial-instruments/plaid`, {
      data: { value: publicToken },
    });
    expect(linked.status()).toBe(201);
    expect((await linked.json()).bank.plaidAccount).toMatchObject({ mask, instantAuth: true });

    // The picker link was used: choosing again does not give a second token.
    await page.goto(link.url);
    await page.locator('input[type="radio"]').first().check();
    await page.getByRole('button', { name: text('en-US', 'sandbox.bank.submit') }).click();
    await expect(page).toHaveURL(/[?&]error=BANK_LINK_INVALID/);
  });

  test('the unavailable bank sends the browser back with BANK_LINK_FAILED and links nothing', async ({ page }) => {
    await signIn(page);
    const id = await application(page);
    await standInReturnPage(page);
    const link = await (await page.request.get(`/api/v2/applications/${id}/financial-instruments/plaid/token`)).json();
    await page.goto(`${link.url}&return=${encodeURIComponent('/e2e-return')}`);
    await page.getByRole('group', { name: 'Unavailable Bank' }).getByRole('radio').first().check();
    await page.getByRole('button', { name: text('en-US', 'sandbox.bank.submit') }).click();
    await expect(page).toHaveURL(/\/e2e-return\?error=BANK_LINK_FAILED$/);
    const doc = await (await page.request.get(`/api/v2/applications/${id}`)).json();
    expect(doc.bank.plaidAccount).toBeUndefined();
  });
});

test.describe('identity inquiry sandbox', () => {
  test('TIMEOUT chosen with the keyboard is reported; the same inquiry then RECEIVED clears GOV_ID_SELFIE', async ({
    page,
  }) => {
    await signIn(page);
    const id = await application(page, '0004', true);
    await standInReturnPage(page);
    const started = await page.request.post(`/api/v2/applications/${id}/step-ups/identification/sessions`, {
      data: {},
    });
    expect(started.status()).toBe(201);
    const session = await started.json();
    const poll = async () =>
      (
        await (
          await page.request.get(`/api/v2/applications/${id}/step-ups/identification/sessions/${session.inquiryId}`)
        ).json()
      ).inquirySessionStatus;

    await page.goto(session.url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text('en-US', 'sandbox.inquiry.identification.title'),
    );
    await expect(page.getByRole('status')).toHaveText(
      text('en-US', 'sandbox.inquiry.current', { status: text('en-US', 'sandbox.inquiry.status.CREATED') }),
    );
    await expectNoAxeViolations(page);
    // Failure: the radio group is reached with Tab; arrow keys move to "Let it time out"; Enter on the button.
    await tabTo(page, 'input[type="radio"]:checked');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByLabel(text('en-US', 'sandbox.inquiry.outcome.TIMEOUT'))).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: text('en-US', 'sandbox.inquiry.submit') })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en-US', 'sandbox.inquiry.done.title'));
    await expect(page.getByRole('status')).toHaveText(
      text('en-US', 'sandbox.inquiry.current', { status: text('en-US', 'sandbox.inquiry.status.TIMEOUT') }),
    );
    await expectNoAxeViolations(page);
    expect(await poll()).toBe('TIMEOUT');
    expect(
      (
        await page.request.post(`/api/v2/applications/${id}/step-ups/identification`, {
          data: { inquiryId: session.inquiryId },
        })
      ).status(),
    ).toBe(409);

    // Success: the page again, with a return address; RECEIVED is the default choice.
    await page.goto(`${session.url}&return=${encodeURIComponent('/e2e-return')}`);
    await expect(page.getByLabel(text('en-US', 'sandbox.inquiry.outcome.RECEIVED'))).toBeChecked();
    await page.getByRole('button', { name: text('en-US', 'sandbox.inquiry.submit') }).click();
    await expect(page).toHaveURL(/\/e2e-return$/);
    expect(await poll()).toBe('RECEIVED');
    const answered = await page.request.post(`/api/v2/applications/${id}/step-ups/identification`, {
      data: { inquiryId: session.inquiryId },
    });
    expect(answered.status()).toBe(200);
    expect((await answered.json()).application.stepUpDetails.map((s: { type: string }) => s.type)).not.toContain(
      'GOV_ID_SELFIE',
    );
  });

  test('a link with the wrong token is refused with a readable page', async ({ page }) => {
    await signIn(page);
    const id = await application(page, '0004', true);
    const session = await (
      await page.request.post(`/api/v2/applications/${id}/step-ups/identification/sessions`, { data: {} })
    ).json();
    const forged = new URL(session.url, baseUrl());
    forged.searchParams.set('token', 'A'.repeat(32));
    const res = await page.goto(`${forged.pathname}${forged.search}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en-US', 'sandbox.inquiry.notFound'));
    await expectNoAxeViolations(page);
  });
});

test.describe('carrier sandbox (mobile verification)', () => {
  /** PHONE_AUTH pending (SSN 0009); the carrier address opened in the browser; answers where it sent the browser. */
  async function throughCarrier(page: Page, mobile: string): Promise<{ id: string; vfp: string }> {
    await signIn(page);
    const id = await application(page, '0009', true, mobile);
    await standInReturnPage(page);
    const started = await page.request.get(
      `/api/v2/applications/${id}/phone-auth/verification-url?finalTargetUrl=${encodeURIComponent('/e2e-return')}`,
    );
    expect(started.status()).toBe(200);
    await page.goto((await started.json()).data.verificationUrl);
    await expect(page).toHaveURL(/\/e2e-return\?vfp=/);
    return { id, vfp: new URL(page.url()).searchParams.get('vfp')! };
  }

  test('a recognised mobile comes back with its fingerprint, which verifies the phone once', async ({ page }) => {
    const { id, vfp } = await throughCarrier(page, '2125551234');
    const verified = await page.request.post(`/api/v2/applications/${id}/phone-auth/mobile-verifications`, {
      data: { vfp },
    });
    expect((await verified.json()).data.status).toBe('SUCCESS');
    const again = await page.request.post(`/api/v2/applications/${id}/phone-auth/mobile-verifications`, {
      data: { vfp },
    });
    expect(again.status()).toBe(409); // PHONE_AUTH is no longer pending
    await page.goto(`/sandbox/carrier/${vfp}`);
    await expect(page.locator('body')).toContainText(text('en-US', 'errors.linkExpired'));
  });

  test('the carrier does not confirm a mobile ending in 0000: FAILED, PHONE_AUTH stays', async ({ page }) => {
    const { id, vfp } = await throughCarrier(page, '2125550000');
    const res = await page.request.post(`/api/v2/applications/${id}/phone-auth/mobile-verifications`, {
      data: { vfp },
    });
    expect((await res.json()).data.status).toBe('FAILED');
    const doc = await (await page.request.get(`/api/v2/applications/${id}`)).json();
    expect(doc.application.stepUpDetails.map((s: { type: string }) => s.type)).toContain('PHONE_AUTH');
  });
});

test.describe('lender, outbox and card vault sandboxes', () => {
  test('the lender page explains the offer and its back link is the cancel path, reachable by keyboard', async ({
    page,
  }) => {
    // Signed out, the lender names itself but no terms, and its way back is the businesses (issue 27.6).
    await page.goto('/sandbox/lender?offerId=off_standard_biz-1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      text('en-US', 'sandbox.lender.title', { lenderName: 'Northbeam Capital' }),
    );
    await expect(page.getByText(text('en-US', 'sandbox.lender.body'))).toBeVisible();
    await tabTo(page, 'a[href="/accounts"]');
    await expect(page.getByRole('link', { name: text('en-US', 'sandbox.lender.accounts') })).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test('the outbox shows a texted code with its recipient; an unknown recipient has none', async ({ page }) => {
    await signIn(page);
    const id = await application(page, '0005', true);
    const sent = await page.request.post(`/api/v2/applications/${id}/otp-code`);
    expect(sent.status()).toBe(200);
    await page.goto(`/sandbox/outbox?to=${encodeURIComponent('+12125551234')}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en-US', 'outbox.page.title'));
    const message = page.locator('li.message').first();
    await expect(message).toContainText('2125551234');
    await expect(message).toContainText(/\b\d{6}\b/);
    await expectNoAxeViolations(page);

    await page.goto(`/sandbox/outbox?to=${encodeURIComponent(newEmail('nobody'))}`);
    await expect(page.getByText(text('en-US', 'outbox.page.empty'))).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('the card vault tokenises a good card and refuses its failing test card with the card-save message', async ({
    page,
  }) => {
    await signIn(page);
    const card = { cvv: '123', expiry: '12/30', postalCode: '12345' };
    const good = await page.request.post('/sandbox/vault/cards', { data: { ...card, number: '4242424242424242' } });
    expect(good.status()).toBe(201);
    const vaulted = await good.json();
    expect(vaulted).toMatchObject({ token: expect.stringMatching(/^tok_/), last4: '4242' });
    expect(JSON.stringify(vaulted)).not.toContain('4242424242424242');
    const refused = await page.request.post('/sandbox/vault/cards', { data: { ...card, number: '4000000000000119' } });
    expect(refused.status()).toBe(503);
    expect((await refused.json()).message).toBe(text('en-US', 'errors.cardSave'));
  });
});

test.describe('bank picker: a way out (issue 22 item 7)', () => {
  test('the picker can be cancelled: back to the app with BANK_LINK_CANCELLED, nothing linked', async ({ page }) => {
    await signIn(page);
    const id = await application(page);
    await standInReturnPage(page);
    const link = await (await page.request.get(`/api/v2/applications/${id}/financial-instruments/plaid/token`)).json();
    await page.goto(`${link.url}&return=${encodeURIComponent('/e2e-return')}`);
    await page.getByRole('link', { name: text('en-US', 'sandbox.bank.cancel') }).click();
    await expect(page).toHaveURL(/\/e2e-return\?error=BANK_LINK_CANCELLED$/);
    const doc = await (await page.request.get(`/api/v2/applications/${id}`)).json();
    expect(doc.bank.plaidAccount).toBeUndefined();
  });
});
