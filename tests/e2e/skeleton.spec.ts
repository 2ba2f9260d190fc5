/**
 * The walking skeleton (issue 2): a new user on the US domain portal in en-US signs in, applies, is approved,
 * links a bank account manually and completes — reloading midway — and the API holds what they typed. Then
 * (issue 10) every place a secret could leak to is searched for the SSN, EIN and bank account number typed:
 * local and session storage, cookies, the analytics data layer, every analytics payload sent to the API (the
 * server stores a subset of each, after removing more) and the server's log lines for this journey.
 */
import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures/transitions.ts';
import { expectNoAxeViolations, newEmail, registerFromSignOn } from './support.ts';
import { chooseByKeyboard } from './journey.ts';

/** A number as typed and as it might be formatted, found only where no other digit touches it. */
function leaks(haystack: string, numbers: string[]): string[] {
  return numbers.filter((n) => new RegExp(`(?<!\\d)${n.split('').join('[\\s.-]?')}(?!\\d)`).test(haystack));
}

/** The server's log lines written since `offset`, without the fields that are counters or clocks. */
function serverLogSince(offset: number): { lines: number; text: string } {
  const path = process.env.E2E_SERVER_LOG;
  if (!path) throw new Error('E2E_SERVER_LOG is not set (playwright.config.ts sets it)');
  const lines = readFileSync(path, 'utf8').slice(offset).split('\n').filter(Boolean);
  const kept = lines.map((line) => {
    try {
      const { time, pid, hostname, reqId, responseTime, ...rest } = JSON.parse(line) as Record<string, unknown>;
      void [time, pid, hostname, reqId, responseTime];
      return JSON.stringify(rest).replace(/"id":"req-[\w-]+"/g, '');
    } catch {
      return line;
    }
  });
  return { lines: lines.length, text: kept.join('\n') };
}

