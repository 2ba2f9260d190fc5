/**
 * Launch prefill on create (doc1 §3 Launch query parameters and Prefill rules; doc1 §6 reseller agent id and power
 * seller) and the co-brand of a new application (doc1 §2.1, §4.4): POST /api/v2/applications {launch, cobrand}.
 * What a launch may set is server/routes/launch.ts; a launch value the market checks refuse is dropped, never a
 * failed start; the explicit body wins; malformed input is a 400 that stores nothing.
 */
import { countApplications } from '../../server/storage/applications.ts';
import { completeUs, startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h.close());
beforeEach(async () => h.t.reset());

type Doc = { application: Record<string, unknown>; applicant: Record<string, any>; company: Record<string, any> };
const create = async (cookie: string, body: unknown) => h.call('POST', '/api/v2/applications', cookie, body);

describe('POST /api/v2/applications with a launch query', () => {
  it('stores the agent id and the power-seller flag, splits the name, keeps phone digits, and ignores ids a URL must not set', async () => {
    const ann = await h.signUp();
    const res = await create(ann, {
      application: { intent: 'CREATE_BUSINESS' },
      company: { currency: 'USD' },
      launch: {
        agentId: 'AG-7',
        powerSeller: 'true',
        name: 'Ada Lovelace',
        phone: '(512) 555-0147',
        companyName: 'Analytical Engines',
        businessId: 'biz-someone-else',
        mock: 'true',
        currency: 'USD',
        locale: 'en-US',
      },
      cobrand: null,
    });
    expect(res.statusCode).toBe(201);
    const doc = res.json() as Doc;
    expect(doc.application.agentId).toBe('AG-7');
    expect(doc.application.isPowerSeller).toBe(true);
    expect(doc.applicant.name).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(doc.applicant.phone.localPhoneNumber).toBe('5125550147');
    expect(doc.company.name).toBe('Analytical Engines');
    expect(doc.application.businessId).toBeUndefined();
    expect(doc.application.mock).toBeUndefined();
    const read = (
      await h.call('GET', `/api/v2/applications/${encodeURIComponent(String(doc.application.id))}`, ann)
    ).json() as Doc;
    expect([read.application.agentId, read.application.isPowerSeller]).toEqual(['AG-7', true]);
  });

  it('drops a launch value the checks refuse instead of failing the start; the explicit body wins over the launch', async () => {
    const ann = await h.signUp();
    const bad = await create(ann, {
      company: { currency: 'USD' },
      launch: { email: 'not-an-email', powerSeller: 'maybe', agentId: 'AG-1' },
    });
    expect(bad.statusCode).toBe(201);
    const doc = bad.json() as Doc;
    expect(doc.applicant.email?.emailAddress).toBeUndefined();
    expect(doc.application.isPowerSeller).toBeUndefined();
    expect(doc.application.agentId).toBe('AG-1');
    const explicit = await create(ann, {
      company: { currency: 'USD', name: 'Body Name' },
      launch: { companyName: 'Launch Name' },
    });
    expect((explicit.json() as Doc).company.name).toBe('Body Name');
  });

  it('records the co-brand and, for a known one, its organisation', async () => {
    const ann = await h.signUp();
    const partner = (await create(ann, { company: { currency: 'USD' }, cobrand: 'partner-site' })).json() as Doc;
    expect([partner.application.referralUrlId, partner.application.organizationId]).toEqual([
      'partner-site',
      'org-partner',
    ]);
    const unknown = (await create(ann, { company: { currency: 'USD' }, cobrand: 'acme' })).json() as Doc;
    expect([unknown.application.referralUrlId, unknown.application.organizationId]).toEqual(['acme', undefined]);
  });

  it('refuses a malformed launch or co-brand with a 400 and stores nothing', async () => {
    const ann = await h.signUp();
    expect((await create(ann, { launch: { agentId: 7 } })).statusCode).toBe(400);
    expect((await create(ann, { launch: { agentId: 'x'.repeat(2001) } })).statusCode).toBe(400);
    expect((await create(ann, { cobrand: '../other' })).statusCode).toBe(400);
    expect(await countApplications(h.t.db)).toBe(0);
  });

  it('with use-shopper-data=true copies the newest approved account of the currency under the launch and the body (doc1 §4.7)', async () => {
    const ann = await h.signUp();
    const seeded = await h.call('POST', '/sandbox/accounts', ann, {
      accounts: [
        { decision: 'APPROVED', name: 'Profile APPROVED Co' },
        { decision: 'PENDING', name: 'Pending Co' },
      ],
    });
    expect(seeded.statusCode).toBe(201);
    const list = (await h.call('GET', '/api/v2/accounts', ann)).json() as Array<{
      applicationId: string;
      riskDecision: string;
    }>;
    const approvedId = list.find((a) => a.riskDecision === 'APPROVED')!.applicationId;
    const profile = (await h.call('GET', `/api/v2/applications/${encodeURIComponent(approvedId)}`, ann)).json() as Doc;
    // A newer application without a decision is no profile.
    expect((await create(ann, { company: { currency: 'USD' } })).statusCode).toBe(201);
    const res = await h.call('POST', '/api/v2/applications?use-shopper-data=true', ann, {
      company: { currency: 'USD' },
      launch: { companyName: 'Launch Name' },
    });
    expect(res.statusCode).toBe(201);
    const prefilled = res.json() as Doc;
    expect(prefilled.applicant.name).toEqual(profile.applicant.name);
    expect(prefilled.company.segment).toBe(profile.company.segment);
    expect(prefilled.company.name).toBe('Launch Name');
    expect(prefilled.applicant.governmentIdentification).toBeUndefined();
    const plain = (await create(ann, { company: { currency: 'USD' } })).json() as Doc;
    expect(plain.applicant.name).toBeUndefined();
    const canadian = (
      await h.call('POST', '/api/v2/applications?use-shopper-data=true', ann, { company: { currency: 'CAD' } })
    ).json() as Doc;
    expect(canadian.applicant.name).toBeUndefined();
  });
});

