/**
 * Issue 6: one journey per step-up kind the decision can ask for (doc1 §4.2, §4.5), from landing to the step-up
 * screen and on to the outcome, chosen by the sandbox step-up triggers in the last four digits of the SSN or SIN
 * (server/README.md), across markets, locales and portals.
 */
import { expect, test } from './fixtures/transitions.ts';
import { expectNoAxeViolations, photograph } from './support.ts';
import {
  apply,
  arrive,
  expectHeading,
  labelled,
  mobileOf,
  newestMessage,
  stored,
  text,
  type Persona,
} from './journey.ts';

const us = (portal: Persona['portal'], last4: string, extra: Partial<Persona> = {}): Persona => ({
  market: 'US',
  locale: 'en-US',
  portal,
  businessName: 'Jane Doe Bakery LLC',
  governmentId: last4,
  ...extra,
});
const ca = (locale: 'en-CA' | 'fr-CA', portal: Persona['portal'], sin: string): Persona => ({
  market: 'CA',
  locale,
  portal,
  businessName: 'Boulangerie Émilie Inc',
  governmentId: sin,
});

test('OTP_SMS: one-time code with keyboard only, a wrong code, a resend, then the newest code (US en-US, domain)', async ({
  page,
}) => {
  const persona = us('domain', '0005');
  const { locale } = persona;
  const events: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/v2/analytics'))
      events.push((request.postDataJSON() as { type: string }).type);
  });
  await arrive(page, persona);
  await apply(page, persona);

  await expectHeading(page, locale, 'signup.otp.title');
  await expect(page).toHaveURL(/\/otp$/);
  await expectNoAxeViolations(page);
  // Keyboard only: from the focused heading, Tab reaches the primary action first.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: text(locale, 'signup.otp.submit') })).toBeFocused();
  await page.keyboard.press('Enter');

  await expectHeading(page, locale, 'signup.otpCode.title');
  const code = page.getByLabel(labelled(locale, 'signup.otpCode.code.label'));
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await page.keyboard.press('Tab');
  await expect(code).toBeFocused();
  await page.keyboard.press('Enter'); // nothing typed: the form's own check
  await expect(page.getByRole('alert')).toContainText(text(locale, 'validation.otp.required'));
  await code.focus();
  // One input event, as the phone's one-time-code autofill or a paste gives: typing key by key after a failed
  // submit loses keys, because the error summary takes focus whenever its messages change (reported to the engine).
  await page.keyboard.insertText('000000');
  await page.keyboard.press('Enter');
  // The API refuses the code (a 1 in a million chance that 000000 is the code sent): the message sits under the field.
  await expect(page.locator('.field__error')).toHaveText(text(locale, 'validation.otp.mismatch'));
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: text(locale, 'signup.otpCode.resend') }).click();
  await expectHeading(page, locale, 'signup.otpCodeResent.title');
  await expect(page).toHaveURL(/\/otp\/resent$/);

  // The newest code, as the applicant's phone received it (the sandbox outbox); the earlier one no longer counts.
  const sms = await newestMessage(page, mobileOf(persona));
  const sent = /\b(\d{6})\b/.exec(sms.text)?.[1];
  expect(sent).toMatch(/^\d{6}$/);
  await page.getByLabel(labelled(locale, 'signup.otpCodeResent.code.label')).fill(sent!);
  await page.getByRole('button', { name: text(locale, 'signup.otpCodeResent.submit') }).click();
  await expectHeading(page, locale, 'signup.approvedPending.title');
  const document = await stored(page);
  expect(document.application.stepUpDetails.map((s: { type: string }) => s.type)).not.toContain('OTP_SMS');
  expect(document.applicant.phone.verified).toBe(true);
  // The step's analytics events (doc2 Analytics events), and never a typed value in them.
  expect(events).toEqual(
    expect.arrayContaining([
      'OTP_SMS_started',
      'OTP_sent',
      'OTP_code_started',
      'OTP_failed',
      'OTP_resend',
      'OTP_SMS_success',
      'outcome_approved_pending',
    ]),
  );
});

