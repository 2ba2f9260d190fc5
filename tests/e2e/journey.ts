/**
 * Journeys as data (STYLE.md 9): a persona (market, locale, portal, sandbox triggers) is driven from landing to the
 * outcome through the real screens. Every label comes from the catalogues in locales/, so the same steps run in
 * en-US, en-CA and fr-CA and prove the words are there; every screen passed is checked with axe.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator } from '@playwright/test';
import { expect, test, type Page } from './fixtures/transitions.ts';
import { expectNoAxeViolations, photograph, newEmail, registerFromSignOn } from './support.ts';

export type Locale = 'en-US' | 'en-CA' | 'fr-CA';

export interface Persona {
  /** The beneficial-owner answer: someone else owns 25% or more (default no). */
  partners?: boolean;
  market: 'US' | 'CA';
  locale: Locale;
  portal: 'domain' | 'terminal';
  /** Legal business name; a word in capitals selects the decision (server/README.md sandbox triggers). */
  businessName: string;
  /** US: the last four digits of the SSN; Canada: the SIN. Its last four select a step-up. */
  governmentId: string;
  /** Registered business: asks the EIN (US) or corporation number (Canada) on its own screen. */
  registered?: boolean;
  /** Industry id of rules/categories.json (default 18, bakery). */
  industry?: number;
}

const catalogues = new Map<Locale, Record<string, string>>();

/** Every message of a locale, all namespaces merged, read from locales/ as the app reads them. */
export function messages(locale: Locale): Record<string, string> {
  let found = catalogues.get(locale);
  if (!found) {
    const folder = join(process.cwd(), 'locales', locale);
    found = {};
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.json'))) {
      Object.assign(
        found,
        (JSON.parse(readFileSync(join(folder, file), 'utf8')) as { messages: Record<string, string> }).messages,
      );
    }
    catalogues.set(locale, found);
  }
  return found;
}

/** A message with MessageFormat 2 placeholders left as they are (for a prefix match) or filled. */
export function text(locale: Locale, key: string, args: Record<string, string | number> = {}): string {
  const message = messages(locale)[key];
  if (message === undefined) throw new Error(`no message ${key} in ${locale}`);
  return message.replace(/\{\$(\w+)\}/g, (_m, name: string) => String(args[name] ?? `{$${name}}`));
}

/** The origin of a portal: the terminal portal's host contains the configured cookie host (rules/config.json). */
export function origin(portal: Persona['portal']): string {
  const base = String(test.info().project.use.baseURL ?? 'http://localhost:4173');
  return portal === 'terminal' ? base.replace('//localhost', '//terminal.localhost') : base;
}

/** A label that starts with the message, then its required or optional marker: never a longer label. */
export function labelled(locale: Locale, key: string): RegExp {
  return new RegExp(`^${text(locale, key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:\\s|$)`);
}

/**
 * Chooses `label` in a combobox (engine/form/grouped-select.tsx, the WAI-ARIA pattern) with the keyboard alone: the
 * first letters typed, ArrowDown until the option is the active one, Enter (issue 22: a keyboard-only journey).
 */
export async function chooseByKeyboard(page: Page, box: Locator, label: string): Promise<void> {
  await box.focus();
  await page.keyboard.type(label.slice(0, 5));
  // The list filters once typing has paused (doc2 §9 debounce): wait until the option is among the few that match.
  const list = page.locator(`[id="${await box.getAttribute('aria-controls')}"]`);
  await expect(list.getByRole('option', { name: label, exact: true }).first()).toBeVisible();
  await expect.poll(() => list.getByRole('option').count()).toBeLessThan(40);
  for (let step = 0; step < 40; step += 1) {
    await page.keyboard.press('ArrowDown');
    const active = await box.getAttribute('aria-activedescendant');
    if (active && (await page.locator(`[id="${active}"]`).textContent()) === label) break;
  }
  await page.keyboard.press('Enter');
  await expect(box).toHaveValue(label);
  await expect(box).toHaveAttribute('aria-expanded', 'false');
}

export async function expectHeading(page: Page, locale: Locale, key: string): Promise<void> {
  const heading = page.getByRole('heading', { level: 1, name: text(locale, key), exact: true });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  await screenshots(page, `${locale}-${key.replace(/^signup\./, '').replace(/\.title$/, '')}`);
}

/** With SHOTS_DIR set, each screen a journey reaches is photographed at phone and desktop widths (support.ts). */
const screenshots = (page: Page, name: string) => photograph(page, process.env.SHOTS_DIR, name);

