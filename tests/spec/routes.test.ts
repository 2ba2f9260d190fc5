/**
 * doc1 §2.2-2.5 routes, transcribed: every address the spec lists is a screen of the real content, found by the
 * engine's own route index (engine/flow/route-index.ts screenAt), with and without the co-brand prefix /r/{id}
 * (doc1 §2.1); any other address is the incorrect-URL page (the engine's not-found page). The expected screen of each
 * route is not asserted by id (the spec names routes, not screens): only that the address is one of ours.
 */
import { screenAt } from '../../engine/flow/route-index.ts';
import { afterEnvironmentMove } from '../../engine/screens/after-environment.ts';
import { bundle, contextFor, onboardSubmit } from './tables.ts';
import { resolveScreen } from '../../engine/content/resolve.ts';
import { evaluate } from '../../engine/conditions/index.ts';
import { nextTarget } from '../../engine/flow/runner.ts';

const APP = 'urn:app:aaaa-bbbb-cccc-dddd-eeee';
const OWNER = 'urn:owner:1111-2222';

/** doc1 §2.4: application routes, under prefix/{applicationId}. */
const APPLICATION_ROUTES = [
  'error',
  'success',
  'applicant',
  'update',
  'verifying',
  'otp',
  'mobile-verification',
  'phone-auth',
  'phone-auth/confirmation',
  'identification',
  'verification',
  'ssn',
  'business-info',
  'order',
  'order/card',
  'ehopper-order',
  'bank',
  'bank/success',
  'set-up',
  'complete',
  'complete/bank/success',
  'connected',
  'add-channel',
  'store-complete',
  'store-success',
  'owners',
  'owners/bank',
  'owners/further-steps',
  'owners/verifying',
];

/** doc1 §2.5: owner routes, under /{applicationId}. */
const OWNER_ROUTES = ['', '/identification', '/verifying', '/success', '/error', '/applicant-error'].map(
  (tail) => `owners/${OWNER}${tail}`,
);

/** doc1 §2.2 and §2.3: top-level and main-flow routes (those with an application id written out). */
const TOP_ROUTES = [
  `/${APP}/phone-auth`,
  `/${APP}/phone-auth/confirmation`,
  `/${APP}/tax-information`,
  '/cashadvanceoffers',
  '/cashadvanceoffers/redirect',
  '/',
  '/get-started',
  '/accounts',
  '/accounts/B1/stores',
  `/${APP}/ein`,
  `/${APP}/ssn`,
  `/${APP}/business-info`,
  `/${APP}/store-complete`,
  `/${APP}/store-success`,
  `/${APP}/applicant`,
  `/${APP}/update`,
  `/${APP}/owners`,
];

describe('doc1 §2.4 application routes', () => {
  for (const route of APPLICATION_ROUTES) {
    it(`/{id}/${route} is a screen, with and without the co-brand prefix`, () => {
      expect(screenAt(bundle, `/${APP}/${route}`)).toBeDefined();
      expect(screenAt(bundle, `/r/partner-site/${APP}/${route}`)).toBeDefined();
    });
  }
});

describe('doc1 §2.5 owner routes', () => {
  for (const route of OWNER_ROUTES) {
    it(`/{id}/${route.replace(OWNER, '{ownerId}')} is a screen`, () => {
      expect(screenAt(bundle, `/${APP}/${route}`)).toBeDefined();
    });
  }
});

describe('doc1 §2.2, §2.3 top-level and main-flow routes', () => {
  for (const route of TOP_ROUTES) {
    it(`${route.replace(APP, '{id}')} is a screen`, () => {
      expect(screenAt(bundle, route)).toBeDefined();
    });
  }
  // doc1 §2.3 /incorrect-url: the wrong-address page, which the engine shows for every address no screen has.
  it('/incorrect-url and a made-up address are no screen: the incorrect-URL page shows', () => {
    expect(screenAt(bundle, '/incorrect-url')).toBeUndefined();
    expect(screenAt(bundle, `/${APP}/no-such-step`)).toBeUndefined();
  });
});

// doc1 §2.5: "A query flag 'completed' shows a signed-in message; 'timeout' shows a session-expired message": the root
// with either flag stays where it is after the environment loads (doc1 §2.8 would otherwise move a user with accounts
// on, and the message would never show).
describe('doc1 §2.5 the root’s own messages', () => {
  const accounts = [
    { applicationId: APP, businessId: 'B1', riskDecision: 'APPROVED' as const, applicationLevel: 'FULL' as const },
  ];
  const boot = (query: Record<string, string>) => ({
    environment: { portal: 'domain', market: 'US', currency: 'USD' },
    flags: {},
    query,
    route: {},
    user: { id: 'u1' },
  });
  for (const flag of ['timeout', 'completed']) {
    it(`/?${flag}=true stays on the root with its message, though the user has accounts`, () => {
      expect(
        afterEnvironmentMove(bundle, 'after-environment', accounts, boot({ [flag]: 'true' }), `/?${flag}=true`),
      ).toBeUndefined();
    });
  }
  it('without either flag, the same user is moved on (the rows that follow still decide)', () => {
    expect(afterEnvironmentMove(bundle, 'after-environment', accounts, boot({}), '/')).toBe('/accounts');
  });
});

// doc1 §2.4 '/verifying (query step-up={type})': the verifying screen is addressed with the step-up it is verifying,
// and waits on that one: it goes on once the named step-up is no longer the first one left (BO_VERIFICATION aside,
// doc1 §4.2), and without the query it waits on the full review (FULL_ONBOARDING) as before.
describe('doc1 §2.4 /verifying?step-up={type}', () => {
  const screen = bundle.screens.verifying;
  const waitsOn = (query: Record<string, string>, left: string[]) => {
    const resolved = resolveScreen(screen, {
      query,
      application: { decision: 'APPROVED_PENDING', stepUpDetails: left.map((type) => ({ type })) },
    });
    const response = { application: { stepUpDetails: left.map((type) => ({ type })) } };
    return !evaluate(resolved.watch?.until, { query, response });
  };

  it('waits while the step-up its query names is the first one left, and goes on once it is answered', () => {
    expect(waitsOn({ 'step-up': 'OTP_SMS' }, ['OTP_SMS'])).toBe(true);
    expect(waitsOn({ 'step-up': 'OTP_SMS' }, ['BO_VERIFICATION', 'OTP_SMS'])).toBe(true);
    expect(waitsOn({ 'step-up': 'OTP_SMS' }, [])).toBe(false);
    expect(waitsOn({ 'step-up': 'OTP_SMS' }, ['GOV_ID_SELFIE'])).toBe(false);
  });

  it('without the query waits on the full review (FULL_ONBOARDING), as the step-up table sends it there', () => {
    expect(waitsOn({}, ['FULL_ONBOARDING'])).toBe(true);
    expect(waitsOn({}, ['OTP_SMS'])).toBe(false);
    expect(waitsOn({ 'step-up': 'FULL_ONBOARDING' }, ['FULL_ONBOARDING'])).toBe(true);
  });

  it('the step-up table sends FULL_ONBOARDING to /verifying?step-up=FULL_ONBOARDING', () => {
    const context = contextFor({ stepUps: ['FULL_ONBOARDING'] }, { decision: 'APPROVED_PENDING' });
    const target = nextTarget(onboardSubmit().next, context, bundle as unknown as Parameters<typeof nextTarget>[2]);
    expect(target?.href).toMatch(/\/verifying\?step-up=FULL_ONBOARDING$/);
  });
});