test('OTP_SMS: skip leaves the phone unverified (Canada en-CA, terminal)', async ({ page }) => {
  const persona = ca('en-CA', 'terminal', '130730005');
  const { locale } = persona;
  await arrive(page, persona);
  await apply(page, persona);
  await expectHeading(page, locale, 'signup.otp.title');
  await page.getByRole('button', { name: text(locale, 'signup.otp.skip') }).click();
  await expectHeading(page, locale, 'signup.approvedPending.title');
  const document = await stored(page);
  expect(document.application.stepUpDetails).toEqual([]);
  expect(document.applicant.phone.verified).toBe(false);
});

test('FULL_SSN: the full SSN after the last four failed (US en-US, terminal)', async ({ page }) => {
  const persona = us('terminal', '0008');
  const { locale } = persona;
  await arrive(page, persona);
  await apply(page, persona);

  await expectHeading(page, locale, 'signup.fullSsn.title');
  await expectNoAxeViolations(page);
  const ssn = page.getByLabel(labelled(locale, 'signup.fullSsn.ssn.label'));
  await ssn.fill('000-00-0000');
  await page.getByRole('button', { name: text(locale, 'signup.fullSsn.submit') }).click();
  await expect(page.getByRole('alert')).toContainText(text(locale, 'validation.ssn'));
  await ssn.fill('512-34-5678');
  await page.getByRole('button', { name: text(locale, 'signup.fullSsn.submit') }).click();

  await expectHeading(page, locale, 'signup.approvedPending.title');
  const document = await stored(page);
  expect(document.applicant.governmentIdentification).toMatchObject({ sourceType: 'SSN9', type: 'INDIVIDUAL' });
  expect(document.applicant.governmentIdentification.value).not.toContain('51234');
  expect(document.application.stepUpDetails).toEqual([]);
  const storage = await page.evaluate(
    () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
  );
  expect(storage).not.toContain('5678');
});

test('GOV_ID_SELFIE: photo ID with selfie through the identity provider, polled until received (Canada fr-CA, domain)', async ({
  page,
}) => {
  const persona = ca('fr-CA', 'domain', '130740004');
  const { locale } = persona;
  await arrive(page, persona);
  await apply(page, persona);

  await expectHeading(page, locale, 'signup.identification.title');
  await expect(page.getByRole('main').getByRole('listitem')).toHaveText([
    text(locale, 'signup.identification.points.document'),
    text(locale, 'signup.identification.points.device'),
    text(locale, 'signup.identification.points.time'),
  ]);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: text(locale, 'signup.identification.submit') }).click();

  // The identity provider's capture page (the sandbox inquiry): the documents are received.
  await expect(page).toHaveURL(/\/sandbox\/inquiry\/inq_\w+\?token=/);
  await page.locator('#outcome-RECEIVED').check();
  await page.locator('form button[type="submit"]').click();

  // Back in the app: the inquiry is polled, answers the step-up, and the applicant goes on.
  await expectHeading(page, locale, 'signup.approvedPending.title');
  const document = await stored(page);
  expect(document.application.stepUpDetails).toEqual([]);
  expect(document.applicant.personaInquiryId).toMatch(/^inq_/);
});

test('EIN_DOC: business document inquiry times out, back to the launch, do this later (US en-US, terminal, registered)', async ({
  page,
}) => {
  const persona = us('terminal', '0006', { registered: true });
  const { locale } = persona;
  await arrive(page, persona);
  await apply(page, persona);

  await expectHeading(page, locale, 'signup.verification.title');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: text(locale, 'signup.verification.submit') }).click();
  await expect(page).toHaveURL(/\/sandbox\/inquiry\//);
  await page.locator('#outcome-TIMEOUT').check();
  await page.locator('form button[type="submit"]').click();
  // A timed-out inquiry brings the applicant back to the launch, to try again or do it later.
  await expectHeading(page, locale, 'signup.verification.title');
  await page.getByRole('button', { name: text(locale, 'signup.verification.later') }).click();
  await expectHeading(page, locale, 'signup.approvedPending.title');
});

