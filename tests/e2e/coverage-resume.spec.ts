/**
 * Coverage journeys (issue 10): the resume screen sends a returning applicant to the first thing still missing,
 * and an onboarded application through the after-onboard table to the step-up its decision asked for. Each
 * application is seeded through the API in the state under test (sandbox step-up triggers: the last four digits
 * of the SSN or SIN, server/README.md), then `/{id}/resume` is opened; the screen reached is checked by its
 * address and its focused heading in the persona's locale. The walks that lead to these states are covered by
 * the longer journeys (outcomes, step-ups).
 */
import { expect, test, type Page } from './fixtures/transitions.ts';
import { applicationBody, open, seeded, signedIn } from './fixtures/seed.ts';
import { text, type Locale, type Persona } from './journey.ts';
import { expectNoAxeViolations } from './support.ts';

/** Opens `/{id}/resume` and expects the screen at `/{id}/{path}` with the heading of `messages`. */
async function resumesTo(
  page: Page,
  portal: Persona['portal'],
  locale: Locale,
  id: string,
  path: string,
  messages: string,
): Promise<void> {
  await open(page, portal, id, 'resume');
  await expect(page).toHaveURL(new RegExp(`/${id}/${path}$`));
  const heading = page.getByRole('heading', { level: 1, name: text(locale, `${messages}.title`), exact: true });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
}

test('resume: an unfinished application opens at the first missing step (US en-US, domain)', async ({ page }) => {
  await signedIn(page, 'US', 'en-US');
  const full = applicationBody('US', '4321');
  const applicant = full.applicant as Record<string, unknown>;
  await resumesTo(page, 'domain', 'en-US', await seeded(page, {}, false), 'update', 'signup.update');
  await resumesTo(
    page,
    'domain',
    'en-US',
    await seeded(page, { applicant }, false),
    'applicant/business',
    'signup.businessDetails',
  );
  await resumesTo(
    page,
    'domain',
    'en-US',
    await seeded(page, { applicant, company: { name: 'Jane Doe Bakery LLC', currency: 'USD' } }, false),
    'applicant/category',
    'signup.category',
  );
  await resumesTo(page, 'domain', 'en-US', await seeded(page, full, false), 'applicant/identity', 'signup.identity');
});

test('resume after onboarding: the after-onboard table opens each step-up (US en-US, domain)', async ({ page }) => {
  await signedIn(page, 'US', 'en-US');
  for (const [last4, path, messages] of [
    ['0005', 'otp', 'signup.otp'],
    ['0009', 'otp', 'signup.otp'],
    ['0004', 'identification', 'signup.identification'],
    ['0008', 'ssn', 'signup.fullSsn'],
  ] as const) {
    await resumesTo(page, 'domain', 'en-US', await seeded(page, applicationBody('US', last4)), path, messages);
  }
  await expectNoAxeViolations(page);
});

test('resume after onboarding: the after-onboard table opens each step-up (Canada fr-CA, terminal)', async ({
  page,
}) => {
  await signedIn(page, 'CA', 'fr-CA', 'terminal');
  for (const [sin, path, messages] of [
    ['130720006', 'verification', 'signup.verification'],
    ['130710007', 'verifying\\?step-up=FULL_ONBOARDING', 'signup.fullOnboarding'],
    ['130750003', 'business-info', 'signup.businessInfo'],
    ['130690001', 'owners', 'owners.list'],
  ] as const) {
    await resumesTo(page, 'terminal', 'fr-CA', await seeded(page, applicationBody('CA', sin)), path, messages);
  }
  await expectNoAxeViolations(page);
});