/** Arrives on the landing page of the persona's portal, market and locale, signed up through the sandbox sign-on. */
export async function arrive(page: Page, persona: Persona): Promise<void> {
  const url = origin(persona.portal);
  await page.context().addCookies([
    { name: 'currency', value: persona.market === 'CA' ? 'CAD' : 'USD', url },
    { name: 'locale', value: persona.locale, url },
  ]);
  await page.goto(`${url}/`);
  await registerFromSignOn(page, newEmail(persona.locale));
  await expectHeading(page, persona.locale, 'signup.landing.title');
  await expect(page.locator('html')).toHaveAttribute('lang', persona.locale);
  await expectNoAxeViolations(page);
}

const address = {
  US: {
    line1: '456 Oak Avenue',
    city: 'Austin',
    region: 'TX',
    zip: '78702',
    mobile: '(512) 555-0147',
    ein: '274815963',
  },
  CA: {
    line1: '123 Rue Principale',
    city: 'Montréal',
    region: 'QC',
    zip: 'H2X 1Y4',
    mobile: '514 555 0147',
    corporation: '1234567',
  },
} as const;

/** Landing to the submitted application: the older form (doc1 §2.6 on these portals), business, category, identity,
 * the review of the answers and the terms (issue 22.8). */
export async function apply(page: Page, persona: Persona): Promise<void> {
  await fillForm(page, persona);
  await reviewAndSubmit(page, persona);
}

/** Landing to the review of the answers: the older form, business, category, identity (nothing submitted yet). */
export async function fillForm(page: Page, persona: Persona): Promise<void> {
  const { locale, market } = persona;
  const t = (key: string) => text(locale, key);
  const a = address[market];
  await page.getByRole('button', { name: t('signup.landing.submit') }).click();

  await expectHeading(page, locale, 'signup.update.title');
  await expect(page).toHaveURL(/\/urn:app:[\w-]+\/update$/);
  await page.getByLabel(labelled(locale, 'signup.update.firstName.label')).fill(market === 'CA' ? 'Émilie' : 'Jane');
  await page.getByLabel(labelled(locale, 'signup.update.lastName.label')).fill(market === 'CA' ? 'Côté' : 'Doe');
  const email = `${market.toLowerCase()}.${Date.now()}@example.com`;
  await page.getByLabel(labelled(locale, 'signup.update.email.label')).fill(email);
  await page.getByLabel(labelled(locale, 'signup.update.emailConfirmation.label')).fill(email);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: t('signup.update.submit') }).click();

  await expectHeading(page, locale, 'signup.businessDetails.title');
  const registeredKey =
    market === 'CA' ? 'signup.businessDetails.registeredCa.options' : 'signup.businessDetails.registered.options';
  await page.getByLabel(labelled(locale, `${registeredKey}.${persona.registered ? 'BUSINESS' : 'INDIVIDUAL'}`)).check();
  await page.getByLabel(labelled(locale, 'signup.businessDetails.legalName.label')).fill(persona.businessName);
  // doc2 §5: the business phone is required in the older form (optional in the multistep form): given in both, a
  // number other than the mobile (one digit on), so 'same as my mobile' stays the applicant's choice.
  await page
    .getByLabel(labelled(locale, 'signup.businessDetails.businessPhone.label'))
    .fill(a.mobile.replace(/\D/g, '').replace(/\d$/, (d) => String((Number(d) + 1) % 10)));
  await page
    .getByLabel(labelled(locale, 'signup.businessDetails.gpv.label'))
    .selectOption({ label: t(`salesRanges.${market}.${market === 'CA' ? 125000 : 100000}`) });
  await page
    .getByLabel(labelled(locale, `signup.businessDetails.beneficialOwners.options.${persona.partners ? 'YES' : 'NO'}`))
    .check();
  await page
    .getByLabel(labelled(locale, 'signup.businessDetails.line1.label'))
    .fill(market === 'CA' ? '88 Rue Sainte-Catherine' : '123 Main Street');
  await page.getByLabel(labelled(locale, 'signup.businessDetails.city.label')).fill(a.city);
  const regionLabel = t(
    market === 'CA' ? 'signup.businessDetails.province.label' : 'signup.businessDetails.state.label',
  );
  await page.getByLabel(regionLabel).selectOption({ label: t(`countries.${market}.region.${a.region}`) });
  await page
    .getByLabel(
      labelled(
        locale,
        market === 'CA' ? 'signup.businessDetails.postalCode.label' : 'signup.businessDetails.zip.label',
      ),
    )
    .fill(market === 'CA' ? 'H2X 1Y5' : '78701');
  if (market === 'CA')
    await page.getByLabel(labelled(locale, `signup.businessDetails.language.options.${locale}`)).check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: t('signup.businessDetails.submit') }).click();

  if (persona.registered) {
    const prefix = market === 'CA' ? 'signup.businessIdCa' : 'signup.businessId';
    await expectHeading(page, locale, `${prefix}.title`);
    const field = page.getByLabel(
      labelled(locale, market === 'CA' ? `${prefix}.corporationNumber.label` : `${prefix}.ein.label`),
    );
    await field.fill('12');
    await page.getByRole('button', { name: t(`${prefix}.submit`) }).click();
    await expect(page.getByRole('alert')).toBeFocused();
    await field.fill(market === 'CA' ? address.CA.corporation : address.US.ein);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: t(`${prefix}.submit`) }).click();
  }

  await expectHeading(page, locale, 'signup.category.title');
  const industry = t(`categories.industry.${persona.industry ?? 18}`);
  await chooseByKeyboard(page, page.getByLabel(labelled(locale, 'signup.category.industry.label')), industry);
  await page.getByLabel(labelled(locale, 'signup.category.website.label')).fill('www.example-bakery.com');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: t('signup.category.submit') }).click();

  await expectHeading(page, locale, 'signup.identity.title');
  // fr-CA types the date of birth YYYY/MM/DD (issue 22 defect 11), the others MM/DD/YYYY.
  await page
    .getByLabel(labelled(locale, 'signup.identity.dob.label'))
    .fill(locale === 'fr-CA' ? '1985/04/12' : '04/12/1985');
  await page
    .getByLabel(labelled(locale, market === 'CA' ? 'signup.identity.sin.label' : 'signup.identity.ssnLast4.label'))
    .fill(persona.governmentId);
  await page.getByLabel(labelled(locale, 'signup.identity.mobile.label')).fill(a.mobile);
  await page.getByLabel(labelled(locale, 'signup.identity.line1.label')).fill(a.line1);
  await page.getByLabel(labelled(locale, 'signup.identity.city.label')).fill(a.city);
  await page
    .getByLabel(labelled(locale, market === 'CA' ? 'signup.identity.province.label' : 'signup.identity.state.label'))
    .selectOption({ label: t(`countries.${market}.region.${a.region}`) });
  await page
    .getByLabel(labelled(locale, market === 'CA' ? 'signup.identity.postalCode.label' : 'signup.identity.zip.label'))
    .fill(a.zip);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: t('signup.identity.submit') }).click();
}

