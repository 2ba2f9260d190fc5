/**
 * doc1 §2.2-2.5 routes, transcribed: every address the spec lists is a screen of the real content, found by the
 * engine's own route index (engine/flow/route-index.ts screenAt), with and without the co-brand prefix /r/{id}
 * (doc1 §2.1); any other address is the incorrect-URL page (the engine's not-found page). The expected screen of each
 * route is not asserted by id (the spec names routes, not screens): only that the address is one of ours.
 */
import { screenAt } from '../../engine/flow/route-index.ts';
import { afterEnvironmentMove } from '../../engine/screens/after-environment.ts';
import { bundle } from './tables.ts';

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