test('EIN_DOC: the business document uploaded instead, a text file refused with the message the API uses, a PDF sent (US en-US, domain)', async ({
  page,
}) => {
  const persona = us('domain', '0006');
  const { locale } = persona;
  await arrive(page, persona);
  await apply(page, persona);

  await expectHeading(page, locale, 'signup.verification.title');
  await page.getByRole('button', { name: text(locale, 'signup.verification.upload') }).click();
  await expectHeading(page, locale, 'signup.verificationUpload.title');
  await expectNoAxeViolations(page);
  const input = page.getByRole('button', { name: text(locale, 'signup.verificationUpload.document.label') });
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await page.getByRole('button', { name: text(locale, 'signup.verificationUpload.submit') }).click();
  await expect(page.getByRole('alert')).toContainText(text(locale, 'validation.document'));
  await photograph(page, process.env.SHOTS_DIR, `${locale}-verificationUpload-refused`);
  await expectNoAxeViolations(page);

  const answered = page.waitForResponse((res) => res.url().endsWith('/step-ups/verification-document'));
  await input.setInputFiles({ name: 'letter.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await page.getByRole('button', { name: text(locale, 'signup.verificationUpload.submit') }).click();
  expect((await answered).status()).toBe(200);
  // No step-up left: the approved-pending outcome, as after the capture (the step-up is answered on the API).
  await expectHeading(page, locale, 'signup.approvedPending.title');
  expect((await stored(page)).application.stepUpDetails).toEqual([]);
});

test('BUSINESS_INFO: double-check with the explainer modal, correct and confirm (Canada en-CA, terminal)', async ({
  page,
}) => {
  const persona = ca('en-CA', 'terminal', '130750003');
  const { locale } = persona;
  await arrive(page, persona);
  await apply(page, persona);

  await expectHeading(page, locale, 'signup.businessInfo.title');
  const legalName = page.getByLabel(labelled(locale, 'signup.businessInfo.legalName.label'));
  await expect(legalName).toHaveValue(persona.businessName);
  await expect(page.getByLabel(labelled(locale, 'signup.businessInfo.province.label'))).toHaveValue(/\d+/);

  const why = page.getByRole('button', { name: text(locale, 'signup.businessInfo.why.label') });
  await why.click();
  const dialog = page.getByRole('dialog', { name: text(locale, 'signup.businessInfo.explainer.title') });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(text(locale, 'signup.businessInfo.explainer.fix'));
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(why).toBeFocused();

  await legalName.fill('x');
  await page.getByRole('button', { name: text(locale, 'signup.businessInfo.submit') }).click();
  await expect(page.getByRole('alert')).toBeFocused();
  await legalName.fill('Boulangerie Émilie Ltée');
  await page.getByRole('button', { name: text(locale, 'signup.businessInfo.submit') }).click();

  await expectHeading(page, locale, 'signup.approvedPending.title');
  const document = await stored(page);
  expect(document.company.name).toBe('Boulangerie Émilie Ltée');
  expect(document.application.stepUpDetails).toEqual([]);
});

test('FULL_ONBOARDING: the verifying screen polls, and the applicant may come back later (Canada fr-CA, terminal)', async ({
  page,
}) => {
  const persona = ca('fr-CA', 'terminal', '130710007');
  const { locale } = persona;
  await arrive(page, persona);
  const reads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && /\/api\/v2\/applications\/urn/.test(request.url())) reads.push(request.url());
  });
  await apply(page, persona);

  await expectHeading(page, locale, 'signup.fullOnboarding.title');
  // doc1 §2.4: verifying names the step-up it waits on.
  await expect(page).toHaveURL(/\/verifying\?step-up=FULL_ONBOARDING$/);
  const before = reads.length;
  await expect.poll(() => reads.length, { timeout: 5000 }).toBeGreaterThan(before + 1); // polled each second
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: text(locale, 'signup.fullOnboarding.later') }).click();
  await expectHeading(page, locale, 'signup.approvedPending.title');
});

test('tax information page: full EIN and legal name, exempt from sign-on, refuses bad input (en-US)', async ({
  page,
}) => {
  const persona = us('domain', '4321', { businessName: 'Jane Doe Bakery APPROVED LLC' });
  const { locale } = persona;
  await arrive(page, persona);
  await apply(page, persona);
  await expectHeading(page, locale, 'signup.approved.title');
  const id = new URL(page.url()).pathname.split('/')[1];

  await page.goto(`/${id}/tax-information?type=ein`);
  await expectHeading(page, locale, 'signup.taxInformation.title');
  await page.getByLabel(labelled(locale, 'signup.taxInformation.ein.label')).fill('111111111');
  await page.getByRole('button', { name: text(locale, 'signup.taxInformation.submit') }).click();
  await expect(page.getByRole('alert')).toBeFocused();
  await expect(page.getByRole('alert')).toContainText(text(locale, 'validation.ein.incorrect'));
  await expectNoAxeViolations(page);

  await page.getByLabel(labelled(locale, 'signup.taxInformation.ein.label')).fill('274815963');
  await page.getByLabel(labelled(locale, 'signup.taxInformation.legalBusinessName.label')).fill('Jane Doe Bakery LLC');
  await page.getByRole('button', { name: text(locale, 'signup.taxInformation.submit') }).click();
  await expectHeading(page, locale, 'signup.taxInformationReceived.title');
  expect((await stored(page)).company.governmentIdentification).toMatchObject({ sourceType: 'FEIN' });

  // Without a session the page still shows (doc1 §2.2).
  await page.context().clearCookies();
  await page.goto(`/${id}/tax-information`);
  await expectHeading(page, locale, 'signup.taxInformation.title');
  await expect(page.getByLabel(labelled(locale, 'signup.taxInformation.ssn.label'))).toBeVisible();
});