describe('PUT /api/v2/applications/{id}: basic to full (doc1 §1)', () => {
  it('upgrades a basic application to full once, keeping the original level; never back to basic', async () => {
    const ann = await h.signUp();
    await h.call('POST', '/sandbox/accounts', ann, {
      accounts: [{ decision: 'APPROVED_PENDING', level: 'BASIC', name: 'Basic Co' }],
    });
    const [basic] = (await h.call('GET', '/api/v2/accounts', ann)).json() as Array<{ applicationId: string }>;
    const path = `/api/v2/applications/${encodeURIComponent(basic.applicationId)}`;
    const upgraded = await h.call('PUT', path, ann, { application: { applicationLevel: 'FULL' } });
    expect(upgraded.statusCode).toBe(200);
    expect((upgraded.json() as Doc).application).toMatchObject({
      applicationLevel: 'FULL',
      originalApplicationLevel: 'BASIC',
      completed: false,
      decision: 'APPROVED_PENDING',
    });
    // The full details are decided again at onboard (an upgraded application is not completed until then).
    const decided = (await h.call('POST', `${path}/onboard`, ann, {})).json() as Doc;
    expect(decided.application).toMatchObject({
      completed: true,
      applicationLevel: 'FULL',
      originalApplicationLevel: 'BASIC',
    });
    const back = await h.call('PUT', path, ann, { application: { applicationLevel: 'BASIC' } });
    expect(back.statusCode).toBe(409);
    expect(back.json()).toMatchObject({
      details: [{ field: '/application/applicationLevel', key: 'accounts.errors.levelChange' }],
    });
    const read = (await h.call('GET', path, ann)).json() as Doc;
    expect(read.application).toMatchObject({ applicationLevel: 'FULL', originalApplicationLevel: 'BASIC' });
  });

  it('refuses to make a full application basic and changes nothing', async () => {
    const ann = await h.signUp();
    const created = (await create(ann, { company: { currency: 'USD' } })).json() as Doc;
    const path = `/api/v2/applications/${encodeURIComponent(String(created.application.id))}`;
    expect((await h.call('PUT', path, ann, { application: { applicationLevel: 'BASIC' } })).statusCode).toBe(409);
    const read = (await h.call('GET', path, ann)).json() as Doc;
    expect(read.application.applicationLevel).toBe('FULL');
    expect(read.application.originalApplicationLevel).toBeUndefined();
  });
});

