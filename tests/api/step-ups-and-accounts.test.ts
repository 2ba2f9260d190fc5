import { findApplication } from '../../server/storage/applications.ts';
import { readFileSync } from 'node:fs';
import { completeCa, completeInquiry, completeUs, startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());
beforeEach(async () => h.t.reset());

/** An onboarded US application whose SSN4 trigger asks for one step-up (see server/README.md). */
async function withStepUp(last4: string) {
  const cookie = await h.signUp();
  const body = {
    applicant: {
      ...completeUs.applicant,
      governmentIdentification: { type: 'INDIVIDUAL', value: last4, sourceType: 'SSN4' },
    },
    company: completeUs.company,
  };
  const id = (await h.call('POST', '/api/v2/applications', cookie, body)).json().application.id as string;
  const onboarded = await h.call('POST', `/api/v2/applications/${id}/onboard`, cookie);
  expect(onboarded.statusCode).toBe(200);
  return { id, cookie };
}

type Doc = {
  application: { stepUpDetails: Array<{ type: string }>; boStatus: string };
  applicant: { governmentIdentification?: { value: string } };
  owners: unknown[];
  company: { name: string };
};

describe('identity sessions use the template of the application’s country and kind (doc2 §9)', () => {
  const templates = JSON.parse(readFileSync('rules/identity-templates.json', 'utf8')).countries as Record<
    string,
    Record<string, string>
  >;
  async function onboarded(market: 'US' | 'CA', last4: string) {
    const cookie = await h.signUp();
    const base = market === 'US' ? completeUs : completeCa;
    const sourceType = market === 'US' ? 'SSN4' : 'SIN';
    const value = market === 'US' ? last4 : { '0004': '130740004', '0006': '130720006' }[last4]!; // Luhn-valid SINs ending in the trigger
    const body = {
      applicant: { ...base.applicant, governmentIdentification: { type: 'INDIVIDUAL', value, sourceType } },
      company: base.company,
    };
    const id = (await h.call('POST', '/api/v2/applications', cookie, body)).json().application.id as string;
    expect((await h.call('POST', `/api/v2/applications/${id}/onboard`, cookie)).statusCode).toBe(200);
    return { id, cookie };
  }
  it.each([
    ['US', 'identification', '0004', 'identification'],
    ['US', 'verification', '0006', 'verification'],
    ['CA', 'identification', '0004', 'identification'],
    ['CA', 'verification', '0006', 'verification'],
  ] as const)('%s %s', async (market, kind, last4, templateKind) => {
    const { id, cookie } = await onboarded(market, last4);
    const started = await h.call('POST', `/api/v2/applications/${id}/step-ups/${kind}/sessions`, cookie, {});
    expect(started.statusCode).toBe(201);
    expect(started.json().templateId).toBe(templates[market]![templateKind]);
    // A resumed session keeps the template it was started with.
    const resumed = await h.call(
      'GET',
      `/api/v2/applications/${id}/step-ups/${kind}/sessions/${started.json().inquiryId}`,
      cookie,
    );
    expect(resumed.json().templateId).toBe(templates[market]![templateKind]);
  });
  it('the four templates differ, so the test above cannot pass by accident', () => {
    const ids = ['US', 'CA'].flatMap((m) => [templates[m]!.identification, templates[m]!.verification]);
    expect(new Set(ids).size).toBe(4);
  });
});

