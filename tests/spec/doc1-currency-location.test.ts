/**
 * doc1 §4.8 Currency and location, and the doc1 §2.7 screens that serve it and KYC/KYB, transcribed row by row:
 * each row builds the situation the spec describes (tests/spec/tables.ts contextFor) and asks the engine's real
 * routing over the real content (flows/, rules/) where the applicant goes. The spec names the screens by their
 * purpose ('country switcher with yes or no confirmation', 'location-change confirmation popup', 'breather page',
 * 'KYC/KYB page'), so each row finds the screen by its route, never by a list of our own.
 * (Currency overlap, the second bullet of §4.8, is rules/accounts.json currencyOverlap: unit/accounts/rules.test.ts.)
 */
import { nextTarget } from '../../engine/flow/runner.ts';
import { resolveScreen } from '../../engine/content/resolve.ts';
import { evaluate } from '../../engine/conditions/index.ts';
import type { TransitionRow } from '../../engine/content/types.ts';
import { bundle, contextFor, screen, specRoute } from './tables.ts';

type Context = Record<string, unknown>;
const engineBundle = bundle as unknown as Parameters<typeof nextTarget>[2];

/** Where the rows lead in the context: the spec's route of the screen and the address's query. */
function lead(rows: readonly TransitionRow[] | undefined, context: Context): { route: string; query: string } {
  const target = nextTarget(rows, context, engineBundle);
  if (!target || !('screen' in target) || !target.screen) throw new Error('the rows neither move nor stay');
  return { route: specRoute(target.screen), query: target.href.split('?')[1] ?? '' };
}

/** The context of a screen (its own query added), resolved as the engine shows it. */
function shown(id: string, context: Context) {
  return resolveScreen(screen(id), context);
}

/** The secondary actions a screen shows in a context (those whose `when` holds). */
function visibleSecondary(id: string, context: Context) {
  return (shown(id, context).secondary ?? []).filter(
    (action) => action.when === undefined || evaluate(action.when, context),
  );
}

const withQuery = (context: Context, query: Record<string, string>): Context => ({
  ...context,
  query: { ...(context.query as Record<string, string>), ...query },
});
const withForm = (context: Context, form: Record<string, unknown>): Context => ({ ...context, form });

/** doc1 §2.3: the root, 'landing: multistep start, or the old signup form'. */
const ROOT = '/';
/** The country switcher and its confirmation: found by the route of the header's country link (rules/shell.json). */
const SWITCHER = specRoute(
  (bundle.shell as unknown as { headerLinks: Array<{ id: string; to: string }> }).headerLinks.find(
    (link) => link.id === 'chooseCountry',
  )!.to,
);

