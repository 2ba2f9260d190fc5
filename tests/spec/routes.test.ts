/**
 * doc1 §2.2-2.5 routes, transcribed: every address the spec lists is a screen of the real content, found by the
 * engine's own route index (engine/flow/route-index.ts screenAt), with and without the co-brand prefix /r/{id}
 * (doc1 §2.1); any other address is the incorrect-URL page (the engine's not-found page). The expected screen of each
 * route is not asserted by id (the spec names routes, not screens): only that the address is one of ours.
 */
import { screenAt } from '../../engine/flow/route-index.ts';
import { bundle } from './tables.ts';

const APP = 'urn:app:aaaa-bbbb-cccc-dddd-eeee';
const OWNER = 'urn:owner:1111-2222';

/** doc1 §2.4: application routes, under prefix/{applicationId}. */
const APPLICATION_ROUTES = [
  'error', 'success', 'applicant', 'update', 'verifying', 'otp', 'mobile-verification', 'phone-auth', 'phone-auth/confirmation',
  'identification', 'verification', 'ssn', 'business-info', 'order', 'order/card', 'ehopper-order', 'bank', 'bank/success', 'set-up',
  'complete', 'complete/bank/success', 'connected', 'add-channel', 'store-complete', 'store-success', 'owners', 'owners/bank',
  'owners/further-steps', 'owners/verifying',
];

/** doc1 §2.5: owner routes, under /{applicationId}. */
const OWNER_ROUTES = ['', '/identification', '/verifying', '/success', '/error', '/applicant-error'].map((tail) => `owners/${OWNER}${tail}`);

/** doc1 §2.2 and §2.3: top-level and main-flow routes (those with an application id written out). */
const TOP_ROUTES = [
  `/${APP}/phone-auth`, `/${APP}/phone-auth/confirmation`, `/${APP}/tax-information`, '/cashadvanceoffers', '/cashadvanceoffers/redirect',
  '/', '/get-started', '/accounts', '/accounts/B1/stores', `/${APP}/ein`, `/${APP}/ssn`, `/${APP}/business-info`,
  `/${APP}/store-complete`, `/${APP}/store-success`, `/${APP}/applicant`, `/${APP}/update`, `/${APP}/owners`,
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