describe('POST /api/v2/applications/:id/step-ups/{kind}', () => {
  it('full-ssn: stores the full SSN, clears FULL_SSN, answers it masked', async () => {
    const { id, cookie } = await withStepUp('0008');
    const res = await h.call('POST', `/api/v2/applications/${id}/step-ups/full-ssn`, cookie, { value: '123456780' });
    expect(res.statusCode).toBe(200);
    expect(res.json().application.stepUpDetails).toEqual([]);
    expect(res.json().applicant.governmentIdentification).toEqual({
      type: 'INDIVIDUAL',
      value: '*****6780',
      sourceType: 'SSN9',
    });
    expect((await findApplication<Doc>(h.t.db, id))?.document.applicant.governmentIdentification?.value).toBe(
      '123456780',
    );
  });

  it('full-ssn: 400 naming the field for an invalid SSN, nothing changed', async () => {
    const { id, cookie } = await withStepUp('0008');
    const res = await h.call('POST', `/api/v2/applications/${id}/step-ups/full-ssn`, cookie, { value: '123456789' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toMatchObject({ field: '/value', key: 'validation.ssn' });
    expect((await findApplication<Doc>(h.t.db, id))?.document.application.stepUpDetails).toEqual([
      { type: 'FULL_SSN', status: 'REQUIRED' },
    ]);
  });

  it('answers 409 for a step-up the application does not have', async () => {
    const { id, cookie } = await withStepUp('0004');
    const res = await h.call('POST', `/api/v2/applications/${id}/step-ups/full-ssn`, cookie, { value: '123456780' });
    expect(res.statusCode).toBe(409);
    expect(res.json().details[0].key).toBe('errors.stepUpNotRequired');
  });

  it.each([
    ['identification', '0004'],
    ['verification', '0006'],
  ])(
    '%s: needs a completed inquiry of this application, then records it and clears the step-up',
    async (kind, last4) => {
      const { id, cookie } = await withStepUp(last4);
      const session = await h.call('POST', `/api/v2/applications/${id}/step-ups/${kind}/sessions`, cookie, {});
      expect(session.statusCode).toBe(201);
      const { inquiryId, url } = session.json();
      const unfinished = await h.call('POST', `/api/v2/applications/${id}/step-ups/${kind}`, cookie, { inquiryId });
      expect(unfinished.statusCode).toBe(409);
      expect(unfinished.json().details[0].key).toBe('errors.inquiryNotCompleted');
      await completeInquiry(h, url, 'RECEIVED');
      const res = await h.call('POST', `/api/v2/applications/${id}/step-ups/${kind}`, cookie, { inquiryId });
      expect(res.statusCode).toBe(200);
      expect(res.json().application.stepUpDetails).toEqual([]);
      expect(
        (await h.call('POST', `/api/v2/applications/${id}/step-ups/${kind}`, cookie, { inquiryId: 'x' })).statusCode,
      ).toBe(400);
    },
  );

  it.each([
    ['the one-time code', '0005', 'OTP_SMS'],
    ['the phone link', '0009', 'PHONE_AUTH'],
  ])(
    'switching from %s to a photo ID (doc1 §2.7) starts the check, and its success answers the step-up',
    async (_name, last4, kind) => {
      const { id, cookie } = await withStepUp(last4);
      expect((await findApplication<Doc>(h.t.db, id))?.document.application.stepUpDetails.map((s) => s.type)).toEqual([
        kind,
      ]);
      const session = await h.call('POST', `/api/v2/applications/${id}/step-ups/identification/sessions`, cookie, {});
      expect(session.statusCode).toBe(201);
      // Business documents are no stand-in for a phone check.
      expect(
        (await h.call('POST', `/api/v2/applications/${id}/step-ups/verification/sessions`, cookie, {})).statusCode,
      ).toBe(409);
      const { inquiryId, url } = session.json();
      await completeInquiry(h, url, 'RECEIVED');
      const res = await h.call('POST', `/api/v2/applications/${id}/step-ups/identification`, cookie, { inquiryId });
      expect(res.statusCode).toBe(200);
      expect(res.json().application.stepUpDetails).toEqual([]);
      expect((await findApplication<Doc>(h.t.db, id))?.document.application.stepUpDetails).toEqual([]);
    },
  );

  it('identification: an inquiry made up or of another application is refused with 400 naming /inquiryId', async () => {
    const { id, cookie } = await withStepUp('0004');
    const other = await withStepUp('0004');
    const session = await h.call(
      'POST',
      `/api/v2/applications/${other.id}/step-ups/identification/sessions`,
      other.cookie,
      {},
    );
    await completeInquiry(h, session.json().url, 'RECEIVED');
    for (const inquiryId of ['inq_sandbox_1', session.json().inquiryId]) {
      const res = await h.call('POST', `/api/v2/applications/${id}/step-ups/identification`, cookie, { inquiryId });
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0]).toMatchObject({ field: '/inquiryId', key: 'errors.inquiryUnknown' });
    }
    expect((await findApplication<Doc>(h.t.db, id))?.document.application.stepUpDetails).toEqual([
      { type: 'GOV_ID_SELFIE', status: 'REQUIRED' },
    ]);
  });

  it('business-info: merges corrected company details, with the market check', async () => {
    const { id, cookie } = await withStepUp('0003');
    const bad = await h.call('POST', `/api/v2/applications/${id}/step-ups/business-info`, cookie, {
      company: { name: 'Café Ltée' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('/company/name');
    const res = await h.call('POST', `/api/v2/applications/${id}/step-ups/business-info`, cookie, {
      company: { name: 'Acme Bakery Inc', dba: 'Acme' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().company).toMatchObject({ name: 'Acme Bakery Inc', dba: 'Acme', segment: '5462' });
    expect(res.json().application.stepUpDetails).toEqual([]);
  });

  it('beneficial-owners: stores partners, sets INFO_PROVIDED and asks for their verification', async () => {
    const { id, cookie } = await withStepUp('0001');
    const res = await h.call('POST', `/api/v2/applications/${id}/step-ups/beneficial-owners`, cookie, {
      owners: [{ firstName: 'Bob', lastName: 'Stone', email: 'bob@example.com', ownershipPercent: 30 }],
    });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.application.boStatus).toBe('INFO_PROVIDED');
    expect(doc.application.stepUpDetails).toEqual([{ type: 'BO_VERIFICATION', status: 'REQUIRED' }]);
    expect(doc.owners).toEqual([
      expect.objectContaining({ firstName: 'Bob', type: 'OWNER', id: expect.stringMatching(/^urn:owner:/) }),
    ]);
  });

  it('beneficial-owners: a sole owner clears BO_INFO with no owners; partners under 25% are refused', async () => {
    const { id, cookie } = await withStepUp('0001');
    const low = await h.call('POST', `/api/v2/applications/${id}/step-ups/beneficial-owners`, cookie, {
      owners: [{ firstName: 'Bob', lastName: 'Stone', email: 'bob@example.com', ownershipPercent: 10 }],
    });
    expect(low.statusCode).toBe(400);
    expect(low.json().details[0].field).toBe('/owners/0/ownershipPercent');
    const sole = await h.call('POST', `/api/v2/applications/${id}/step-ups/beneficial-owners`, cookie, {
      owners: [],
      soleOwner: true,
    });
    expect(sole.statusCode).toBe(200);
    expect(sole.json().application).toMatchObject({ boStatus: 'NONE', stepUpDetails: [] });
  });

  it('answers 403 to another user and 401 without a session', async () => {
    const { id } = await withStepUp('0008');
    const stranger = await h.signUp();
    expect(
      (await h.call('POST', `/api/v2/applications/${id}/step-ups/full-ssn`, stranger, { value: '123456780' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await h.call('POST', `/api/v2/applications/${id}/step-ups/full-ssn`, undefined, { value: '123456780' }))
        .statusCode,
    ).toBe(401);
    expect((await findApplication<Doc>(h.t.db, id))?.document.application.stepUpDetails).toEqual([
      { type: 'FULL_SSN', status: 'REQUIRED' },
    ]);
  });
});

describe('GET /api/v2/accounts', () => {
  it("lists only the signed-in user's applications, newest first, as account entries", async () => {
    const ann = await h.signUp();
    const bob = await h.signUp();
    const first = (
      await h.call('POST', '/api/v2/applications', ann, { company: { name: 'First Co', currency: 'USD' } })
    ).json().application.id;
    await new Promise((r) => setTimeout(r, 5));
    const second = (
      await h.call('POST', '/api/v2/applications', ann, {
        applicant: completeUs.applicant,
        company: completeUs.company,
      })
    ).json().application.id;
    await h.call('POST', `/api/v2/applications/${second}/onboard`, ann);
    await h.call('POST', '/api/v2/applications', bob, { company: { name: 'Bobs Co' } });
    const res = await h.call('GET', '/api/v2/accounts', ann);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((a: { applicationId: string }) => a.applicationId)).toEqual([second, first]);
    expect(list[0]).toMatchObject({
      riskDecision: 'APPROVED',
      applicationLevel: 'FULL',
      company: { name: 'Acme Bakery', currency: 'USD' },
      originalIntent: 'CREATE_BUSINESS',
    });
    expect(list[1].riskDecision).toBeUndefined();
    expect(JSON.stringify(list)).not.toContain('Bobs Co');
  });

  it('answers 401 without a session', async () => {
    expect((await h.call('GET', '/api/v2/accounts')).statusCode).toBe(401);
  });
});