/** Issue 22.8: check your answers, then the terms, whose acceptance sends the application. */
export async function reviewAndSubmit(page: Page, persona: Persona): Promise<void> {
  const { locale } = persona;
  const t = (key: string) => text(locale, key);
  await expectHeading(page, locale, 'signup.review.title');
  await expect(page.getByText(persona.businessName, { exact: true })).toBeVisible();
  await expect(page.getByText(persona.governmentId, { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: t('signup.review.submit') }).click();
  await expectHeading(page, locale, 'extras.termsSubmit.title');
  await expect(page.getByRole('link', { name: t('extras.terms.privacy') })).toBeVisible();
  await page.getByLabel(labelled(locale, 'extras.termsSubmit.accepted.label')).check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: t('extras.termsSubmit.submit') }).click();
}

/** The application as the API holds it, read with the applicant's own session. */
export async function stored(page: Page): Promise<Record<string, any>> {
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/')[1]);
  // From inside the page: the browser resolves *.localhost to the loopback, Node's resolver does not.
  const answer = await page.evaluate(
    async (path) => {
      const response = await fetch(path, {
        headers: { 'X-Requested-With': 'XMLHttpRequest' },
        credentials: 'same-origin',
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    `/api/v2/applications/${encodeURIComponent(id)}`,
  );
  expect(answer.status).toBe(200);
  return answer.body as Record<string, any>;
}

/** The newest message the sandbox "sent" to a recipient (GET /sandbox/outbox, the tester's phone): its text and link. */
export async function newestMessage(page: Page, recipient: string): Promise<{ text: string; link: string | null }> {
  return page.evaluate(async (to) => {
    const response = await fetch(`/sandbox/outbox?to=${encodeURIComponent(to)}`, { credentials: 'same-origin' });
    const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
    const first = doc.querySelector('li.message');
    return { text: first?.textContent ?? '', link: first?.querySelector('a')?.getAttribute('href') ?? null };
  }, recipient);
}

/** The mobile number the journeys give, as the sandbox addresses it. */
export function mobileOf(persona: Persona): string {
  return `+1${address[persona.market].mobile.replace(/\D/g, '')}`;
}