describe('doc1 §4.8: changing country, location or currency requires confirming and starting a new application', () => {
  for (const currency of ['USD', 'CAD'] as const) {
    const context = contextFor({ currency, level: 'FULL' });
    const other = currency === 'USD' ? 'CA' : 'US';
    const own = currency === 'USD' ? 'US' : 'CA';

    // Reachable from the flow: the business address screen (doc1 §2.7 'Business address') offers the change.
    it(`${currency}: the business details and address screen offers exactly one way to change the country, to the switcher`, () => {
      const offers = visibleSecondary('business-details', context).filter(
        (action) => action.next && lead(action.next, context).route === SWITCHER,
      );
      expect(offers).toHaveLength(1);
      // It runs no call: leaving to choose a country saves nothing of the current application.
      expect(offers[0]!.actions ?? []).toEqual([]);
    });

    // Choosing the other country does not switch yet: the yes-or-no confirmation comes first.
    it(`${currency}: choosing the other country in the switcher asks for the confirmation, not the switch`, () => {
      const target = nextTarget(screen('country-switcher').next, withForm(context, { country: other }), engineBundle);
      const to = lead(screen('country-switcher').next, withForm(context, { country: other }));
      expect([ROOT, SWITCHER]).not.toContain(to.route);
      expect(to.query).toBe(`country=${other}`);
      // The confirmation is a yes or no: its primary action and one other.
      const confirmation = shown((target as { screen: string }).screen, withQuery(context, { country: other }));
      expect(confirmation.secondary ?? []).toHaveLength(1);
    });

    // Keeping one's own country is no change: nothing to confirm, back to the start as it was (no currency chosen).
    it(`${currency}: keeping its own country changes nothing`, () => {
      expect(lead(screen('country-switcher').next, withForm(context, { country: own }))).toEqual({
        route: ROOT,
        query: '',
      });
    });

    // Yes: a new application in the chosen country's currency starts (the root, with that currency).
    it(`${currency}: yes on the confirmation starts over in the other country's currency`, () => {
      const confirming = withQuery(context, { country: other });
      expect(lead(screen('country-confirm').next, confirming)).toEqual({
        route: ROOT,
        query: `currency=${other === 'CA' ? 'CAD' : 'USD'}`,
      });
    });

    // No: nothing changes, the currency is not touched.
    it(`${currency}: no on the confirmation keeps the country and currency`, () => {
      const confirming = withQuery(context, { country: other });
      const no = shown('country-confirm', confirming).secondary ?? [];
      expect(no).toHaveLength(1);
      expect(lead(no[0]!.next, confirming)).toEqual({ route: ROOT, query: '' });
    });

    // A confirmation without a country it understands confirms nothing: it asks for the country again.
    it(`${currency}: a confirmation for an unknown country goes back to the switcher`, () => {
      expect(lead(screen('country-confirm').next, withQuery(context, { country: 'FR' })).route).toBe(SWITCHER);
    });

    // doc1 §2.7 'A location-change confirmation popup warns that a new application must be started'.
    it(`${currency}: the location-change confirmation leads to choosing the country, or keeps the application`, () => {
      expect(lead(screen('location-change').next, context).route).toBe(SWITCHER);
      const keep = shown('location-change', context).secondary ?? [];
      expect(keep).toHaveLength(1);
      expect(['applicant', 'update']).toContain(lead(keep[0]!.next, context).route);
    });
  }
});

describe('doc1 §2.7 KYC/KYB page and breather, reached by the flag that needs them (doc1 §3 kycKybRequired, §4.4)', () => {
  const base = contextFor({ currency: 'USD', level: 'BASIC' });
  const launched = withQuery(base, { kycKybRequired: 'true' });

  // A launch saying the account needs KYC/KYB: the landing's start leads to the KYC/KYB page, not straight to a form.
  it('a launch with kycKybRequired=true goes from the landing to the KYC/KYB page, the flag carried on', () => {
    expect(lead(screen('landing').next, launched)).toEqual({ route: 'kyc-kyb', query: 'kycKybRequired=true' });
  });
  it('without the flag, the landing goes to the signup form (doc1 §2.6)', () => {
    expect(['applicant', 'update']).toContain(lead(screen('landing').next, base).route);
    expect(lead(screen('landing').next, withQuery(base, { kycKybRequired: 'false' })).route).not.toBe('kyc-kyb');
  });

  // The KYC/KYB page, then the terms, then the signup form; the flag goes along.
  it('the KYC/KYB page leads to the terms, and the terms to the signup form, keeping the flag', () => {
    expect(lead(screen('kyc-kyb').next, launched)).toEqual({ route: 'terms', query: 'kycKybRequired=true' });
    const form = lead(screen('terms').next, launched);
    expect(['applicant', 'update']).toContain(form.route);
    expect(form.query).toBe('kycKybRequired=true');
  });

  // 'Breather page with a confirm action': the pause between the applicant's details and the business section,
  // for an account that needs KYC/KYB (the launch's flag, or the application's own, doc1 §4.4).
  for (const form of ['applicant-info', 'update']) {
    it(`${form}: with KYC/KYB required the applicant passes the breather before the business details`, () => {
      expect(lead(screen(form).next, launched).route).toBe('breather');
      const flagged = contextFor({ currency: 'USD', level: 'BASIC', kycKybRequired: true });
      expect(lead(screen(form).next, flagged).route).toBe('breather');
      expect(lead(screen(form).next, base).route).toBe('applicant/business');
    });
  }
  it('the breather confirms on to the business details', () => {
    expect(lead(screen('breather').next, launched).route).toBe('applicant/business');
  });
});
