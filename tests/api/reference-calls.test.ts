import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readWebsites } from '../../server/sandbox/hosting/provider.ts';
import { completeCa, completeUs, startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());
beforeEach(async () => h.t.reset());

/** An onboarded application of this company name (APPROVED unless the name carries a trigger). */
const BUSINESS = 'Acme APPROVED Co';

async function onboarded(name = 'Acme APPROVED Co', body: { applicant: object; company: object } = completeUs) {
  const cookie = await h.signUp();
  const id = (
    await h.call('POST', '/api/v2/applications', cookie, { ...body, company: { ...body.company, name } })
  ).json().application.id as string;
  const doc = (await h.call('POST', `/api/v2/applications/${id}/onboard`, cookie)).json();
  return { id, cookie, businessId: doc.application.businessId as string | undefined };
}

describe('GET /api/v2/configs/plans', () => {
  it('answers the market plans with cents, by currency, and by the business of the user', async () => {
    const us = await h.app.inject({ method: 'GET', url: '/api/v2/configs/plans' });
    expect(us.json()).toMatchObject({ market: 'US', currency: 'USD', shippingCents: 1500 });
    expect(us.json().plans.map((p: { planKey: string }) => p.planKey)).toEqual([
      'n910',
      'n950',
      'poyntC',
      'buy',
      'noDevice',
    ]);
    expect(us.json().plans[0]).toMatchObject({ planName: 'N910', perUnit: 30, perUnitCents: 3000, trialPeriodDays: 0 });
    expect((await h.app.inject({ method: 'GET', url: '/api/v2/configs/plans?currency=CAD' })).json().market).toBe('CA');
    const ca = await onboarded('Boulangerie APPROVED', completeCa);
    expect((await h.call('GET', `/api/v2/configs/plans?businessId=${ca.businessId}`, ca.cookie)).json().currency).toBe(
      'CAD',
    );
  });

  it('refuses an unknown currency (400), a malformed business id (400), a business of someone else (403)', async () => {
    expect(
      (await h.app.inject({ method: 'GET', url: '/api/v2/configs/plans?currency=EUR' })).json().details[0].field,
    ).toBe('/querystring/currency');
    const { businessId } = await onboarded();
    const stranger = await h.signUp();
    expect((await h.call('GET', '/api/v2/configs/plans?businessId=nope', stranger)).json().details[0].field).toBe(
      '/querystring/businessId',
    );
    expect((await h.call('GET', `/api/v2/configs/plans?businessId=${businessId}`, stranger)).statusCode).toBe(403);
    expect((await h.call('GET', `/api/v2/configs/plans?businessId=${businessId}`)).statusCode).toBe(401);
  });
});

