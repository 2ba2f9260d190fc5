import { findApplication } from '../../server/storage/applications.ts';
import { completeCa, completeUs, startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());
beforeEach(async () => h.t.reset());

type Body = { applicant?: object; company?: object };

/** Creates an application from `body` and onboards it; returns the onboard answer. */
async function onboard(body: Body, cookie?: string) {
  const who = cookie ?? (await h.signUp());
  const created = await h.call('POST', '/api/v2/applications', who, body);
  expect(created.statusCode).toBe(201);
  const id = created.json().application.id as string;
  return { id, cookie: who, res: await h.call('POST', `/api/v2/applications/${id}/onboard`, who) };
}

const withName = (name: string): Body => ({
  applicant: completeUs.applicant,
  company: { ...completeUs.company, name },
});
const withGovId = (value: string, sourceType = 'SSN9'): Body => ({
  applicant: { ...completeUs.applicant, governmentIdentification: { type: 'INDIVIDUAL', value, sourceType } },
  company: completeUs.company,
});

describe('POST /api/v2/applications/:id/onboard', () => {
  it('approves a complete, regular application by default and marks it completed', async () => {
    const { id, res } = await onboard({ applicant: completeUs.applicant, company: completeUs.company });
    expect(res.statusCode).toBe(200);
    expect(res.json().application).toMatchObject({
      decision: 'APPROVED',
      stepUpDetails: [],
      boStatus: 'NONE',
      applicationLevel: 'FULL',
      completed: true,
    });
    expect(
      (await findApplication<{ application: { decision: string } }>(h.t.db, id))?.document.application.decision,
    ).toBe('APPROVED');
  });

  it('approves a complete Canadian application', async () => {
    const { res } = await onboard({ applicant: completeCa.applicant, company: completeCa.company });
    expect(res.statusCode).toBe(200);
    expect(res.json().application.decision).toBe('APPROVED');
  });

  it('answers 400 listing every missing required field, and decides nothing', async () => {
    const { id, res } = await onboard({ applicant: { name: { firstName: 'Ann' } }, company: { currency: 'USD' } });
    expect(res.statusCode).toBe(400);
    const fields = res.json().details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        '/applicant/name/lastName',
        '/applicant/dob',
        '/applicant/address/state',
        '/company/name',
        '/company/segment',
      ]),
    );
    expect(fields).not.toContain('/applicant/name/firstName');
    expect(fields).not.toContain('/applicant/address/territory');
    expect(res.json().details.every((d: { key: string }) => d.key === 'validation.required')).toBe(true);
    expect(
      (await findApplication<{ application: { decision?: string } }>(h.t.db, id))?.document.application.decision,
    ).toBeUndefined();
  });

  it('asks Canadian applications for the province, not the state', async () => {
    const { res } = await onboard({
      applicant: { ...completeCa.applicant, address: { line1: '500 Rue Sherbrooke', city: 'Laval', zip: 'H9B 1Y7' } },
      company: completeCa.company,
    });
    const fields = res.json().details.map((d: { field: string }) => d.field);
    expect(fields).toContain('/applicant/address/territory');
    expect(fields).not.toContain('/applicant/address/state');
  });

  it('is idempotent: a second onboard answers the stored decision', async () => {
    const { id, cookie, res } = await onboard(withName('Acme PENDING Co'));
    const again = await h.call('POST', `/api/v2/applications/${id}/onboard`, cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
  });

  it('answers 403 to another user and 401 without a session', async () => {
    const owner = await h.signUp();
    const id = (
      await h.call('POST', '/api/v2/applications', owner, {
        applicant: completeUs.applicant,
        company: completeUs.company,
      })
    ).json().application.id;
    const stranger = await h.signUp();
    expect((await h.call('POST', `/api/v2/applications/${id}/onboard`, stranger)).statusCode).toBe(403);
    expect((await h.call('POST', `/api/v2/applications/${id}/onboard`)).statusCode).toBe(401);
    expect(
      (await findApplication<{ application: { decision?: string } }>(h.t.db, id))?.document.application.decision,
    ).toBeUndefined();
  });
});