test('a new applicant goes from landing to complete, and a reload resumes where they were', async ({ page }) => {
  const csp: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) csp.push(message.text());
  });
  const analytics: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/v2/analytics') analytics.push(request.postData() ?? '');
  });
  const logStart = readFileSync(process.env.E2E_SERVER_LOG ?? '', 'utf8').length;

  await page.goto('/');
  const accountEmail = newEmail();
  await registerFromSignOn(page, accountEmail);

  await expect(page.getByRole('heading', { level: 1, name: 'Get paid your way' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Get started' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Tell us about yourself' })).toBeVisible();
  await expect(page).toHaveURL(/\/urn:app:[\w-]+\/update$/); // doc1 §2.6: the older form outside the reseller portal
  const applicationId = decodeURIComponent(new URL(page.url()).pathname.split('/')[1]);

  // The email comes from the sign-on account; an empty submit shows the error summary, focused, with a link per
  // field still empty (first name, last name, email confirmation).
  await expect(page.getByLabel(/^Email address/)).toHaveValue(accountEmail);
  await page.getByRole('button', { name: 'Continue' }).click();
  const summary = page.getByRole('alert');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveCount(3);
  await expectNoAxeViolations(page);

  await page.getByLabel('Legal first name').fill('Jane');
  await page.getByLabel('Legal last name').fill('Doe');
  await page.getByLabel(/^Email address/).fill('jane.doe@example.com');
  await page.getByLabel('Confirm email address').fill('jane.doe@example.com');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'About your business' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await page.getByLabel('Yes, it has an Employer Identification Number (EIN)').check();
  await page.getByLabel('Legal business name').fill('Jane Doe Bakery LLC');
  // doc2 §5: required in the older form.
  await page.getByLabel(/^Business phone/).fill('5125550147');
  await page.getByLabel('No, no one else owns 25% or more').check();
  await page.getByLabel('Business street address').fill('123 Main Street');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State').selectOption({ label: 'Texas' });
  await page.getByLabel('ZIP code').fill('78701');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Your Employer Identification Number' })).toBeVisible();
  await page.getByLabel('Employer Identification Number (EIN)').fill('274815963');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'What does your business do?' })).toBeVisible();

  // Reload midway: the applicant comes back to the same screen, and the earlier answers are on the server.
  await page.reload();
  // The server draws the heading before any script runs (engine/screens/frame-markup.ts); the engine has the screen
  // once it has moved focus to the heading. Going back before that raced the page's own load.
  await expect(page.getByRole('heading', { level: 1, name: 'What does your business do?' })).toBeFocused();
  await page.goBack();
  await page.goBack();
  await expect(page.getByLabel('Legal business name')).toHaveValue('Jane Doe Bakery LLC');
  await page.goForward();
  await page.goForward();

  await chooseByKeyboard(page, page.getByLabel('Business category'), 'Bakery');
  await page.getByLabel('Business website').fill('www.janedoebakery.com');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Verify your identity' })).toBeVisible();
  await page.getByLabel('Date of birth').fill('04/12/1985');
  await page.getByLabel('Last 4 digits of your SSN').fill('4321');
  await page.getByLabel('Mobile phone number').fill('(512) 555-0147');
  await page.getByLabel('Home street address').fill('456 Oak Avenue');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('State').selectOption({ label: 'Texas' });
  await page.getByLabel('ZIP code').fill('78702');
  await page.getByRole('button', { name: 'Continue' }).click();
  // Check your answers, then accept the terms, which sends the application (issue 22.8).
  await expect(page.getByRole('heading', { level: 1, name: 'Check your answers' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel(/^I have read and accept the terms of service/).check();
  await page.getByRole('button', { name: 'Accept and send application' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'You’re approved!' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Link a bank account' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Link your bank account' })).toBeVisible();
  await page.getByRole('button', { name: 'Enter bank details manually' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your bank account' })).toBeVisible();
  await page.getByLabel('Account holder name').fill('Jane Doe Bakery LLC');
  await page.getByLabel('Checking').check();
  await page.getByLabel('Routing number').fill('021000021');
  await page.getByLabel(/^Account number/).fill('000123456789');
  await page.getByLabel('Confirm account number').fill('000123456780');
  await page.getByRole('button', { name: 'Save bank account' }).click();
  await expect(page.getByRole('alert')).toContainText('Account number is not matching, please verify');
  await page.getByLabel('Confirm account number').fill('000123456789');
  await page.getByRole('button', { name: 'Save bank account' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'You’re all set' })).toBeVisible();
  await expectNoAxeViolations(page);

  // What the API stored, read with the applicant's own session.
  const response = await page.request.get(`/api/v2/applications/${encodeURIComponent(applicationId)}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(response.status()).toBe(200);
  const stored = await response.json();
  expect(stored.applicant.name).toEqual({ firstName: 'Jane', lastName: 'Doe' });
  expect(stored.applicant.email.emailAddress).toBe('jane.doe@example.com');
  expect(stored.company.name).toBe('Jane Doe Bakery LLC');
  expect(stored.company.address).toMatchObject({
    line1: '123 Main Street',
    city: 'Austin',
    territory: 'TX',
    zip: '78701',
  });
  expect(stored.company.segment).toMatch(/^\d{4}$/);
  expect(stored.application.decision).toBe('APPROVED');
  expect(stored.bank.account.accountType).toBe('CHECKING');
  expect(stored.bank.account.accountNumber).not.toContain('000123456789');

  // Nothing sensitive reached browser storage.
  const storage = await page.evaluate(
    () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
  );
  for (const secret of ['4321', '000123456789', '04/12/1985', '274815963']) expect(storage).not.toContain(secret);
  expect(csp).toEqual([]);

  // Searched, not assumed: each place holds something from this journey, and none of the numbers typed.
  const typed = ['4321', '274815963', '000123456789'];
  const cookies = JSON.stringify(await page.context().cookies());
  expect(cookies).toContain('onb_session');
  expect(leaks(cookies, typed)).toEqual([]);
  const dataLayer = await page.evaluate(() =>
    JSON.stringify((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []),
  );
  expect(JSON.parse(dataLayer).length).toBeGreaterThan(0);
  expect(leaks(dataLayer, typed)).toEqual([]);
  expect(analytics.length).toBeGreaterThan(0);
  expect(leaks(analytics.join('\n'), typed)).toEqual([]);
  // The log is written by another process: wait until this journey's last request is in it.
  await expect
    .poll(
      () =>
        serverLogSince(logStart).text.includes(encodeURIComponent(applicationId)) ||
        serverLogSince(logStart).text.includes(applicationId),
    )
    .toBe(true);
  const log = serverLogSince(logStart);
  expect(log.lines).toBeGreaterThan(20);
  expect(leaks(log.text, typed)).toEqual([]);
});
