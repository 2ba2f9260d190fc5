import { startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

/** Every call of doc2 §7 (OpenAPI path templates), by section. */
const doc2Calls: Array<[string, string]> = [
  // Configuration and reference data
  ['get', '/api/v2/configs'],
  ['get', '/api/v2/configs/{referralUrlId}'],
  ['get', '/api/v2/configs/plans'],
  ['get', '/api/v2/configs/websites/{websiteId}'],
  ['get', '/api/v2/categories'],
  ['get', '/api/v2/categories/predict'],
  ['get', '/api/v2/cash-advance-offers'],
  // Accounts
  ['get', '/api/v2/accounts'],
  ['get', '/api/v2/accounts/{id}/more-info'],
  ['get', '/api/v2/accounts/{businessId}/stores'],
  // Applications V2
  ['get', '/api/v2/applications/{id}'],
  ['get', '/api/v2/applications/{id}/basic-information'],
  ['post', '/api/v2/applications'],
  ['put', '/api/v2/applications/{id}'],
  ['post', '/api/v2/applications/{id}/onboard'],
  ['post', '/api/v2/applications/{id}/notification'],
  ['get', '/api/v2/applications/{id}/auth-code'],
  ['post', '/api/v2/applications/{id}/permissions'],
  // Applications V1
  ['post', '/api/v1/commerce/onboarding-applications'],
  ['patch', '/api/v1/commerce/onboarding-applications/{id}'],
  ['post', '/api/v1/commerce/onboarding-applications/{id}/onboard'],
  ['post', '/api/v1/commerce/onboarding-applications/{id}/individuals'],
  ['get', '/api/v1/commerce/onboarding-applications/{id}/individuals'],
  ['get', '/api/v1/commerce/onboarding-applications/{id}/individuals/{ownerId}'],
  ['patch', '/api/v1/commerce/onboarding-applications/{id}/individuals/{ownerId}'],
  ['delete', '/api/v1/commerce/onboarding-applications/{id}/individuals/{ownerId}'],
  ['post', '/api/v1/commerce/onboarding-applications/{id}/individuals/{ownerId}/onboard'],
  // Step-ups
  ['post', '/api/v2/applications/{id}/step-ups/full-ssn'],
  ['post', '/api/v2/applications/{id}/step-ups/identification'],
  ['post', '/api/v2/applications/{id}/step-ups/verification'],
  ['post', '/api/v2/applications/{id}/step-ups/beneficial-owners'],
  ['post', '/api/v2/applications/{id}/step-ups/business-info'],
  ['post', '/api/v2/applications/{id}/owners/{ownerId}/step-ups/identification'],
  ['post', '/api/v2/applications/{id}/step-ups/{kind}/sessions'],
  ['post', '/api/v2/applications/{id}/owners/{ownerId}/step-ups/identification/sessions'],
  ['post', '/api/v2/applications/{id}/otp-code'],
  ['post', '/api/v2/applications/{id}/step-ups/otp'],
  // Government identifications
  ['post', '/api/v2/applications/{id}/government-identifications'],
  ['post', '/api/v2/applications/{id}/government-identifications/manual-entry'],
  // Financial instruments and payments
  ['post', '/api/v2/applications/{id}/financial-instruments/plaid'],
  ['post', '/api/v2/applications/{id}/financial-instruments/manual'],
  ['post', '/api/v2/applications/{id}/financial-instruments/credit-cards'],
  ['get', '/api/v2/applications/{id}/financial-instruments/plaid/token'],
  ['post', '/api/v2/applications/{id}/payments'],
  // Orders
  ['post', '/api/v2/applications/{id}/orders'],
  ['get', '/api/v2/applications/{id}/orders/{orderId}'],
  // Phone authentication
  ['post', '/api/v2/applications/{id}/phone-auth/mobile-verifications'],
  ['post', '/api/v2/applications/{id}/phone-auth/sms-verifications'],
  ['post', '/api/v2/applications/{id}/phone-auth/sms-verifications/{vfp}'],
  ['get', '/api/v2/applications/{id}/phone-auth/verification-url'],
  // Analytics
  ['post', '/api/v2/analytics'],
];

describe('GET /api/docs/openapi.json', () => {
  it('is an OpenAPI 3.1 document describing every call of doc2 §7 with its schemas', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const missing = doc2Calls
      .filter(([method, path]) => !doc.paths[path]?.[method])
      .map(([m, p]) => `${m.toUpperCase()} ${p}`);
    expect(missing).toEqual([]);
    expect(doc.paths['/api/v2/applications/{id}/payments'].post.requestBody.content['application/json'].schema).toEqual(
      { $ref: '#/components/schemas/api.payment' },
    );
  });

  it('resolves every $ref to a component schema', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json();
    const refs = new Set<string>();
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        for (const [key, child] of Object.entries(value)) {
          if (key === '$ref' && typeof child === 'string') refs.add(child);
          else walk(child);
        }
      }
    };
    walk(doc);
    expect(refs.size).toBeGreaterThan(20);
    const resolve = (ref: string): unknown => {
      if (!ref.startsWith('#/components/schemas/')) return undefined;
      const [name = '', ...pointer] = ref.slice('#/components/schemas/'.length).split('/');
      return pointer.reduce<unknown>(
        (node, key) => (node as Record<string, unknown> | undefined)?.[key],
        doc.components.schemas[name],
      );
    };
    const unresolved = [...refs].filter((ref) => resolve(ref) === undefined);
    expect(unresolved).toEqual([]);
  });
});
