import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });

describe('GET /api/v2/configs', () => {
  it('answers the OTE environment for the default market (US) with doc2 §9 defaults', async () => {
    const res = await get('/api/v2/configs');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ environment: 'OTE', market: 'US', currency: 'USD', locales: ['en-US'] });
    expect(body.constants.sessionTimeoutMs).toBe(7_200_000);
    expect(body.flags).toMatchObject({ twoStepsFlow: false, multiLanguageEnabled: false, pbd: false });
    expect(body.defaults).toMatchObject({
      terminalsType: 'ALL',
      paymentsType: 'ALL',
      resellerType: 'AGENT',
      country: 'US',
    });
    expect(typeof body.cookieHost).toBe('string');
    expect(body).toMatchObject({
      defaultMarket: 'US',
      fallbackLocale: 'en-US',
      defaultPortal: 'domain',
      portalRules: [{ hostContains: '{cookieHost}', portal: 'terminal' }],
    });
  });

  it('chooses Canada by the currency query, and by the currency cookie when there is no query', async () => {
    expect((await get('/api/v2/configs?currency=CAD')).json()).toMatchObject({
      market: 'CA',
      currency: 'CAD',
      locales: ['en-CA', 'fr-CA'],
    });
    expect((await get('/api/v2/configs', { cookie: 'currency=CAD' })).json().market).toBe('CA');
  });

  it('serves the sandbox example pricing per market (the spec defaults, zero, stay in the configuration)', async () => {
    // doc2 §9: every pricing key is zero by default; the sandbox shows an offer that reads like a real one instead.
    const configured = JSON.parse(readFileSync('rules/config.json', 'utf8')).defaults.pricing as Record<string, number>;
    const examples = JSON.parse(readFileSync('rules/sandbox.json', 'utf8')).pricing as Record<string, object>;
    expect(Object.values(configured).every((value) => value === 0)).toBe(true);
    const us = (await get('/api/v2/configs')).json().defaults.pricing;
    const ca = (await get('/api/v2/configs?currency=CAD')).json().defaults.pricing;
    expect(us).toEqual(examples.US);
    expect(ca).toEqual(examples.CA);
    expect(Object.keys(us).sort()).toEqual(Object.keys(configured).sort());
    expect(us.terminal).toBeGreaterThan(0);
    // With the sandbox off (production), the configuration's own pricing is served.
    const production = await startHarness({ sandbox: false });
    try {
      const res = await production.app.inject({ method: 'GET', url: '/api/v2/configs' });
      expect(res.json().defaults.pricing).toEqual(configured);
    } finally {
      await production.close();
    }
  });

  it('answers 400 UNSUPPORTED_MARKET for a currency no market uses, localised', async () => {
    const res = await get('/api/v2/configs?currency=EUR', { 'accept-language': 'fr-CA' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'UNSUPPORTED_MARKET',
      details: [
        {
          field: '/querystring/currency',
          key: 'errors.unsupportedMarket',
          description: 'GoDaddy Payments n’est pas offert dans votre marché et votre devise.',
        },
      ],
    });
  });

  it('answers 400 for an unknown query parameter or a malformed currency', async () => {
    expect((await get('/api/v2/configs?currency=US-DOLLAR')).statusCode).toBe(400);
    expect((await get('/api/v2/configs?debug=1')).statusCode).toBe(400);
  });

  it('answers 417 with a location when a redirect row of rules/config.json holds', async () => {
    for (const url of ['/api/v2/configs/moved-partner', '/api/v2/configs?referralUrlId=moved-partner']) {
      const res = await get(url);
      expect(res.statusCode).toBe(417);
      expect(res.json()).toMatchObject({ error: 'REDIRECT_REQUIRED', location: 'https://partner.localhost' });
    }
    const other = await get('/api/v2/configs/some-partner');
    expect(other.statusCode).toBe(200);
    expect(other.json().referralUrlId).toBe('some-partner');
  });
});

describe('GET /api/v2/categories', () => {
  it('serves rules/categories.json as written', async () => {
    const res = await get('/api/v2/categories');
    expect(res.statusCode).toBe(200);
    const file = JSON.parse(readFileSync(new URL('../../rules/categories.json', import.meta.url), 'utf8'));
    expect(res.json().groups).toEqual(file.groups);
    expect(res.json().groups.length).toBeGreaterThan(0);
  });

  it('travels brotli- or gzip-compressed to a browser that accepts it, and plain to one that does not', async () => {
    const plain = await get('/api/v2/categories', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const br = await get('/api/v2/categories', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
    const gzip = await get('/api/v2/categories', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('answers 404 in the common shape for an unknown API path', async () => {
    const res = await get('/api/v2/categoriez');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'NOT_FOUND', details: [] });
  });
});
