import { findApplication } from '../../server/storage/applications.ts';
import { completeCa, completeUs, startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());
beforeEach(async () => h.t.reset());

type Doc = {
  applicant: { governmentIdentification?: { value: string; sourceType: string } };
  company: { name?: string; governmentIdentification?: { value: string; sourceType: string } };
  application: { stepUpDetails: unknown[] };
};

async function application(body: object = completeUs) {
  const cookie = await h.signUp();
  const id = (await h.call('POST', '/api/v2/applications', cookie, body)).json().application.id as string;
  return { id, cookie };
}
const url = (id: string, manual = false) =>
  `/api/v2/applications/${id}/government-identifications${manual ? '/manual-entry' : ''}`;

describe('POST .../government-identifications', () => {
  it.each([
    ['SSN9', '123456780', 'applicant', 'INDIVIDUAL'],
    ['FEIN', '451234567', 'company', 'BUSINESS'],
    ['SSN4', '4321', 'applicant', 'INDIVIDUAL'],
  ])('files a US %s (%s) on the applicant or company, answered masked', async (sourceType, value, part, type) => {
    const { id, cookie } = await application();
    const res = await h.call('POST', url(id), cookie, { value, sourceType });
    expect(res.statusCode).toBe(201);
    expect(res.json()[part].governmentIdentification).toEqual({
      type,
      sourceType,
      value: `${'*'.repeat(value.length - 4)}${value.slice(-4)}`,
    });
    const stored = (await findApplication<Doc>(h.t.db, id))!.document;
    expect(
      (stored as unknown as Record<string, { governmentIdentification: { value: string } }>)[part]!
        .governmentIdentification.value,
    ).toBe(value);
  });

  it('files a Canadian corporation number and business number', async () => {
    const { id, cookie } = await application(completeCa);
    expect(
      (await h.call('POST', url(id), cookie, { value: '1234567', sourceType: 'CN' })).json().company
        .governmentIdentification.sourceType,
    ).toBe('CN');
    expect((await h.call('POST', url(id), cookie, { value: '451234567', sourceType: 'BN' })).statusCode).toBe(201);
  });

  it('accepts the short EIN form with short: true', async () => {
    const { id, cookie } = await application();
    expect((await h.call('POST', url(id), cookie, { value: '4567', sourceType: 'FEIN', short: true })).statusCode).toBe(
      201,
    );
  });

  it('refuses a value failing its source type format: 400 naming /value with the format key, nothing stored', async () => {
    const { id, cookie } = await application();
    const res = await h.call('POST', url(id), cookie, { value: '123456789', sourceType: 'SSN9' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toMatchObject({ field: '/value', key: 'validation.ssn' });
    expect((await findApplication<Doc>(h.t.db, id))!.document.applicant.governmentIdentification?.sourceType).toBe(
      'SSN4',
    );
  });

  it('refuses a source type of the other market: 400 naming /sourceType', async () => {
    const { id, cookie } = await application();
    const res = await h.call('POST', url(id), cookie, { value: '130692544', sourceType: 'SIN' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toMatchObject({ field: '/sourceType', key: 'errors.sourceTypeMarket' });
    const ca = await application(completeCa);
    expect(
      (await h.call('POST', url(ca.id), ca.cookie, { value: '451234567', sourceType: 'FEIN' })).json().details[0].field,
    ).toBe('/sourceType');
  });

  it('refuses an unknown source type and a missing value with 400 naming the field', async () => {
    const { id, cookie } = await application();
    expect(
      (await h.call('POST', url(id), cookie, { value: '1', sourceType: 'PASSPORT' })).json().details[0].field,
    ).toBe('/sourceType');
    expect((await h.call('POST', url(id), cookie, { sourceType: 'SSN9' })).json().details[0]).toMatchObject({
      field: '/value',
      key: 'validation.required',
    });
  });

  it('answers 403 to another user and 401 without a session', async () => {
    const { id } = await application();
    const stranger = await h.signUp();
    expect((await h.call('POST', url(id), stranger, { value: '123456780', sourceType: 'SSN9' })).statusCode).toBe(403);
    expect(
      (
        await h.call('POST', url(id, true), stranger, {
          value: '123456780',
          sourceType: 'SSN9',
          legalBusinessName: 'Acme Bakery',
        })
      ).statusCode,
    ).toBe(403);
    expect((await h.call('POST', url(id), undefined, { value: '123456780', sourceType: 'SSN9' })).statusCode).toBe(401);
  });
});

describe('POST .../government-identifications/manual-entry', () => {
  it('stores the full SSN and the legal business name, and answers a pending FULL_SSN step-up', async () => {
    const { id, cookie } = await application({
      ...completeUs,
      applicant: {
        ...completeUs.applicant,
        governmentIdentification: { type: 'INDIVIDUAL', value: '0008', sourceType: 'SSN4' },
      },
    });
    expect(
      (await h.call('POST', `/api/v2/applications/${id}/onboard`, cookie)).json().application.stepUpDetails,
    ).toEqual([{ type: 'FULL_SSN', status: 'REQUIRED' }]);
    const res = await h.call('POST', url(id, true), cookie, {
      value: '123456780',
      sourceType: 'SSN9',
      legalBusinessName: 'Acme Bakery LLC',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().company.name).toBe('Acme Bakery LLC');
    expect(res.json().application.stepUpDetails).toEqual([]);
  });

  it('refuses a legal name outside 3 to 64 characters and a source type manual entry does not take', async () => {
    const { id, cookie } = await application();
    const short = await h.call('POST', url(id, true), cookie, {
      value: '451234567',
      sourceType: 'FEIN',
      legalBusinessName: 'AB',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().details[0].field).toBe('/legalBusinessName');
    const ssn4 = await h.call('POST', url(id, true), cookie, {
      value: '4321',
      sourceType: 'SSN4',
      legalBusinessName: 'Acme Bakery',
    });
    expect(ssn4.json().details[0].field).toBe('/sourceType');
    expect((await findApplication<Doc>(h.t.db, id))!.document.company.name).toBe('Acme Bakery');
  });
});
