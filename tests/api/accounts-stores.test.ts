/**
 * Existing merchants on the API: sandbox account seeding, the store switcher's stores (attachability from
 * rules/accounts.json), a new store that onboards through the ordinary decisioning, connecting a service, channels
 * with the FAILTWICE and NOTAUTHORIZED sandbox triggers, and permissions. Bad input is a 4xx and changes nothing.
 */
import { countApplications } from '../../server/storage/applications.ts';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h.close());
beforeEach(async () => h.t.reset());

async function seed(cookie: string, accounts: unknown[]) {
  const res = await h.call('POST', '/sandbox/accounts', cookie, { accounts });
  expect(res.statusCode).toBe(201);
  return res.json() as Array<{ applicationId: string }>;
}

describe('POST /sandbox/accounts', () => {
  it('gives the signed-in user accounts with the decisions and levels asked for', async () => {
    const ann = await h.signUp();
    await seed(ann, [
      { decision: 'PENDING', name: 'Pending PENDING Co' },
      { decision: 'APPROVED', businessId: 'biz-1', name: 'Acme APPROVED Co' },
      { decision: 'APPROVED_PENDING', level: 'BASIC', currency: 'CAD', name: 'Basic Co' },
    ]);
    const list = (await h.call('GET', '/api/v2/accounts', ann)).json() as Array<Record<string, unknown>>;
    expect(
      list.map((a) => [a.riskDecision, a.applicationLevel, (a.company as { currency: string }).currency]).sort(),
    ).toEqual([
      ['APPROVED', 'FULL', 'USD'],
      ['APPROVED_PENDING', 'BASIC', 'CAD'],
      ['PENDING', 'FULL', 'USD'],
    ]);
  });

  it('refuses a bad seed (unknown decision, eleven accounts, no session) and stores nothing', async () => {
    const ann = await h.signUp();
    expect((await h.call('POST', '/sandbox/accounts', ann, { accounts: [{ decision: 'MAYBE' }] })).statusCode).toBe(
      400,
    );
    expect(
      (await h.call('POST', '/sandbox/accounts', ann, { accounts: Array.from({ length: 11 }, () => ({})) })).statusCode,
    ).toBe(400);
    expect((await h.call('POST', '/sandbox/accounts', undefined, { accounts: [{}] })).statusCode).toBe(401);
    expect(await countApplications(h.t.db)).toBe(0);
  });
});