const US = completeUs;

describe('a business decided by the API, and a product added to it (doc1 §1 ADD_PRODUCT)', () => {
  it('opens the stores of a business id the onboarding gave, and adds a product to it only for its owner', async () => {
    const ann = await h.signUp();
    const created = (await create(ann, { application: { intent: 'CREATE_BUSINESS' }, ...US })).json() as Doc;
    const onboarded = (
      await h.call(
        'POST',
        `/api/v2/applications/${encodeURIComponent(String(created.application.id))}/onboard`,
        ann,
        {},
      )
    ).json() as Doc;
    expect(onboarded.application.decision).toBe('APPROVED');
    const businessId = String(onboarded.application.businessId);
    const stores = await h.call('GET', `/api/v2/accounts/${encodeURIComponent(businessId)}/stores`, ann);
    expect(stores.statusCode).toBe(200);
    expect((stores.json() as unknown[]).length).toBe(1);

    const product = await h.call('POST', '/api/v2/applications?force-intent=ADD_PRODUCT&use-shopper-data=true', ann, {
      company: { currency: 'USD' },
      businessId,
    });
    expect(product.statusCode).toBe(201);
    const doc = product.json() as Doc;
    expect(doc.application).toMatchObject({
      intent: 'ADD_PRODUCT',
      businessId,
      parentApplication: created.application.id,
      addProductIntent: true,
    });
    expect(doc.applicant.name).toEqual(US.applicant.name);

    const bob = await h.signUp();
    const before = await countApplications(h.t.db);
    expect(
      (
        await h.call('POST', '/api/v2/applications?force-intent=ADD_PRODUCT', bob, {
          company: { currency: 'USD' },
          businessId,
        })
      ).statusCode,
    ).toBe(403);
    expect((await create(ann, { company: { currency: 'USD' }, businessId })).statusCode).toBe(400);
    expect(await countApplications(h.t.db)).toBe(before);
  });
});

describe('a product for one of several businesses prefills from that business (doc1 §4.7, issue 27.1)', () => {
  it('takes the legal name and details of the business acted for, not of the newest profile', async () => {
    const ann = await h.signUp();
    const seeded = await h.call('POST', '/sandbox/accounts', ann, {
      accounts: [
        { decision: 'APPROVED', name: 'Maple Deli', businessId: 'biz-maple' },
        { decision: 'APPROVED', name: 'Birch Books', businessId: 'biz-birch' },
      ],
    });
    expect(seeded.statusCode).toBe(201);
    const product = await h.call('POST', '/api/v2/applications?force-intent=ADD_PRODUCT&use-shopper-data=true', ann, {
      company: { currency: 'USD' },
      businessId: 'biz-maple',
    });
    expect(product.statusCode).toBe(201);
    const doc = product.json() as Doc;
    expect(doc.application.businessId).toBe('biz-maple');
    expect([doc.company.name, doc.company.dba]).toEqual(['Maple Deli', 'Maple Deli']);
    const stores = (await h.call('GET', '/api/v2/accounts/biz-maple/stores', ann)).json() as unknown[];
    expect(JSON.stringify(stores)).not.toContain('Birch Books');
  });
});
