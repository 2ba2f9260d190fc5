/**
 * Mobile verification in a journey (issue 28 item 11; doc1 §4.2 'OTP_SMS or PHONE_AUTH: otp; or mobile-verification
 * when phone auth is on and currency is not CAD', §4.5 and doc2 §7 Phone authentication 'Mobile verification fetches a
 * fingerprint from a URL; if absent or not SUCCESS it falls back to the phone-auth screen'). The sandbox co-brand
 * phone-shop (rules/accounts.json) turns phone authentication on; applications are seeded with their phone step-up
 * (the last four digits of the SSN, server/README.md) and resumed through that co-brand, so the routing table, not an
 * address typed by hand, opens mobile verification. The sandbox carrier (rules/sandbox.json) vouches for every mobile
 * except one ending in 0000.
 */
import { expect, test, type Page } from './fixtures/transitions.ts';
import { applicationBody, call, seeded, signedIn } from './fixtures/seed.ts';
import { text, type Locale } from './journey.ts';

const locale: Locale = 'en-US';

// The last journey makes the carrier address answer 503 on purpose: the browser logs that answer, which is expected.
test.use({ consoleAllowed: [/^Failed to load resource: the server responded with a status of 503 /] });

async function heading(page: Page, key: string): Promise<void> {
  const found = page.getByRole('heading', { level: 1, name: text(locale, key), exact: true });
  await expect(found).toBeVisible();
  await expect(found).toBeFocused();
}

/** An onboarded US application whose step-up is the one of `last4` (0005 OTP_SMS, 0009 PHONE_AUTH). */
async function withPhoneStepUp(page: Page, last4: string, mobile?: string): Promise<string> {
  const body = applicationBody('US', last4);
  if (mobile) (body.applicant as { phone: { localPhoneNumber: string } }).phone.localPhoneNumber = mobile;
  const id = await seeded(page, body);
  const types = (
    (await call(page, 'GET', `/api/v2/applications/${encodeURIComponent(id)}`)).application.stepUpDetails as Array<{
      type: string;
    }>
  ).map((s) => s.type);
  expect(types).toContain(last4 === '0005' ? 'OTP_SMS' : 'PHONE_AUTH');
  return id;
}

const phoneStepUps = async (page: Page, id: string) =>
  (
    (await call(page, 'GET', `/api/v2/applications/${encodeURIComponent(id)}`)).application.stepUpDetails as Array<{
      type: string;
    }>
  )
    .map((s) => s.type)
    .filter((type) => type === 'OTP_SMS' || type === 'PHONE_AUTH');

test.beforeEach(async ({ page }) => {
  await signedIn(page, 'US', locale);
});

for (const [kind, last4] of [
  ['PHONE_AUTH', '0009'],
  ['OTP_SMS', '0005'],
] as const) {
  test(`${kind} with phone authentication on, in dollars: the carrier vouches for the mobile and the step-up is done`, async ({
    page,
  }) => {
    const id = await withPhoneStepUp(page, last4);
    const visited: string[] = [];
    // Every page the browser loads, redirects included (the carrier answers with a redirect back).
    page.on('request', (request) => {
      if (request.isNavigationRequest()) visited.push(new URL(request.url()).pathname + new URL(request.url()).search);
    });
    await page.goto(`/r/phone-shop/${id}/resume`);
    // The routing table chooses mobile verification, which has no fingerprint yet: the carrier is asked for one and
    // sends the browser back with it; SUCCESS clears the step-up and the applicant goes on to the outcome.
    await expect(page).toHaveURL(new RegExp(`/${id}/success$`), { timeout: 20_000 });
    expect(visited.some((path) => path.startsWith('/sandbox/carrier/'))).toBe(true);
    expect(visited.some((path) => new RegExp(`^/${id}/mobile-verification\\?vfp=[\\w-]+$`).test(path))).toBe(true);
    expect(await phoneStepUps(page, id)).toEqual([]);
  });
}

test('a mobile the carrier does not vouch for falls back to the phone link', async ({ page }) => {
  const id = await withPhoneStepUp(page, '0009', '5125550000');
  await page.goto(`/r/phone-shop/${id}/resume`);
  await expect(page).toHaveURL(new RegExp(`/${id}/phone-auth$`));
  await heading(page, 'signup.phoneAuth.title');
  expect(await phoneStepUps(page, id)).toEqual(['PHONE_AUTH']);
});

test('when the carrier cannot be reached, a link by text message is offered instead', async ({ page }) => {
  const id = await withPhoneStepUp(page, '0009');
  await page.route('**/phone-auth/verification-url**', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"errors":[]}' }),
  );
  await page.goto(`/r/phone-shop/${id}/resume`);
  await expect(page).toHaveURL(new RegExp(`/r/phone-shop/${id}/mobile-verification/start$`));
  await expect(page.getByText(text(locale, 'signup.mobileVerificationStart.error'))).toBeVisible();
  await page
    .getByRole('button', { name: text(locale, 'signup.mobileVerificationStart.link'), exact: true })
    .or(page.getByRole('link', { name: text(locale, 'signup.mobileVerificationStart.link'), exact: true }))
    .click();
  await expect(page).toHaveURL(new RegExp(`/r/phone-shop/${id}/phone-auth$`));
  await heading(page, 'signup.phoneAuth.title');
});