describe('stores of a business', () => {
  it('lists the applications of the business as stores with attachability for the current service', async () => {
    const ann = await h.signUp();
    await seed(ann, [
      {
        decision: 'APPROVED',
        businessId: 'biz-1',
        serviceId: 'svc-1',
        serviceType: 'website',
        name: 'Main APPROVED Co',
      },
      { decision: 'PENDING', businessId: 'biz-1', name: 'Second PENDING Co' },
      { decision: 'APPROVED', businessId: 'biz-2', name: 'Other APPROVED Co' },
    ]);
    const all = (await h.call('GET', '/api/v2/accounts/biz-1/stores', ann)).json() as Array<Record<string, unknown>>;
    expect(all).toHaveLength(2);
    expect(all.every((s) => s.attachable === true)).toBe(true);
    const forWebsite = (
      await h.call('GET', '/api/v2/accounts/biz-1/stores?serviceId=svc-9&serviceType=website', ann)
    ).json() as Array<Record<string, unknown>>;
    expect(Object.fromEntries(forWebsite.map((s) => [s.name, s.attachable]))).toEqual({
      'Main APPROVED Co': false,
      'Second PENDING Co': true,
    });
  });

  it('is 403 for a business the user has no application of, and 400 for a malformed id', async () => {
    const ann = await h.signUp();
    const bob = await h.signUp();
    await seed(bob, [{ decision: 'APPROVED', businessId: 'biz-b' }]);
    const res = await h.call('GET', '/api/v2/accounts/biz-b/stores', ann);
    expect(res.statusCode).toBe(403);
    expect(res.json().details[0].key).toBe('accounts.errors.notYourBusiness');
    expect((await h.call('GET', '/api/v2/accounts/biz%20b/stores', ann)).statusCode).toBe(400);
  });

  it('creates a store as an ADD_STORE application of the newest profile, which onboards to its decision', async () => {
    const ann = await h.signUp();
    await seed(ann, [{ decision: 'APPROVED', businessId: 'biz-1', name: 'Acme APPROVED Co' }]);
    const res = await h.call('POST', '/api/v2/accounts/biz-1/stores', ann, { name: 'Second Street' });
    expect(res.statusCode).toBe(201);
    const doc = res.json();
    expect(doc.application).toMatchObject({ intent: 'ADD_STORE', businessId: 'biz-1', completed: false });
    expect(doc.company.dba).toBe('Second Street');
    const onboarded = await h.call('POST', `/api/v2/applications/${doc.application.id}/onboard`, ann);
    expect(onboarded.statusCode).toBe(200);
    expect(onboarded.json().application.decision).toBe('APPROVED');
    const stores = (await h.call('GET', '/api/v2/accounts/biz-1/stores', ann)).json() as Array<Record<string, unknown>>;
    expect(stores.map((s) => s.name).sort()).toEqual(['Acme APPROVED Co', 'Second Street']);
  });

  it('refuses a bad store name with the store-name message and creates nothing', async () => {
    const ann = await h.signUp();
    await seed(ann, [{ decision: 'APPROVED', businessId: 'biz-1' }]);
    const before = await countApplications(h.t.db);
    for (const name of ['ab', 'Shop #1', ' Lead', 'x'.repeat(65)]) {
      const res = await h.call('POST', '/api/v2/accounts/biz-1/stores', ann, { name });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0].key).toBe('validation.store-name');
    }
    expect(await countApplications(h.t.db)).toBe(before);
  });

  it('refuses a new store when the business has no approved profile (409)', async () => {
    const ann = await h.signUp();
    await seed(ann, [{ decision: 'PENDING', businessId: 'biz-1' }]);
    const res = await h.call('POST', '/api/v2/accounts/biz-1/stores', ann, { name: 'New Store' });
    expect(res.statusCode).toBe(409);
    expect(res.json().details[0].key).toBe('accounts.errors.noProfile');
  });

  it('connects a service to an attachable store and refuses one that is not (409, unchanged)', async () => {
    const ann = await h.signUp();
    await seed(ann, [
      { decision: 'APPROVED', businessId: 'biz-1', serviceId: 'svc-1', serviceType: 'website', name: 'Web Store' },
      { decision: 'APPROVED', businessId: 'biz-1', name: 'Bare Store' },
    ]);
    const stores = (await h.call('GET', '/api/v2/accounts/biz-1/stores', ann)).json() as Array<{
      id: string;
      name: string;
    }>;
    const web = stores.find((s) => s.name === 'Web Store')!;
    const bare = stores.find((s) => s.name === 'Bare Store')!;
    const refused = await h.call('POST', `/api/v2/accounts/biz-1/stores/${web.id}/connect`, ann, {
      serviceId: 'svc-2',
      serviceType: 'app',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().details[0].key).toBe('accounts.errors.notAttachable');
    const unchanged = (await h.call('GET', '/api/v2/accounts/biz-1/stores', ann)).json() as Array<{
      id: string;
      serviceId?: string;
    }>;
    expect(unchanged.find((s) => s.id === web.id)?.serviceId).toBe('svc-1');
    const ok = await h.call('POST', `/api/v2/accounts/biz-1/stores/${bare.id}/connect`, ann, {
      serviceId: 'svc-2',
      serviceType: 'app',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().application).toMatchObject({ serviceId: 'svc-2', serviceType: 'app' });
    expect(
      (
        await h.call('POST', '/api/v2/accounts/biz-1/stores/nope/connect', ann, {
          serviceId: 'svc-2',
          serviceType: 'app',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('POST /api/v2/applications/{id}/channels', () => {
  async function approved(cookie: string, decision = 'APPROVED') {
    const [account] = await seed(cookie, [{ decision, businessId: 'biz-1' }]);
    return account.applicationId;
  }

  it('FAILTWICE: two 503 answers for one idempotency key, then the channel; a repeat answers the same channel', async () => {
    const ann = await h.signUp();
    const id = await approved(ann);
    const send = () =>
      h.call(
        'POST',
        `/api/v2/applications/${id}/channels`,
        ann,
        { name: 'Shop FAILTWICE', type: 'ONLINE' },
        { 'idempotency-key': 'k-1' },
      );
    expect((await send()).statusCode).toBe(503);
    const second = await send();
    expect(second.statusCode).toBe(503);
    expect(second.json().message).toBeTruthy();
    const third = await send();
    expect(third.statusCode).toBe(201);
    expect(third.json()).toMatchObject({ name: 'Shop FAILTWICE', type: 'ONLINE', requested: true });
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(third.json().id);
  });

  it('NOTAUTHORIZED: 403 with the not-authorised message in the visitor’s language', async () => {
    const ann = await h.signUp();
    const id = await approved(ann);
    const en = await h.call('POST', `/api/v2/applications/${id}/channels`, ann, { name: 'Shop NOTAUTHORIZED' });
    expect(en.statusCode).toBe(403);
    expect(en.json().details[0].description).toBe('It seems like you are not authorized to create a channel.');
    const fr = await h.call(
      'POST',
      `/api/v2/applications/${id}/channels`,
      ann,
      { name: 'Shop NOTAUTHORIZED' },
      { 'accept-language': 'fr-CA' },
    );
    expect(fr.json().details[0].description).toMatch(/autoris/);
  });

  it('clears an unknown channel type', async () => {
    const ann = await h.signUp();
    const id = await approved(ann);
    const res = await h.call('POST', `/api/v2/applications/${id}/channels`, ann, { name: 'Market Stall', type: 'TV' });
    expect(res.statusCode).toBe(201);
    expect(res.json().type).toBeUndefined();
  });

  it('refuses a channel for an application without a profile decision (409) and a bad name (400)', async () => {
    const ann = await h.signUp();
    const pending = await approved(ann, 'PENDING');
    expect(
      (await h.call('POST', `/api/v2/applications/${pending}/channels`, ann, { name: 'Online Shop' })).statusCode,
    ).toBe(409);
    const id = await approved(ann);
    expect((await h.call('POST', `/api/v2/applications/${id}/channels`, ann, { name: '#' })).statusCode).toBe(400);
    const { rows } = await h.t.db.query('SELECT * FROM account_channels');
    expect(rows).toHaveLength(0);
  });
});

describe('POST /api/v2/applications/{id}/permissions', () => {
  it('sets the ehopper permission once on an onboarded application and refuses other types', async () => {
    const ann = await h.signUp();
    const [account] = await seed(ann, [{ decision: 'APPROVED' }]);
    const url = `/api/v2/applications/${account.applicationId}/permissions`;
    expect((await h.call('POST', url, ann, { type: 'ehopper' })).statusCode).toBe(201);
    expect((await h.call('POST', url, ann, { type: 'ehopper' })).statusCode).toBe(200);
    expect((await h.call('POST', url, ann, { type: 'admin' })).statusCode).toBe(400);
    const [draft] = await seed(ann, [{}]);
    expect(
      (await h.call('POST', `/api/v2/applications/${draft.applicationId}/permissions`, ann, { type: 'ehopper' }))
        .statusCode,
    ).toBe(409);
  });
});
