import { countApplications, findApplication } from '../../server/storage/applications.ts';
import { completeCa, completeUs, startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());
beforeEach(async () => h.t.reset());

const idPattern = /^urn:app:\w{4,12}-\w{4,12}-\w{4,12}-\w{4,12}-\w{4,12}$/;

describe('POST /api/v2/applications', () => {
  it('creates an application for the signed-in user: 201 with the document', async () => {
    const cookie = await h.signUp();
    const res = await h.call('POST', '/api/v2/applications', cookie, {
      applicant: completeUs.applicant,
      company: completeUs.company,
    });
    expect(res.statusCode).toBe(201);
    const doc = res.json();
    expect(doc.application.id).toMatch(idPattern);
    expect(doc.application).toMatchObject({
      intent: 'CREATE_BUSINESS',
      applicationLevel: 'FULL',
      boStatus: 'NONE',
      apiVersion: 'V2',
      stepUpDetails: [],
    });
    expect(doc.applicant.name).toEqual({ firstName: 'Ann', lastName: 'Lee' });
    expect(doc).toMatchObject({ owners: [], bank: {}, order: {} });
    expect((await findApplication(h.t.db, doc.application.id))?.document).toMatchObject({
      company: { name: 'Acme Bakery' },
    });
  });

  it('ignores a client-chosen id and never lets the client set a decision', async () => {
    const cookie = await h.signUp();
    const res = await h.call('POST', '/api/v2/applications', cookie, { application: { decision: 'APPROVED' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toMatchObject({ field: '/application/decision', key: 'errors.unknownField' });
    expect(await countApplications(h.t.db)).toBe(0);
  });

  it('answers 400 naming the field for a bad name, and stores nothing', async () => {
    const cookie = await h.signUp();
    const res = await h.call('POST', '/api/v2/applications', cookie, {
      applicant: { name: { firstName: 'Ann3', lastName: 'Lee' } },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error).toBe('VALIDATION_FAILED');
    expect(body.message).toBe('Please fill or correct required fields.');
    expect(body.details[0].field).toBe('/applicant/name/firstName');
    expect(body.details[0].key).toMatch(/^validation\./);
    expect(body.details[0].description.length).toBeGreaterThan(3);
    expect(await countApplications(h.t.db)).toBe(0);
  });

  it('applies the market rule: accents are refused in a US name, accepted in a Canadian one', async () => {
    const cookie = await h.signUp();
    const us = await h.call('POST', '/api/v2/applications', cookie, {
      applicant: { name: { firstName: 'Éloïse' } },
      company: { currency: 'USD' },
    });
    expect(us.statusCode).toBe(400);
    expect(us.json().details.map((d: { field: string }) => d.field)).toContain('/applicant/name/firstName');
    const ca = await h.call('POST', '/api/v2/applications', cookie, {
      applicant: completeCa.applicant,
      company: completeCa.company,
    });
    expect(ca.statusCode).toBe(201);
  });

  it('rejects wrong types instead of coercing them', async () => {
    const cookie = await h.signUp();
    const res = await h.call('POST', '/api/v2/applications', cookie, { company: { gpv: '25000' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('/company/gpv');
  });

  it('answers 400 for malformed JSON', async () => {
    const cookie = await h.signUp();
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/v2/applications',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{"applicant":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED' });
    expect(await countApplications(h.t.db)).toBe(0);
  });

  it('returns the same application for a retried create with the same Idempotency-Key', async () => {
    const cookie = await h.signUp();
    const headers = { 'idempotency-key': 'create-123' };
    const first = await h.call('POST', '/api/v2/applications', cookie, { company: { name: 'First Co' } }, headers);
    const retry = await h.call('POST', '/api/v2/applications', cookie, { company: { name: 'First Co' } }, headers);
    const other = await h.call('POST', '/api/v2/applications', cookie, {}, { 'idempotency-key': 'create-456' });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().application.id).toBe(first.json().application.id);
    expect(other.json().application.id).not.toBe(first.json().application.id);
    expect(await countApplications(h.t.db)).toBe(2);
  });

  it('answers 401 without a session, in the common error shape', async () => {
    const res = await h.call('POST', '/api/v2/applications', undefined, {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: 'UNAUTHENTICATED',
      message: 'Your session has expired. Please sign in again.',
      details: [],
    });
    expect(await countApplications(h.t.db)).toBe(0);
  });

  it('localises error messages by the locale cookie', async () => {
    const res = await h.call('POST', '/api/v2/applications', undefined, {}, { cookie: 'locale=fr-CA' });
    expect(res.json().message).toBe('Votre session a expiré. Veuillez vous connecter de nouveau.');
  });
});

describe('GET /api/v2/applications/:id', () => {
  it('answers the owner with the document', async () => {
    const cookie = await h.signUp();
    const created = (await h.call('POST', '/api/v2/applications', cookie, { company: { name: 'Read Me' } })).json();
    const res = await h.call('GET', `/api/v2/applications/${encodeURIComponent(created.application.id)}`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(created);
  });

  it('answers every read with the document the write answered, masked, the same bytes each time, and the new one after a change', async () => {
    const cookie = await h.signUp();
    // A Canadian applicant: the SIN is stored whole and answered masked to its last four.
    const created = await h.call('POST', '/api/v2/applications', cookie, {
      applicant: completeCa.applicant,
      company: completeCa.company,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().applicant.governmentIdentification.value).toMatch(/^\D+2544$/);
    const url = `/api/v2/applications/${encodeURIComponent(created.json().application.id)}`;
    // On PGlite the read cache answers repeated reads from one shared document, serialized once (the route).
    const reads = [];
    for (let read = 0; read < 3; read += 1) {
      const res = await h.call('GET', url, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(created.headers['content-type']);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual(created.json());
      reads.push(res.body);
    }
    expect(new Set(reads).size).toBe(1);
    const updated = await h.call('PUT', url, cookie, { company: { dba: 'Corner Shop' } });
    expect(updated.statusCode).toBe(200);
    const after = [(await h.call('GET', url, cookie)).body, (await h.call('GET', url, cookie)).body];
    expect(after[1]).toBe(after[0]);
    expect(JSON.parse(after[0])).toEqual(updated.json());
    expect(JSON.parse(after[0]).company.dba).toBe('Corner Shop');
  });

  it('answers 403 to another user, 401 without a session, 404 for an unknown id, 400 for a malformed id', async () => {
    const owner = await h.signUp();
    const stranger = await h.signUp();
    const id = (await h.call('POST', '/api/v2/applications', owner, {})).json().application.id as string;
    const url = `/api/v2/applications/${encodeURIComponent(id)}`;
    expect((await h.call('GET', url, stranger)).statusCode).toBe(403);
    expect((await h.call('GET', url, stranger)).json().error).toBe('FORBIDDEN');
    expect((await h.call('GET', url)).statusCode).toBe(401);
    expect((await h.call('GET', '/api/v2/applications/urn:app:0000-0000-0000-0000-0000', owner)).statusCode).toBe(404);
    const bad = await h.call('GET', '/api/v2/applications/not-an-id', owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('/params/id');
  });
});

describe('PUT /api/v2/applications/:id', () => {
  async function created(cookie: string, body: object = {}) {
    return (await h.call('POST', '/api/v2/applications', cookie, body)).json().application.id as string;
  }

  it('deep-merges a partial document and keeps what it does not mention', async () => {
    const cookie = await h.signUp();
    const id = await created(cookie, { applicant: { name: { firstName: 'Ann', lastName: 'Lee' } } });
    const res = await h.call('PUT', `/api/v2/applications/${id}`, cookie, {
      applicant: { name: { lastName: 'Park' }, dob: '01/15/1985' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().applicant).toEqual({ name: { firstName: 'Ann', lastName: 'Park' }, dob: '01/15/1985' });
    expect((await findApplication<{ applicant: object }>(h.t.db, id))?.document.applicant).toEqual(
      res.json().applicant,
    );
  });

  it('answers 400 naming the field for a bad value and changes nothing', async () => {
    const cookie = await h.signUp();
    const id = await created(cookie, { applicant: { name: { firstName: 'Ann' } } });
    const before = (await findApplication(h.t.db, id))?.document;
    const res = await h.call('PUT', `/api/v2/applications/${id}`, cookie, {
      applicant: { name: { firstName: 'Bob' }, address: { line1: 'PO Box 12' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toContain('/applicant/address/line1');
    expect((await findApplication(h.t.db, id))?.document).toEqual(before);
  });

  it('refuses a change of currency (doc1 §4.8: a new application is needed) with 409', async () => {
    const cookie = await h.signUp();
    const id = await created(cookie, { company: { currency: 'USD' } });
    const res = await h.call('PUT', `/api/v2/applications/${id}`, cookie, { company: { currency: 'CAD' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().details[0]).toMatchObject({ field: '/company/currency', key: 'errors.currencyChange' });
  });

  it('answers 403 to another user and 401 without a session, changing nothing', async () => {
    const owner = await h.signUp();
    const stranger = await h.signUp();
    const id = await created(owner, { company: { name: 'Mine Co' } });
    const forbidden = await h.call('PUT', `/api/v2/applications/${id}`, stranger, { company: { name: 'Theirs Co' } });
    expect(forbidden.statusCode).toBe(403);
    expect(
      (await h.call('PUT', `/api/v2/applications/${id}`, undefined, { company: { name: 'Theirs Co' } })).statusCode,
    ).toBe(401);
    expect((await findApplication<{ company: { name: string } }>(h.t.db, id))?.document.company.name).toBe('Mine Co');
  });

  it('answers 400 for an empty change', async () => {
    const cookie = await h.signUp();
    const id = await created(cookie);
    expect((await h.call('PUT', `/api/v2/applications/${id}`, cookie, {})).statusCode).toBe(400);
  });
});
