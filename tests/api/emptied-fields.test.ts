/**
 * Issue 22 item 2: an optional field the applicant empties is absent, browser and API alike. The browser sends an
 * emptied field as null (JSON Merge Patch, RFC 7386: null removes); the API removes it from the stored document,
 * answers 200, and still refuses a null for a field the document cannot be without.
 */
import { findApplication } from '../../server/storage/applications.ts';
import { completeUs, startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());
beforeEach(async () => h.t.reset());

async function create() {
  const cookie = await h.signUp();
  const address = { ...completeUs.applicant.address, line2: 'Suite 219' };
  const created = await h.call('POST', '/api/v2/applications', cookie, {
    applicant: { ...completeUs.applicant, address },
    company: completeUs.company,
  });
  expect(created.statusCode).toBe(201);
  return { cookie, id: created.json().application.id as string };
}

describe('an emptied optional field', () => {
  it('null for an optional field removes it: 200, and the stored document no longer has it', async () => {
    const { cookie, id } = await create();
    const put = await h.call('PUT', `/api/v2/applications/${id}`, cookie, { applicant: { address: { line2: null } } });
    expect(put.statusCode).toBe(200);
    expect(put.json().applicant.address).not.toHaveProperty('line2');
    const stored = await findApplication<{ applicant: { address: Record<string, unknown> } }>(h.t.db, id);
    expect(stored?.document.applicant.address).not.toHaveProperty('line2');
    expect(stored?.document.applicant.address.line1).toBe(completeUs.applicant.address.line1);
  });

  it('null for a field the application cannot be without is a 400 naming it, and nothing changes', async () => {
    const { cookie, id } = await create();
    const put = await h.call('PUT', `/api/v2/applications/${id}`, cookie, {
      applicant: { address: { line1: null, line2: null } },
    });
    expect(put.statusCode).toBe(400);
    expect(JSON.stringify(put.json().details)).toContain('/applicant/address/line1');
    const stored = await findApplication<{ applicant: { address: Record<string, unknown> } }>(h.t.db, id);
    expect(stored?.document.applicant.address).toMatchObject({
      line1: completeUs.applicant.address.line1,
      line2: 'Suite 219',
    });
  });
});