describe('category restrictions (doc2 §9)', () => {
  it('declines a SUPER_PROHIBITED industry (MCC 7801, only super-prohibited industries use it)', async () => {
    const { res } = await onboard({
      applicant: completeUs.applicant,
      company: { ...completeUs.company, segment: '7801' },
    });
    expect(res.json().application.decision).toBe('DECLINED');
  });

  it('sends a PROHIBITED industry to manual review (PENDING)', async () => {
    const { res } = await onboard({
      applicant: completeUs.applicant,
      company: { ...completeUs.company, segment: '7802' },
    });
    expect(res.json().application.decision).toBe('PENDING');
  });

  it('does not let the browser downgrade a shared MCC below the types the list gives it', async () => {
    // 7995 is used by SUPER_PROHIBITED and PROHIBITED industries only: claiming REGULAR is not believed.
    const { res } = await onboard({
      applicant: completeUs.applicant,
      company: { ...completeUs.company, segment: '7995', mccDetails: { type: 'REGULAR' } },
    });
    expect(res.json().application.decision).toBe('DECLINED');
  });

  it('believes the chosen industry when its MCC is shared with other types', async () => {
    // 5999 has REGULAR, PROHIBITED and SUPER_PROHIBITED industries.
    const { res } = await onboard({
      applicant: completeUs.applicant,
      company: { ...completeUs.company, segment: '5999', mccDetails: { type: 'PROHIBITED' } },
    });
    expect(res.json().application.decision).toBe('PENDING');
  });
});

// The sandbox triggers as server/README.md documents them: the expected outcomes are written here, not
// read from rules/decisioning.json, so a changed rule without a changed document fails.
const nameTriggers: Array<[string, string, string]> = [
  ['Acme APPROVED Co', 'APPROVED', 'FULL'],
  ['Acme APPROVEDPENDING Co', 'APPROVED_PENDING', 'FULL'],
  ['Acme PENDING Co', 'PENDING', 'FULL'],
  ['Acme DECLINED Co', 'DECLINED', 'FULL'],
  ['Acme DECLINEDPENDING Co', 'DECLINED_PENDING', 'FULL'],
  ['Acme ERROR Co', 'ERROR', 'FULL'],
  ['Acme BASICLEVEL Co', 'APPROVED_PENDING', 'BASIC'],
];

describe('sandbox triggers: legal business name', () => {
  it.each(nameTriggers)('%s gives %s at level %s', async (name, decision, level) => {
    const { res } = await onboard(withName(name));
    expect(res.statusCode).toBe(200);
    expect(res.json().application).toMatchObject({ decision, applicationLevel: level, stepUpDetails: [] });
  });

  it('matches trigger words in capitals only', async () => {
    const { res } = await onboard(withName('Declined Pending Bakery'));
    expect(res.json().application.decision).toBe('APPROVED');
  });
});

const stepUpTriggers: Array<[string, string, string]> = [
  ['0001', 'BO_INFO', 'WAITING_FOR_INFO'],
  ['0002', 'BO_VERIFICATION', 'INFO_PROVIDED'],
  ['0003', 'BUSINESS_INFO', 'NONE'],
  ['0004', 'GOV_ID_SELFIE', 'NONE'],
  ['0005', 'OTP_SMS', 'NONE'],
  ['0006', 'EIN_DOC', 'NONE'],
  ['0007', 'FULL_ONBOARDING', 'NONE'],
  ['0008', 'FULL_SSN', 'NONE'],
  ['0009', 'PHONE_AUTH', 'NONE'],
];

describe('sandbox triggers: government id ending', () => {
  it.each(stepUpTriggers)('SSN4 %s asks for %s (boStatus %s)', async (last4, stepUp, boStatus) => {
    const { res } = await onboard(withGovId(last4, 'SSN4'));
    expect(res.statusCode).toBe(200);
    expect(res.json().application).toMatchObject({
      decision: 'APPROVED_PENDING',
      boStatus,
      stepUpDetails: [{ type: stepUp, status: 'REQUIRED' }],
    });
  });

  it('works with a full SSN ending in the trigger digits', async () => {
    const { res } = await onboard(withGovId('123450004'));
    expect(res.json().application.stepUpDetails).toEqual([{ type: 'GOV_ID_SELFIE', status: 'REQUIRED' }]);
  });

  it('works with a valid SIN ending in the trigger digits (Canada)', async () => {
    const { res } = await onboard({
      applicant: {
        ...completeCa.applicant,
        governmentIdentification: { type: 'INDIVIDUAL', value: '130700008', sourceType: 'SIN' },
      },
      company: completeCa.company,
    });
    expect(res.json().application.stepUpDetails).toEqual([{ type: 'FULL_SSN', status: 'REQUIRED' }]);
  });

  it('does not trigger on other endings', async () => {
    const { res } = await onboard(withGovId('0010', 'SSN4'));
    expect(res.json().application).toMatchObject({ decision: 'APPROVED', stepUpDetails: [] });
  });
});
