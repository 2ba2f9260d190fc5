/**
 * Co-brands on the API (doc1 §1, §2.1, §4.4, §6): GET /api/v2/configs/{referralUrlId} adds the co-brand's settings
 * from rules/accounts.json `cobrands` (portal, standalone flow, organisation, partner redirects, flags over the
 * configured ones); no co-brand, or an unknown one, changes nothing.
 */
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h.close());

type Config = Record<string, unknown> & { flags: Record<string, boolean> };
const config = async (path: string): Promise<Config> => {
  const res = await h.call('GET', path);
  expect(res.statusCode).toBe(200);
  return res.json() as Config;
};

describe('GET /api/v2/configs/{referralUrlId} with co-brand settings', () => {
  it('a reseller co-brand with the eHopper flow: the reseller portal and the ehopper flag, other flags as configured', async () => {
    const plain = await config('/api/v2/configs');
    const ehopper = await config('/api/v2/configs/ehopper-pos');
    expect(plain.flags.ehopper).toBe(false);
    expect(plain.portal).toBeUndefined();
    expect(ehopper.portal).toBe('reseller');
    expect(ehopper.flags.ehopper).toBe(true);
    expect(ehopper.organizationId).toBe('org-ehopper');
    expect(ehopper.referralUrlId).toBe('ehopper-pos');
    expect({ ...ehopper.flags, ehopper: false }).toEqual(plain.flags);
  });

  it('the standalone co-brand says so; the partner co-brand gives its redirect and alternate redirect addresses', async () => {
    expect((await config('/api/v2/configs/standalone-shop')).standalone).toBe(true);
    const partner = await config('/api/v2/configs/partner-site');
    expect(partner.redirectUrl).toBe('https://partner.localhost/payments/return');
    expect(partner.alternateRedirectUrl).toBe('https://partner.localhost/payments/return-other-organization');
    expect(partner.standalone).toBeUndefined();
  });

  it('an unknown co-brand keeps its id and nothing else; a malformed one is 400', async () => {
    const unknown = await config('/api/v2/configs/acme');
    expect(unknown.referralUrlId).toBe('acme');
    expect(unknown.portal).toBeUndefined();
    expect(unknown.flags).toEqual((await config('/api/v2/configs')).flags);
    // Inherited object keys are no co-brand.
    expect((await config('/api/v2/configs/constructor')).portal).toBeUndefined();
    expect((await h.call('GET', '/api/v2/configs/bad%20id')).statusCode).toBe(400);
  });
});
