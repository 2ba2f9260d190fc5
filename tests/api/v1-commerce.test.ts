import { countApplications, findApplication } from '../../server/storage/applications.ts';
import { completeUs, startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());
beforeEach(async () => h.t.reset());

const base = '/api/v1/commerce/onboarding-applications';
const applicant = {
  type: 'APPLICANT_OWNER',
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phone: { nationalNumber: '2125551234' },
  dob: '01/15/1985',
  governmentIdentification: { type: 'INDIVIDUAL', value: '4321', sourceType: 'SSN4' },
  address: completeUs.applicant.address,
};
const body = {
  individuals: [
    applicant,
    { type: 'OWNER', firstName: 'Bob', lastName: 'Stone', email: 'bob@example.com', ownershipPercent: 30 },
  ],
  company: { name: 'Acme APPROVED Co', segment: '5462', currency: 'USD', phone: { localPhoneNumber: '2125551234' } },
  metadata: { source: 'partner-site', medium: 'web' },
  intent: 'CREATE_BUSINESS',
  products: ['payments'],
  commerceAccountFeatures: ['invoicing'],
};
const v1Headers = { 'x-upstream-timeout': '300000', referer: 'https://partner.example/' };

describe('POST /api/v1/commerce/onboarding-applications', () => {
  it('creates a V1 application: applicant from the individuals, partners as owners, metadata kept', async () => {
    const cookie = await h.signUp();
    const res = await h.call('POST', base, cookie, body, v1Headers);
    expect(res.statusCode).toBe(201);
    const doc = res.json();
    expect(doc.application).toMatchObject({
      apiVersion: 'V1',
      intent: 'CREATE_BUSINESS',
      source: 'partner-site',
      products: ['payments'],
    });
    expect(doc.applicant.name).toEqual({ firstName: 'Ann', lastName: 'Lee' });
    expect(doc.owners).toEqual([
      expect.objectContaining({ firstName: 'Bob', type: 'OWNER', id: expect.stringMatching(/^urn:owner:/) }),
    ]);
    expect(doc.application.decision).toBeUndefined();
  });

  it('?onboard=true decides at once; ?mock=true marks it; the add-store variant is an ADD_STORE with its store name', async () => {
    const cookie = await h.signUp();
    const onboarded = await h.call('POST', `${base}?onboard=true&mock=true`, cookie, body);
    expect(onboarded.json().application).toMatchObject({ decision: 'APPROVED', completed: true, mock: true });
    const store = await h.call('POST', base, cookie, { ...body, store: { name: 'Main Street (East)' } });
    expect(store.json().application).toMatchObject({ intent: 'ADD_STORE', storeName: 'Main Street (East)' });
  });

  it('is idempotent with an Idempotency-Key', async () => {
    const cookie = await h.signUp();
    const first = await h.call('POST', base, cookie, body, { 'idempotency-key': 'v1-create-1' });
    const again = await h.call('POST', base, cookie, body, { 'idempotency-key': 'v1-create-1' });
    expect(again.statusCode).toBe(200);
    expect(again.json().application.id).toBe(first.json().application.id);
    expect(await countApplications(h.t.db)).toBe(1);
  });

  it('refuses a bad store name, a bad individual and an incomplete onboard with 400 naming the field, storing nothing', async () => {
    const cookie = await h.signUp();
    const store = await h.call('POST', base, cookie, { ...body, store: { name: 'AB' } });
    expect(store.statusCode).toBe(400);
    expect(store.json().details[0]).toMatchObject({ field: '/store/name' });
    const person = await h.call('POST', base, cookie, { ...body, individuals: [{ ...applicant, firstName: 'Ann3' }] });
    expect(person.json().details[0]).toMatchObject({
      field: '/individuals/0/firstName',
      key: 'validation.name.digits',
    });
    const incomplete = await h.call('POST', `${base}?onboard=true`, cookie, { ...body, company: { name: 'Acme Co' } });
    expect(incomplete.json().details.map((d: { field: string }) => d.field)).toContain('/company/segment');
    expect(await countApplications(h.t.db)).toBe(0);
  });
});

