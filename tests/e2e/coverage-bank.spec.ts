/**
 * Coverage journeys (issue 10): the rows of the money-after-bank table the bank journeys (money.spec.ts) do not
 * take, and "do this later". An approved application is seeded through the API (sandbox: no trigger is
 * APPROVED; SSN last four 0002 asks to verify the partners, so the beneficial-owner status is not NONE) and its
 * bank screen opened directly; the bank details are typed as an applicant would. The screen reached is checked by
 * its address and focused heading in the persona's locale.
 */
import { expect, test, type Page } from './fixtures/transitions.ts';
import { applicationBody, open, seeded, signedIn } from './fixtures/seed.ts';
import { labelled, text, type Locale, type Persona } from './journey.ts';
import { expectNoAxeViolations } from './support.ts';

const locale: Locale = 'en-US';

async function at(page: Page, id: string, path: string, messages: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`/${id}/${path}$`));
  const heading = page.getByRole('heading', { level: 1, name: text(locale, `${messages}.title`), exact: true });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
}

/** Opens the manual bank form of a new application and saves a valid US checking account. */
async function saveBank(page: Page, portal: Persona['portal'], last4: string): Promise<string> {
  const id = await seeded(page, applicationBody('US', last4));
  await open(page, portal, id, 'bank/manual');
  await at(page, id, 'bank/manual', 'money.bankManual');
  await page.getByLabel(labelled(locale, 'money.bankManual.accountName.label')).fill('Jane Doe Bakery LLC');
  await page.getByLabel(labelled(locale, 'money.bankManual.accountType.options.CHECKING')).check();
  await page.getByLabel(labelled(locale, 'money.bankManual.routingNumber.label')).fill('021000021');
  await page.getByLabel(labelled(locale, 'money.bankManual.accountNumber.label')).fill('000123456789');
  await page.getByLabel(labelled(locale, 'money.bankManual.accountNumberConfirmation.label')).fill('000123456789');
  await page.getByRole('button', { name: text(locale, 'money.bankManual.submit') }).click();
  return id;
}

test('on the payments-terminal portal a saved bank account ends on "terminal account connected" (US en-US, terminal)', async ({
  page,
}) => {
  await signedIn(page, 'US', locale, 'terminal');
  const id = await saveBank(page, 'terminal', '4321');
  await at(page, id, 'connected', 'money.bankConnected');
  await expectNoAxeViolations(page);
  // Issue 22.5: the hardware order is reached by a click on this portal too.
  await page.getByRole('button', { name: text(locale, 'money.orderOffer.label') }).click();
  await expect(page).toHaveURL(new RegExp(`/${id}/order\\?then=confirmation$`));
  await expect(page.getByRole('heading', { level: 1, name: text(locale, 'money.order.title') })).toBeVisible();
});

test('with partners to verify, a saved bank account leads to the partners (US en-US, domain)', async ({ page }) => {
  await signedIn(page, 'US', locale);
  const id = await saveBank(page, 'domain', '0002');
  await at(page, id, 'owners/bank', 'owners.bank');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: text(locale, 'owners.bank.submit') }).click();
  await at(page, id, 'owners', 'owners.list');
});

test('"I’ll do this later" from the bank choice and from the manual form (US en-US, domain)', async ({ page }) => {
  await signedIn(page, 'US', locale);
  for (const path of ['bank', 'bank/manual']) {
    const id = await seeded(page, applicationBody('US', '4321'));
    await open(page, 'domain', id, path);
    await page.getByRole('button', { name: text(locale, 'money.bankOptions.later'), exact: true }).click();
    await at(page, id, 'bank/later', 'money.bankLater');
  }
});