describe('GET /api/v2/configs/websites/{websiteId}', () => {
  const fixture = JSON.parse(
    readFileSync(new URL('../../server/sandbox/hosting/websites.json', import.meta.url), 'utf8'),
  ) as { websites: Array<{ id: string; url: string }> };

  it('answers each record of the sandbox hosting fixture (server/sandbox/hosting/websites.json), and only those', async () => {
    const cookie = await h.signUp();
    expect(fixture.websites.length).toBeGreaterThan(0);
    expect(fixture.websites).toContainEqual({ id: 'my-shop', url: 'https://my-shop.sandbox.localhost' });
    for (const website of fixture.websites) {
      const res = await h.call('GET', `/api/v2/configs/websites/${website.id}`, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(website);
    }
    // Ids are matched without regard to case; the record keeps its own spelling.
    expect((await h.call('GET', '/api/v2/configs/websites/MY-SHOP', cookie)).json()).toEqual({
      id: 'my-shop',
      url: 'https://my-shop.sandbox.localhost',
    });
  });

  it('an id the hosting service does not have is 404 errors.websiteUnknown (localised), never an invented record', async () => {
    const cookie = await h.signUp();
    const res = await h.call('GET', '/api/v2/configs/websites/no-such-site', cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      error: 'NOT_FOUND',
      details: [
        { field: '/params/websiteId', key: 'errors.websiteUnknown', description: 'We could not find this website.' },
      ],
    });
    const french = await h.call('GET', '/api/v2/configs/websites/no-such-site', cookie, undefined, {
      'accept-language': 'fr-CA',
    });
    expect(french.json().details[0].description).toBe('Nous n’avons pas trouvé ce site Web.');
  });

  it('400 for a malformed id; 401 without a session', async () => {
    const cookie = await h.signUp();
    const malformed = await h.call('GET', '/api/v2/configs/websites/bad%20id', cookie);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details[0].field).toBe('/params/websiteId');
    expect((await h.call('GET', '/api/v2/configs/websites/my-shop')).statusCode).toBe(401);
  });

  it('the hosting service is replaceable: buildApp({providers:{websites}}) answers its records', async () => {
    const other = await startHarness({
      providers: {
        websites: { find: async (id) => (id === 'real-site' ? { id, url: 'https://real-site.example' } : undefined) },
      },
    });
    try {
      const cookie = await other.signUp();
      expect((await other.call('GET', '/api/v2/configs/websites/real-site', cookie)).json()).toEqual({
        id: 'real-site',
        url: 'https://real-site.example',
      });
      expect((await other.call('GET', '/api/v2/configs/websites/my-shop', cookie)).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });

  it('a bad fixture stops the server at start, naming the record', () => {
    const dir = mkdtempSync(join(tmpdir(), 'websites-'));
    const write = (websites: unknown) => {
      const file = join(dir, 'websites.json');
      writeFileSync(file, JSON.stringify({ websites }));
      return file;
    };
    expect(readWebsites(write([{ id: 'ok-site', url: 'https://ok.example' }]))).toEqual([
      { id: 'ok-site', url: 'https://ok.example' },
    ]);
    expect(() => readWebsites(write([{ id: 'bad id', url: 'https://ok.example' }]))).toThrow(/websites\[0\]\.id/);
    expect(() => readWebsites(write([{ id: 'ok', url: 'http://plain.example' }]))).toThrow(/websites\[0\]\.url/);
    expect(() =>
      readWebsites(
        write([
          { id: 'a', url: 'https://a.example' },
          { id: 'A', url: 'https://b.example' },
        ]),
      ),
    ).toThrow(/listed twice/);
    expect(() => readWebsites(write([{ id: 'a', url: 'https://a.example', name: 'x' }]))).toThrow(
      /unknown fields name/,
    );
  });
});

describe('GET /api/v2/categories/predict', () => {
  // Its speed (the 4000 ms budget the browser gives it) is measured by npm run bench, never asserted here.
  it('ranks industries by business name and keywords, at most ten', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/v2/categories/predict?inputs=${encodeURIComponent('Joe’s Pizza and pasta')}`,
    });
    const top = res.json().top10LabelMlType;
    expect(top.length).toBeGreaterThan(0);
    expect(top.length).toBeLessThanOrEqual(10);
    expect(top[0]).toMatchObject({ id: 3, label: 'Pizza shop' });
    expect(top.map((p: { score: number }) => p.score)).toEqual(
      [...top.map((p: { score: number }) => p.score)].sort((a, b) => b - a),
    );
  });

  it('labels come in the request locale; nothing matches nonsense; 400 without inputs', async () => {
    const fr = await h.app.inject({
      method: 'GET',
      url: '/api/v2/categories/predict?inputs=pizza',
      headers: { cookie: 'locale=fr-CA' },
    });
    expect(fr.json().top10LabelMlType[0].label).not.toBe('Pizza shop');
    expect((await h.app.inject({ method: 'GET', url: '/api/v2/categories/predict?inputs=zzqx' })).json()).toEqual({
      top10LabelMlType: [],
    });
    const missing = await h.app.inject({ method: 'GET', url: '/api/v2/categories/predict' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0].field).toBe('/querystring/inputs');
  });
});

describe('cash-advance offers and the lender redirect', () => {
  it('offers an approved business the lender offers in cents and redirects to the sandbox lender', async () => {
    const { cookie, businessId } = await onboarded();
    const res = await h.call('GET', `/api/v2/cash-advance-offers?businessId=${businessId}`, cookie);
    expect(res.statusCode).toBe(200);
    // Issue 27.6: each offer names its lender and the business it is made to.
    const named = { lenderName: 'Northbeam Capital', businessName: BUSINESS };
    expect(res.json().offers).toEqual([
      {
        offerId: `off_standard_${businessId}`,
        businessId,
        amountCents: 1500000,
        dailySalesPercent: 10,
        currency: 'USD',
        ...named,
      },
      {
        offerId: `off_small_${businessId}`,
        businessId,
        amountCents: 500000,
        dailySalesPercent: 8,
        currency: 'USD',
        ...named,
      },
    ]);
    const redirect = await h.call(
      'GET',
      `/api/v2/cash-advance-offers/${res.json().offers[0].offerId}/redirect`,
      cookie,
    );
    // The business goes to the lender, so its Back shows this business's offers again (issue 27.6).
    expect(redirect.json().location).toBe(
      `/sandbox/lender?offerId=off_standard_${businessId}&businessId=${businessId}`,
    );
    const lender = await h.app.inject({ method: 'GET', url: redirect.json().location, headers: { cookie } });
    expect(lender.statusCode).toBe(200);
    expect(lender.body).toContain('<html lang="en-US">');
    expect(lender.body).toContain('Cash advance from Northbeam Capital');
    expect(lender.body).toContain(
      `You are accepting, for ${BUSINESS}, a cash advance of up to $15,000, repaid as 10% of its daily sales.`,
    );
    expect(lender.body).toContain(`href="/cashadvanceoffers?businessId=${businessId}"`);
    // Signed out, the lender names no terms and sends the visitor to their businesses.
    const anonymous = await h.app.inject({ method: 'GET', url: redirect.json().location });
    expect(anonymous.body).not.toContain('You are accepting');
    expect(anonymous.body).toContain('href="/accounts"');
  });

  it('an approved-pending business is offered too; a declined one gets no business id; another user’s business is 403; malformed is 400', async () => {
    const pending = await onboarded('Acme APPROVEDPENDING Co');
    expect(
      (await h.call('GET', `/api/v2/cash-advance-offers?businessId=${pending.businessId}`, pending.cookie)).json()
        .offers,
    ).toHaveLength(2);
    const stranger = await h.signUp();
    expect(
      (await h.call('GET', `/api/v2/cash-advance-offers?businessId=${pending.businessId}`, stranger)).statusCode,
    ).toBe(403);
    expect(
      (await h.call('GET', `/api/v2/cash-advance-offers/off_standard_${pending.businessId}/redirect`, stranger))
        .statusCode,
    ).toBe(403);
    expect((await h.call('GET', '/api/v2/cash-advance-offers?businessId=x', stranger)).statusCode).toBe(400);
    const declined = await onboarded('Acme DECLINED Co');
    expect(declined.businessId).toBeUndefined();
  });
});

describe('GET /api/v2/address-lookup', () => {
  it('suggests addresses as components, accents and case ignored, by country', async () => {
    const cookie = await h.signUp();
    const res = await h.call('GET', '/api/v2/address-lookup?q=500%20rue%20sherbrooke&country=CA', cookie);
    expect(res.json().results).toEqual([
      expect.objectContaining({ street_number: '500', locality: 'Montréal', country: 'CA' }),
    ]);
    expect((await h.call('GET', '/api/v2/address-lookup?q=sherbrooke&country=US', cookie)).json().results).toEqual([]);
    expect((await h.call('GET', '/api/v2/address-lookup?q=a', cookie)).json().details[0].field).toBe('/querystring/q');
    expect((await h.call('GET', '/api/v2/address-lookup?q=main')).statusCode).toBe(401);
  });
});
