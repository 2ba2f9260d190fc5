/**
 * Issue 8 rules as data: doc1 §4.4's after-bank routing (the redirect-URL row and its place in the order) and the
 * partner redirect's address; doc1 §4.9 / doc2 §9 order type: rent, else buy, else no device by what the plans
 * offer, a loaded order's first terminal profile selects its type, the eHopper flow forces buy. Everything is read
 * from the content bundle, so a changed row, variant or plan that breaks a rule fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadContent } from '../../../scripts/content/load.ts';
import { resolveScreen } from '../../../engine/content/resolve.ts';
import { nextScreen } from '../../../engine/flow/transitions.ts';
import { redirectTarget, type RedirectOptions } from '../../../engine/screens/redirect-target.ts';
import { REPO } from '../check-content/tree.ts';

const bundle = loadContent(REPO);
const linked = bundle.screens['bank-linked']!;
const afterBank = (context: object) =>
  nextScreen(linked.next, { query: { public_token: 'public-sandbox-1' }, ...context }, bundle.tables);

describe('doc1 §4.4 after a bank is linked: a redirect URL, or complete', () => {
  const partner = 'https://partner.localhost/welcome';
  it('goes to the partner redirect when the co-brand has a redirect address, else to complete', () => {
    expect(
      afterBank({ application: { boStatus: 'NONE' }, environment: { portal: 'domain', redirectUrl: partner } }),
    ).toBe('bank-partner-redirect');
    expect(afterBank({ application: { boStatus: 'NONE' }, environment: { portal: 'domain' } })).toBe('bank-complete');
    expect(afterBank({ application: { boStatus: 'NONE' }, environment: { portal: 'domain', redirectUrl: '  ' } })).toBe(
      'bank-complete',
    );
  });
  it('comes after every earlier row of the spec', () => {
    const env = { portal: 'domain', redirectUrl: partner };
    expect(afterBank({ application: { boStatus: 'WAITING_FOR_INFO' }, environment: env })).toBe('owners-bank');
    expect(afterBank({ application: {}, environment: { ...env, portal: 'terminal' } })).toBe('bank-connected');
    expect(
      afterBank({ application: { originalApplicationLevel: 'BASIC', applicationLevel: 'FULL' }, environment: env }),
    ).toBe('bank-set-up');
    expect(
      afterBank({
        application: { originalApplicationLevel: 'BASIC', applicationLevel: 'FULL' },
        environment: { ...env, portal: 'reseller' },
      }),
    ).toBe('bank-success');
    expect(afterBank({ application: {}, environment: { ...env, standalone: true } })).toBe('bank-payments-hub');
  });
  it('a failed link still goes back to the bank choice', () => {
    expect(
      nextScreen(linked.next, { query: {}, application: {}, environment: { redirectUrl: partner } }, bundle.tables),
    ).toBe('bank-options');
  });

  describe('the partner redirect address', () => {
    const options = bundle.screens['bank-partner-redirect']!.options as unknown as RedirectOptions;
    const origin = 'https://onboarding.localhost';
    const base = {
      environment: {
        redirectUrl: 'https://partner.localhost/welcome',
        alternateRedirectUrl: 'https://other.partner.localhost/in?x=1',
        organizationId: 'org-1',
      },
    };
    it('adds the one-time code, encoded, to the co-brand address', () => {
      expect(
        redirectTarget(
          options,
          { ...base, application: { organizationId: 'org-1' }, response: { code: 'a+b/c' } },
          origin,
        ),
      ).toBe('https://partner.localhost/welcome?code=a%2Bb%2Fc');
      expect(redirectTarget(options, { ...base, application: {}, response: { code: 'abc' } }, origin)).toBe(
        'https://partner.localhost/welcome?code=abc',
      );
    });
    it('uses the alternate address when the application belongs to another organization', () => {
      expect(
        redirectTarget(
          options,
          { ...base, application: { organizationId: 'org-2' }, response: { code: 'abc' } },
          origin,
        ),
      ).toBe('https://other.partner.localhost/in?x=1&code=abc');
      const noAlternate = {
        environment: { redirectUrl: 'https://partner.localhost/welcome', organizationId: 'org-1' },
      };
      expect(
        redirectTarget(
          options,
          { ...noAlternate, application: { organizationId: 'org-2' }, response: { code: 'abc' } },
          origin,
        ),
      ).toBe('https://partner.localhost/welcome?code=abc');
    });
    it('gives no address without a code, or for a plain-http partner', () => {
      expect(redirectTarget(options, { ...base, application: {}, response: {} }, origin)).toBeUndefined();
      expect(
        redirectTarget(
          options,
          { environment: { redirectUrl: 'http://partner.localhost/' }, application: {}, response: { code: 'abc' } },
          origin,
        ),
      ).toBeUndefined();
    });
    it('gives no address on a co-brand without a redirect address (a direct visit): the code never lands on our own page', () => {
      expect(
        redirectTarget(options, { environment: {}, application: {}, response: { code: 'abc' } }, origin),
      ).toBeUndefined();
      expect(
        redirectTarget(
          options,
          {
            environment: { alternateRedirectUrl: 'https://other.partner.localhost/in' },
            application: { organizationId: 'org-2' },
            response: { code: 'abc' },
          },
          origin,
        ),
      ).toBeUndefined();
    });
  });
});

describe('doc1 §4.9 order type', () => {
  const order = bundle.screens.order!;
  const plan = (planKey: string, device: string, frequency?: string) => ({
    planKey,
    planName: planKey,
    device,
    perUnit: 1,
    trialPeriodDays: 0,
    ...(frequency ? { frequency } : {}),
  });
  const RENT = plan('n910', 'N910', 'MONTHLY');
  const BUY = plan('buy', 'PoyntC');
  const NONE = plan('noDevice', 'NO_DEVICE', 'MONTHLY');
  const typeField = (context: Record<string, unknown>) => {
    const schema = resolveScreen(order, { environment: { market: 'US' }, flags: {}, order: {}, ...context }).form!
      .schema as { properties: { orderType: { enum: string[]; default: string } } };
    return schema.properties.orderType;
  };
  const withPlans = (...plans: object[]) => ({ data: { getPlans: { plans } } });

  it('defaults to rent when a rental is offered, else buy, else no device', () => {
    expect(typeField(withPlans(RENT, BUY, NONE))).toEqual(
      expect.objectContaining({ default: 'RENT', enum: ['RENT', 'BUY', 'NO_DEVICE'] }),
    );
    expect(typeField(withPlans(BUY, NONE))).toEqual(
      expect.objectContaining({ default: 'BUY', enum: ['BUY', 'NO_DEVICE'] }),
    );
    expect(typeField(withPlans(NONE))).toEqual(expect.objectContaining({ default: 'NO_DEVICE', enum: ['NO_DEVICE'] }));
    expect(typeField({ ...withPlans(BUY), environment: { market: 'CA' } }).default).toBe('BUY');
  });
  it('follows the plans the API actually serves (rules/plans.json): rent in every market', () => {
    const served = JSON.parse(readFileSync(join(REPO, 'rules', 'plans.json'), 'utf8')) as {
      markets: Record<string, object[]>;
    };
    expect(Object.keys(served.markets).length).toBeGreaterThan(0);
    for (const [market, plans] of Object.entries(served.markets)) {
      expect(typeField({ ...withPlans(...plans), environment: { market } }).default).toBe('RENT');
    }
  });
  it('infers the type from a loaded order’s first terminal profile', () => {
    const loaded = (profile: object) => ({
      ...withPlans(RENT, BUY, NONE),
      order: { id: 'ord_1', profiles: [profile, { planName: 'Smart Terminal' }] },
    });
    expect(typeField(loaded({ planName: 'NO_DEVICE_OPTION', frequency: 'MONTHLY' })).default).toBe('NO_DEVICE');
    expect(typeField(loaded({ planName: 'Smart Terminal', frequency: 'MONTHLY' })).default).toBe('RENT');
    expect(typeField(loaded({ planName: 'Poynt 5', frequency: 'MONTHLY' })).default).toBe('RENT');
    expect(typeField(loaded({ planName: 'Smart Terminal' })).default).toBe('BUY');
    expect(typeField(loaded({ planName: 'Poynt 5' })).default).toBe('BUY');
    // Not one of the spec's names: the plans decide.
    expect(typeField(loaded({ planName: 'N910' })).default).toBe('RENT');
    // A purchase order while only purchases are offered stays buy; a rental order cannot select a type not offered.
    expect(
      typeField({
        ...withPlans(BUY, NONE),
        order: { profiles: [{ planName: 'Smart Terminal', frequency: 'MONTHLY' }] },
      }).default,
    ).toBe('BUY');
  });
  it('forces buy in the eHopper flow, whatever the order or plans say', () => {
    const forced = { enum: ['BUY'], default: 'BUY' };
    expect(typeField({ ...withPlans(RENT, BUY, NONE), flags: { ehopper: true } })).toEqual(
      expect.objectContaining(forced),
    );
    expect(
      typeField({
        ...withPlans(RENT, BUY, NONE),
        flags: { ehopper: true },
        order: { profiles: [{ planName: 'NO_DEVICE_OPTION', frequency: 'MONTHLY' }] },
      }),
    ).toEqual(expect.objectContaining(forced));
    expect(
      typeField({ ...withPlans(RENT, BUY, NONE), flags: { ehopper: true }, environment: { market: 'CA' } }),
    ).toEqual(expect.objectContaining(forced));
  });
});