describe('PATCH /api/v1/commerce/onboarding-applications/{id} (JSON patch)', () => {
  async function created() {
    const cookie = await h.signUp();
    const id = (await h.call('POST', base, cookie, body)).json().application.id as string;
    return { id, cookie };
  }
  const patch = (id: string, cookie: string, ops: unknown) =>
    h.app.inject({
      method: 'PATCH',
      url: `${base}/${id}`,
      headers: { cookie, 'content-type': 'application/json-patch+json' },
      payload: JSON.stringify(ops),
    });

  it('applies add, replace, remove and test in order', async () => {
    const { id, cookie } = await created();
    const res = await patch(id, cookie, [
      { op: 'test', path: '/company/name', value: 'Acme APPROVED Co' },
      { op: 'replace', path: '/company/dba', value: 'Acme' },
      { op: 'add', path: '/applicant/address/line2', value: 'Suite 5' },
      { op: 'remove', path: '/application/medium' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().company.dba).toBe('Acme');
    expect(res.json().applicant.address.line2).toBe('Suite 5');
    expect(res.json().application.medium).toBeUndefined();
  });

  it('refuses a bad value (400 naming the field), a failed test (409), a path outside the document (400), changing nothing', async () => {
    const { id, cookie } = await created();
    const bad = await patch(id, cookie, [
      { op: 'replace', path: '/company/dba', value: 'Acme' },
      { op: 'replace', path: '/applicant/name/firstName', value: 'Ann3' },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({ field: '/applicant/name/firstName', key: 'validation.name.digits' });
    expect((await patch(id, cookie, [{ op: 'test', path: '/company/name', value: 'Other' }])).statusCode).toBe(409);
    const outside = await patch(id, cookie, [{ op: 'replace', path: '/application/decision', value: 'APPROVED' }]);
    expect(outside.statusCode).toBe(400);
    expect((await patch(id, cookie, [{ op: 'add', path: '/owners/0', value: {} }])).json().details[0].field).toBe(
      '/0/path',
    );
    const stored = (await findApplication<{ company: { dba?: string }; application: { decision?: string } }>(
      h.t.db,
      id,
    ))!.document;
    expect(stored.company.dba).toBeUndefined();
    expect(stored.application.decision).toBeUndefined();
  });

  it('answers 403 to another user and 401 without a session', async () => {
    const { id } = await created();
    expect(
      (await patch(id, await h.signUp(), [{ op: 'replace', path: '/company/dba', value: 'X Co' }])).statusCode,
    ).toBe(403);
    expect(
      (
        await h.app.inject({
          method: 'PATCH',
          url: `${base}/${id}`,
          headers: { 'content-type': 'application/json-patch+json' },
          payload: JSON.stringify([{ op: 'remove', path: '/company/dba' }]),
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('POST /api/v1/commerce/onboarding-applications/{id}/onboard', () => {
  it('decides once (idempotent), 403 to another user', async () => {
    const cookie = await h.signUp();
    const id = (await h.call('POST', base, cookie, body)).json().application.id as string;
    const first = await h.call('POST', `${base}/${id}/onboard`, cookie);
    expect(first.json().application.decision).toBe('APPROVED');
    const again = await h.call('POST', `${base}/${id}/onboard`, cookie);
    expect(again.json().application.businessId).toBe(first.json().application.businessId);
    expect((await h.call('POST', `${base}/${id}/onboard`, await h.signUp())).statusCode).toBe(403);
  });
});

describe('GET /api/v1/commerce/onboarding-applications/{id}/individuals', () => {
  it('lists the partners of a V1 application to its user only', async () => {
    const cookie = await h.signUp();
    const id = (await h.call('POST', base, cookie, body)).json().application.id as string;
    const res = await h.call('GET', `${base}/${id}/individuals`, cookie);
    expect(res.json()).toEqual([expect.objectContaining({ firstName: 'Bob', type: 'OWNER' })]);
    expect((await h.call('GET', `${base}/${id}/individuals`, await h.signUp())).statusCode).toBe(403);
    expect((await h.call('GET', `${base}/x/individuals`, cookie)).json().details[0].field).toBe('/params/id');
  });
});