test('PHONE_AUTH: the link texted to the phone, opened on a second device, completes the first; a second opening says it was already used (US en-US, domain)', async ({
  page,
  browser,
}) => {
  const persona = us('domain', '0009');
  const { locale } = persona;
  await arrive(page, persona);
  await apply(page, persona);

  // doc1 §4.2: PHONE_AUTH goes to the code screen unless mobile verification applies (phone auth on, not CAD); the
  // phone link is mobile verification's fallback (doc1 §4.5), opened here by its address.
  await expectHeading(page, locale, 'signup.otp.title');
  await page.goto(`/${new URL(page.url()).pathname.split('/')[1]}/phone-auth`);
  await expectHeading(page, locale, 'signup.phoneAuth.title');
  // What the applicant reads: where the link goes, by the last four digits only (the number is masked).
  const last4 = mobileOf(persona).slice(-4);
  await expect(page.getByText(text(locale, 'signup.phoneAuth.text', { last4 }))).toBeVisible();
  await expect(page.getByText(/512\D*555\D*0147/)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: text(locale, 'signup.phoneAuth.submit') }).click();
  await expectHeading(page, locale, 'signup.phoneAuthSent.title');
  await expect(page.getByText(text(locale, 'signup.phoneAuthSent.text', { last4 }))).toBeVisible();
  const resend = page.getByRole('button', { name: text(locale, 'signup.phoneAuthSent.resend') });
  await expect(resend).toBeDisabled();
  await expect(page.getByText(/You can ask for a new link in \d+ seconds?\./)).toBeVisible();
  await expectNoAxeViolations(page);

  // The phone: another browser context, with no session, opens the link from the text message.
  const sms = await newestMessage(page, mobileOf(persona));
  expect(sms.link).toMatch(/\/phone-auth\/confirmation\?vfp=/);
  // The text message names the brand and says how long the link lasts (issue 27.5), as the phone shows it.
  expect(sms.text).toContain(
    text(locale, 'outbox.sms.phoneLink', { link: sms.link!, minutes: 5 }).split(sms.link!)[0]!.trim(),
  );
  expect(sms.text).toContain(
    text(locale, 'outbox.sms.phoneLink', { link: sms.link!, minutes: 5 }).split(sms.link!)[1]!.trim(),
  );
  const phone = await browser.newContext();
  try {
    const other = await phone.newPage();
    await other.goto(new URL(sms.link!, page.url()).href);
    await expectHeading(other, locale, 'signup.phoneAuthComplete.title');
    await expect(other.getByText(text(locale, 'signup.phoneAuthComplete.text'))).toBeVisible();
    await expect(other.locator('html')).toHaveAttribute('lang', locale);
    await expectNoAxeViolations(other);

    // The first device was polling: it goes on by itself.
    await expectHeading(page, locale, 'signup.approvedPending.title');
    await expect(page.getByText(text(locale, 'signup.phoneAuthSent.text', { last4 }))).toHaveCount(0);
    const document = await stored(page);
    expect(document.application.stepUpDetails).toEqual([]);
    expect(document.applicant.phone.verified).toBe(true);

    // The link works once, and opened again says it was already used, not that it expired (issue 27.5).
    await other.goto(new URL(sms.link!, page.url()).href);
    await expectHeading(other, locale, 'signup.phoneAuthUsed.title');
    await expect(other.getByText(text(locale, 'signup.phoneAuthUsed.text'))).toBeVisible();
    await expectNoAxeViolations(other);
  } finally {
    await phone.close();
  }
});
