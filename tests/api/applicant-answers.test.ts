/**
 * Issue 6 through the reference API: the beneficial-owner answer (doc1 §2.7; rules/decisioning.json row
 * beneficial-owners-declared) and the FULL_SSN step-up answered with the SIN in Canada (doc1 §4.5;
 * rules/government-ids.json: SIN clears FULL_SSN).
 */
import { findApplication } from '../../server/storage/applications.ts';
import { completeCa, completeUs, startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());
beforeEach(async () => h.t.reset());

async function create(body: object) {
  const cookie = await h.signUp();
  const created = await h.call('POST', '/api/v2/applications', cookie, body);
  expect(created.statusCode).toBe(201);
  return { cookie, id: created.json().application.id as string };
}

describe('beneficial-owner answer', () => {
  it('YES, saved with PUT, makes onboarding ask for the partners: BO_INFO, boStatus WAITING_FOR_INFO', async () => {
    const { cookie, id } = await create({ applicant: completeUs.applicant, company: completeUs.company });
    const put = await h.call('PUT', `/api/v2/applications/${id}`, cookie, { company: { beneficialOwners: 'YES' } });
    expect(put.statusCode).toBe(200);
    expect(put.json().company.beneficialOwners).toBe('YES');
    const res = await h.call('POST', `/api/v2/applications/${id}/onboard`, cookie);
    expect(res.json().application).toMatchObject({
      decision: 'APPROVED_PENDING',
      stepUpDetails: [{ type: 'BO_INFO', status: 'REQUIRED' }],
      boStatus: 'WAITING_FOR_INFO',
    });
  });

  it('NO is approved as before, boStatus NONE', async () => {
    const { cookie, id } = await create({
      applicant: completeUs.applicant,
      company: { ...completeUs.company, beneficialOwners: 'NO' },
    });
    const res = await h.call('POST', `/api/v2/applications/${id}/onboard`, cookie);
    expect(res.json().application).toMatchObject({ decision: 'APPROVED', stepUpDetails: [], boStatus: 'NONE' });
  });

  it('any other value is refused with 400 naming the field, and nothing is stored', async () => {
    const { cookie, id } = await create({ applicant: completeUs.applicant, company: completeUs.company });
    for (const value of ['MAYBE', true, 'yes']) {
      const res = await h.call('PUT', `/api/v2/applications/${id}`, cookie, { company: { beneficialOwners: value } });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().details)).toContain('beneficialOwners');
    }
    expect(
      (await findApplication<{ company: Record<string, unknown> }>(h.t.db, id))?.document.company.beneficialOwners,
    ).toBeUndefined();
  });
});

describe('FULL_SSN in Canada', () => {
  const sinEnding = (value: string) => ({
    ...completeCa.applicant,
    governmentIdentification: { type: 'INDIVIDUAL', value, sourceType: 'SIN' },
  });

  it('a valid SIN filed on government-identifications answers FULL_SSN; a bad one is refused and FULL_SSN stays', async () => {
    const { cookie, id } = await create({ applicant: sinEnding('130700008'), company: completeCa.company });
    const onboard = await h.call('POST', `/api/v2/applications/${id}/onboard`, cookie);
    expect(onboard.json().application.stepUpDetails).toEqual([{ type: 'FULL_SSN', status: 'REQUIRED' }]);
    const url = `/api/v2/applications/${id}/government-identifications`;

    const bad = await h.call('POST', url, cookie, { value: '130692545', sourceType: 'SIN' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({ field: '/value', key: 'validation.sin' });
    const ssn = await h.call('POST', url, cookie, { value: '512345678', sourceType: 'SSN9' });
    expect(ssn.statusCode).toBe(400);
    expect(ssn.json().details[0]).toMatchObject({ field: '/sourceType', key: 'errors.sourceTypeMarket' });
    const still = await findApplication<{ application: { stepUpDetails: unknown[] } }>(h.t.db, id);
    expect(still?.document.application.stepUpDetails).toEqual([{ type: 'FULL_SSN', status: 'REQUIRED' }]);

    const good = await h.call('POST', url, cookie, { value: '130692544', sourceType: 'SIN' });
    expect(good.statusCode).toBe(201);
    expect(good.json().application.stepUpDetails).toEqual([]);
    expect(good.json().applicant.governmentIdentification).toMatchObject({ type: 'INDIVIDUAL', sourceType: 'SIN' });
    expect(good.json().applicant.governmentIdentification.value).not.toContain('130692');
  });
});
