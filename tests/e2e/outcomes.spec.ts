/**
 * Issue 6: one journey per outcome (doc1 §4.1, §4.4), from landing to the outcome screen, chosen by the sandbox
 * decision triggers in the legal business name (server/README.md), across markets, locales and portals.
 */
import { expect, test } from './fixtures/transitions.ts';
import { expectNoAxeViolations } from './support.ts';
import { apply, arrive, expectHeading, stored, text, type Persona } from './journey.ts';

interface OutcomeCase {
  name: string;
  persona: Persona;
  heading: string;
  decision: string;
  /** The outcome's primary action, if it has one, and the screen it leads to. */
  then?: { button: string; heading: string };
  /** The notice shown when the applicant stays where they are (doc1 §4.3 row 5), instead of an outcome screen. */
  notice?: string;
}

const cases: OutcomeCase[] = [
  {
    name: 'approved, US en-US, domain portal, registered with an EIN',
    persona: {
      market: 'US',
      locale: 'en-US',
      portal: 'domain',
      businessName: 'Jane Doe Bakery APPROVED LLC',
      governmentId: '4321',
      registered: true,
    },
    heading: 'signup.approved.title',
    decision: 'APPROVED',
    then: { button: 'signup.approved.submit', heading: 'money.bankOptions.title' },
  },
  {
    name: 'approved-pending, US en-US, terminal portal',
    persona: {
      market: 'US',
      locale: 'en-US',
      portal: 'terminal',
      businessName: 'Acme APPROVEDPENDING Co',
      governmentId: '4321',
    },
    heading: 'signup.approvedPending.title',
    decision: 'APPROVED_PENDING',
    then: { button: 'signup.approvedPending.submit', heading: 'money.bankOptions.title' },
  },
  {
    // doc1 §4.3 row 5: a decision still pending on a portal other than the reseller's 'stays put': the applicant
    // stays on the screen they submitted, told the application is in review.
    name: 'pending, Canada fr-CA, domain portal, registered with a corporation number: stays put',
    persona: {
      market: 'CA',
      locale: 'fr-CA',
      portal: 'domain',
      businessName: 'Boulangerie Émilie PENDING',
      governmentId: '130692544',
      registered: true,
    },
    // Row 5 stays on the screen that sent the application: the terms, accepted, after the review (issue 22.8).
    heading: 'extras.termsAccepted.title',
    decision: 'PENDING',
    notice: 'signup.pendingReview.notice',
  },
  {
    name: 'cannot offer payments, Canada en-CA, terminal portal',
    persona: {
      market: 'CA',
      locale: 'en-CA',
      portal: 'terminal',
      businessName: 'Maple DECLINED Goods',
      governmentId: '130692544',
    },
    heading: 'signup.declined.title',
    decision: 'DECLINED',
  },
  {
    name: 'error, Canada fr-CA, terminal portal',
    persona: {
      market: 'CA',
      locale: 'fr-CA',
      portal: 'terminal',
      businessName: 'Atelier ERROR Inc',
      governmentId: '130692544',
    },
    heading: 'signup.error.title',
    decision: 'ERROR',
  },
  {
    name: 'approved, Canada en-CA, domain portal, a restaurant (MCC 5812, doc2 §9)',
    persona: {
      market: 'CA',
      locale: 'en-CA',
      portal: 'domain',
      businessName: 'Maple APPROVED Bistro',
      governmentId: '130692544',
      industry: 1,
    },
    heading: 'signup.approved.title',
    decision: 'APPROVED',
    then: { button: 'signup.approved.submit', heading: 'money.bankOptions.title' },
  },
];

for (const outcome of cases) {
  test(`outcome: ${outcome.name}`, async ({ page }) => {
    const { persona } = outcome;
    await arrive(page, persona);
    await apply(page, persona);
    if (outcome.notice) {
      await expect(page.getByRole('status').filter({ hasText: text(persona.locale, outcome.notice) })).toBeVisible();
      await expect(page).toHaveURL(/\/terms\?submit=true$/);
      await expect(
        page.getByRole('heading', { level: 1, name: text(persona.locale, outcome.heading), exact: true }),
      ).toBeVisible();
    } else await expectHeading(page, persona.locale, outcome.heading);
    await expectNoAxeViolations(page);

    const document = await stored(page);
    expect(document.application.decision).toBe(outcome.decision);
    expect(document.company.currency).toBe(persona.market === 'CA' ? 'CAD' : 'USD');
    expect(document.company.governmentIdentification?.type).toBe(persona.registered ? 'BUSINESS' : 'INDIVIDUAL');
    if (persona.market === 'CA') {
      expect(document.applicant.communicationLanguage).toBe(persona.locale);
      expect(document.applicant.address).toMatchObject({ territory: 'QC', countryCode: 'CA' });
      expect(document.company.gpv).toBe(125000);
    } else {
      expect(document.applicant.address).toMatchObject({ state: 'TX', countryCode: 'US' });
      expect(document.company.gpv).toBe(100000);
    }
    expect(document.company.segment).toBe(persona.industry === 1 ? '5812' : '5462');
    if (persona.registered)
      expect(document.company.governmentIdentification.sourceType).toBe(persona.market === 'CA' ? 'CN' : 'FEIN');

    if (outcome.then) {
      await page.getByRole('button', { name: text(persona.locale, outcome.then.button) }).click();
      await expectHeading(page, persona.locale, outcome.then.heading);
    }
  });
}
