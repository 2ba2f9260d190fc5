/**
 * Coverage journeys (issue 10): the ways out of each step-up screen the longer journeys (step-ups.spec.ts) do not
 * take: photo ID instead of a code or a phone link, skip, do it later. Each application is seeded through the
 * API with its sandbox step-up trigger (the last four digits of the SSN, server/README.md) and its step-up
 * screen opened directly; every action is found by its words in the persona's locale, and the screen reached is
 * checked by its address and focused heading.
 */
import { expect, test, type Page } from './fixtures/transitions.ts';
import { applicationBody, open, seeded, signedIn } from './fixtures/seed.ts';
import { newestMessage, text, type Locale } from './journey.ts';
import { expectNoAxeViolations } from './support.ts';

const locale: Locale = 'en-US';

async function at(page: Page, id: string, path: string, messages: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/${id}/${path}$`));
  const heading = page.getByRole('heading', { level: 1, name: text(locale, `${messages}.title`), exact: true });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
}

async function press(page: Page, key: string): Promise<void> {
  const name = text(locale, key);
  await page
    .getByRole('button', { name, exact: true })
    .or(page.getByRole('link', { name, exact: true }))
    .first()
    .click();
}

/** A new application with the step-up of `last4`, opened at its step-up screen. */
async function stepUp(page: Page, last4: string, path: string, messages: string): Promise<string> {
  const id = await seeded(page, applicationBody('US', last4));
  await open(page, 'domain', id, path);
  await at(page, id, path, messages);
  return id;
}

test.beforeEach(async ({ page }) => {
  await signedIn(page, 'US', locale);
});

test('one-time code: photo ID instead, from before and after the code is sent, and after a resend', async ({
  page,
}) => {
  let id = await stepUp(page, '0005', 'otp', 'signup.otp');
  await press(page, 'signup.otp.photoId');
  await at(page, id, 'identification', 'signup.identification');

  id = await stepUp(page, '0005', 'otp', 'signup.otp');
  await press(page, 'signup.otp.submit');
  await at(page, id, 'otp/code', 'signup.otpCode');
  await press(page, 'signup.otp.photoId');
  await at(page, id, 'identification', 'signup.identification');

  id = await stepUp(page, '0005', 'otp', 'signup.otp');
  await press(page, 'signup.otp.submit');
  await at(page, id, 'otp/code', 'signup.otpCode');
  await press(page, 'signup.otpCode.resend');
  await at(page, id, 'otp/resent', 'signup.otpCodeResent');
  await expectNoAxeViolations(page);
  await press(page, 'signup.otp.photoId');
  await at(page, id, 'identification', 'signup.identification');
});

test('one-time code: skip before the code, after it and after a resend leaves the step-up and shows the outcome', async ({
  page,
}) => {
  let id = await stepUp(page, '0005', 'otp', 'signup.otp');
  await press(page, 'signup.otp.skip');
  await at(page, id, 'success', 'signup.approvedPending');

  id = await stepUp(page, '0005', 'otp', 'signup.otp');
  await press(page, 'signup.otp.submit');
  await at(page, id, 'otp/code', 'signup.otpCode');
  await press(page, 'signup.otp.skip');
  await at(page, id, 'success', 'signup.approvedPending');

  id = await stepUp(page, '0005', 'otp', 'signup.otp');
  await press(page, 'signup.otp.submit');
  await press(page, 'signup.otpCode.resend');
  await at(page, id, 'otp/resent', 'signup.otpCodeResent');
  await press(page, 'signup.otp.skip');
  await at(page, id, 'success', 'signup.approvedPending');
});

test('phone link: photo ID instead, before and after the link is texted and from the retry screen', async ({
  page,
}) => {
  let id = await stepUp(page, '0009', 'phone-auth', 'signup.phoneAuth');
  await press(page, 'signup.otp.photoId');
  await at(page, id, 'identification', 'signup.identification');

  id = await stepUp(page, '0009', 'phone-auth', 'signup.phoneAuth');
  await press(page, 'signup.phoneAuth.submit');
  await at(page, id, 'phone-auth/sent', 'signup.phoneAuthSent');
  // Only the resend waits for its countdown (options.countdownActions): photo ID is open at once.
  await expect(page.getByRole('button', { name: text(locale, 'signup.phoneAuthSent.resend') })).toBeDisabled();
  await press(page, 'signup.otp.photoId');
  await at(page, id, 'identification', 'signup.identification');

  // The retry screen (shown when a link failed) offers a new link or photo ID.
  id = await stepUp(page, '0009', 'phone-auth/retry', 'signup.phoneAuthRetry');
  await expectNoAxeViolations(page);
  await press(page, 'signup.otp.photoId');
  await at(page, id, 'identification', 'signup.identification');
  id = await stepUp(page, '0009', 'phone-auth/retry', 'signup.phoneAuthRetry');
  await press(page, 'signup.phoneAuthRetry.submit');
  await at(page, id, 'phone-auth/sent', 'signup.phoneAuthSent');
});

test('phone link opened in this browser: confirmed once, already used the second time', async ({ page }) => {
  const id = await stepUp(page, '0009', 'phone-auth', 'signup.phoneAuth');
  await press(page, 'signup.phoneAuth.submit');
  await at(page, id, 'phone-auth/sent', 'signup.phoneAuthSent');
  const sms = await newestMessage(page, '+15125550147');
  expect(sms.link).toMatch(new RegExp(`^/${id}/phone-auth/confirmation\\?vfp=`));
  await page.goto(new URL(sms.link!, page.url()).href);
  await at(page, id, 'phone-auth/complete', 'signup.phoneAuthComplete');
  await page.goto(new URL(sms.link!, page.url()).href);
  // Issue 27.5: a used link says it was used, not that it expired.
  await at(page, id, 'phone-auth/expired\\?used=1', 'signup.phoneAuthUsed');
});

test('photo ID later ends on the outcome', async ({ page }) => {
  const id = await stepUp(page, '0004', 'identification', 'signup.identification');
  await press(page, 'signup.identification.later');
  await at(page, id, 'success', 'signup.approvedPending');
});

test('photo ID: an inquiry that times out brings the applicant back to the photo-ID screen', async ({ page }) => {
  const id = await stepUp(page, '0004', 'identification', 'signup.identification');
  await press(page, 'signup.identification.submit');
  await expect(page).toHaveURL(/\/sandbox\/inquiry\//);
  await page.locator('#outcome-TIMEOUT').check();
  await page.locator('form button[type="submit"]').click();
  // Back with ?check=timeout, whose variant records the failed check (doc2 analytics identity_failed, issue 28.7).
  await at(page, id, 'identification\\?check=timeout', 'signup.identification');
});

// Issue 27.2: switching to a photo ID works end to end (doc1 §2.7): the check opens instead of "We couldn't open the
// photo ID check", and a received photo ID answers the phone step-up and moves the applicant on to the outcome.
for (const [name, last4, path, messages] of [
  ['the one-time code', '0005', 'otp', 'signup.otp'],
  ['the phone link', '0009', 'phone-auth', 'signup.phoneAuth'],
] as const) {
  test(`photo ID instead of ${name}: the check opens and its success moves the applicant on`, async ({ page }) => {
    const id = await stepUp(page, last4, path, messages);
    await press(page, 'signup.otp.photoId');
    await at(page, id, 'identification', 'signup.identification');
    await press(page, 'signup.identification.submit');
    await expect(page).toHaveURL(/\/sandbox\/inquiry\//);
    await page.locator('#outcome-RECEIVED').check();
    await page.locator('form button[type="submit"]').click();
    await at(page, id, 'success', 'signup.approvedPending');
    await expect(page.getByText(text(locale, 'signup.identificationStart.error'))).toHaveCount(0);
  });
}
