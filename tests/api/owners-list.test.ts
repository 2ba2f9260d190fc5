/**
 * The applicant's list of partners (server/routes/owners-list.ts): create, patch, delete and send invitations while
 * BO_INFO is pending (doc1 §4.6), unique partner emails (doc2 §5), the incomplete-owner rule, the V1 individuals
 * paths, and the partner's side: the emailed link claimed by the partner's own account, 403 for anyone else.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findApplication } from '../../server/storage/applications.ts';
import { listOutbox } from '../../server/storage/outbox.ts';
import { completeInquiry, completeUs, startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());
beforeEach(async () => h.t.reset());

type Owner = {
  id: string;
  type: string;
  status: string;
  firstName: string;
  email?: string;
  stepUpDetails: Array<{ type: string }>;
};
type Doc = {
  application: { stepUpDetails: Array<{ type: string }>; boStatus: string; apiVersion?: string };
  owners: Owner[];
};

/** An onboarded US application with the BO_INFO step-up (SSN4 trigger 0001). */
async function withBoInfo() {
  const cookie = await h.signUp();
  const body = {
    applicant: {
      ...completeUs.applicant,
      governmentIdentification: { type: 'INDIVIDUAL', value: '0001', sourceType: 'SSN4' },
    },
    company: completeUs.company,
  };
  const id = (await h.call('POST', '/api/v2/applications', cookie, body)).json().application.id as string;
  expect((await h.call('POST', `/api/v2/applications/${id}/onboard`, cookie)).statusCode).toBe(200);
  return { id, cookie };
}

const send = (method: 'POST' | 'PATCH' | 'DELETE' | 'GET', url: string, cookie: string, body?: unknown) =>
  h.app.inject({ method, url, headers: { cookie }, ...(body !== undefined ? { payload: body as object } : {}) });

const partner = (n: number, extra: Record<string, unknown> = {}) => ({
  firstName: 'Sam',
  lastName: `Partner${'abcdefgh'[n]}`,
  email: `partner${n}@example.com`,
  ownershipPercent: 30,
  ...extra,
});

const stored = async (id: string) => (await findApplication<Doc>(h.t.db, id))!.document;

describe('the owners list (V2)', () => {
  it('adds partners numbered in order, each request-to-be-sent with an owner-side GOV_ID_SELFIE step-up', async () => {
    const { id, cookie } = await withBoInfo();
    const first = await send('POST', `/api/v2/applications/${id}/owners`, cookie, partner(1));
    expect(first.statusCode).toBe(201);
    const second = await send('POST', `/api/v2/applications/${id}/owners`, cookie, partner(2));
    const owners = second.json().owners as Owner[];
    expect(owners.map((o) => o.email)).toEqual(['partner1@example.com', 'partner2@example.com']);
    expect(
      owners.every((o) => o.type === 'OWNER' && o.status === 'REQUEST_TO_BE_SENT' && o.id.startsWith('urn:owner:')),
    ).toBe(true);
    expect(owners[0]!.stepUpDetails).toEqual([{ type: 'GOV_ID_SELFIE', status: 'REQUIRED' }]);
  });

  it('an owner without an ownership share is incomplete and blocks adding more until completed', async () => {
    const { id, cookie } = await withBoInfo();
    const created = await send('POST', `/api/v2/applications/${id}/owners`, cookie, {
      firstName: 'Ann',
      lastName: 'Half',
      email: 'half@example.com',
    });
    const owner = (created.json().owners as Owner[])[0]!;
    expect(owner.status).toBe('INCOMPLETE');
    const blocked = await send('POST', `/api/v2/applications/${id}/owners`, cookie, partner(2));
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().details[0]).toMatchObject({ key: 'owners.errors.incompleteOwner' });
    expect((await stored(id)).owners).toHaveLength(1);
    const invite = await send('POST', `/api/v2/applications/${id}/owners/invitations`, cookie, {});
    expect(invite.statusCode).toBe(409);
    const completed = await send('PATCH', `/api/v2/applications/${id}/owners/${encodeURIComponent(owner.id)}`, cookie, {
      ownershipPercent: 40,
    });
    expect(completed.statusCode).toBe(200);
    expect((completed.json().owners as Owner[])[0]!.status).toBe('REQUEST_TO_BE_SENT');
    expect((await send('POST', `/api/v2/applications/${id}/owners`, cookie, partner(2))).statusCode).toBe(201);
  });

  it('removing the incomplete owner unblocks adding', async () => {
    const { id, cookie } = await withBoInfo();
    const created = await send('POST', `/api/v2/applications/${id}/owners`, cookie, {
      firstName: 'Ann',
      lastName: 'Half',
    });
    const owner = (created.json().owners as Owner[])[0]!;
    const removed = await send('DELETE', `/api/v2/applications/${id}/owners/${encodeURIComponent(owner.id)}`, cookie);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().owners).toEqual([]);
    expect((await send('POST', `/api/v2/applications/${id}/owners`, cookie, partner(1))).statusCode).toBe(201);
  });

  it('refuses a second partner with the same email (any case) or the applicant own email, changing nothing', async () => {
    const { id, cookie } = await withBoInfo();
    await send('POST', `/api/v2/applications/${id}/owners`, cookie, partner(1));
    for (const email of ['PARTNER1@example.com', completeUs.applicant.email.emailAddress]) {
      const res = await send('POST', `/api/v2/applications/${id}/owners`, cookie, partner(2, { email }));
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([
        {
          field: '/email',
          key: 'validation.emailNotUnique',
          description: 'Please use a unique email for each partner.',
        },
      ]);
    }
    expect((await stored(id)).owners).toHaveLength(1);
  });

  it('refuses bad names and shares with a localised 400 and changes nothing', async () => {
    const { id, cookie } = await withBoInfo();
    const digits = await send('POST', `/api/v2/applications/${id}/owners`, cookie, partner(1, { firstName: 'Sam1' }));
    expect(digits.statusCode).toBe(400);
    const share = await send('POST', `/api/v2/applications/${id}/owners`, cookie, partner(1, { ownershipPercent: 10 }));
    expect(share.statusCode).toBe(400);
    const extra = await send('POST', `/api/v2/applications/${id}/owners`, cookie, partner(1, { status: 'COMPLETED' }));
    expect(extra.statusCode).toBe(400);
    expect((await stored(id)).owners).toEqual([]);
  });

  it('at most four partners', async () => {
    const { id, cookie } = await withBoInfo();
    for (const n of [1, 2, 3, 4])
      expect((await send('POST', `/api/v2/applications/${id}/owners`, cookie, partner(n))).statusCode).toBe(201);
    const fifth = await send('POST', `/api/v2/applications/${id}/owners`, cookie, partner(5));
    expect(fifth.statusCode).toBe(409);
    expect(fifth.json().details[0].key).toBe('owners.errors.tooMany');
  });

  it('another user gets 403 and an application without BO_INFO 409; an unknown owner 404', async () => {
    const { id, cookie } = await withBoInfo();
    const stranger = await h.signUp();
    expect((await send('POST', `/api/v2/applications/${id}/owners`, stranger, partner(1))).statusCode).toBe(403);
    expect((await send('DELETE', `/api/v2/applications/${id}/owners/urn:owner:nobody`, cookie)).statusCode).toBe(404);
    const plain = await h.call('POST', '/api/v2/applications', stranger, completeUs);
    const plainId = plain.json().application.id as string;
    expect((await send('POST', `/api/v2/applications/${plainId}/owners`, stranger, partner(1))).statusCode).toBe(409);
  });

  it('sending answers BO_INFO: boStatus INFO_PROVIDED, BO_VERIFICATION added, one email per partner with a secure link', async () => {
    const { id, cookie } = await withBoInfo();
    await send('POST', `/api/v2/applications/${id}/owners`, cookie, partner(1));
    await send('POST', `/api/v2/applications/${id}/owners`, cookie, partner(2));
    const res = await send('POST', `/api/v2/applications/${id}/owners/invitations`, cookie, {});
    expect(res.statusCode).toBe(200);
    const doc = res.json() as Doc;
    expect(doc.application.boStatus).toBe('INFO_PROVIDED');
    expect(doc.application.stepUpDetails.map((s) => s.type)).toEqual(['BO_VERIFICATION']);
    expect(doc.owners.map((o) => o.status)).toEqual(['REQUEST_SENT', 'REQUEST_SENT']);
    const mail = await listOutbox(h.t.db, 'partner1@example.com');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.link).toMatch(
      new RegExp(`^/${id}/owners/urn:owner:[\\w-]+\\?invitation=[\\w-]{40,}&currency=(USD|CAD)$`),
    );
    // The list is settled: no more changes through these calls.
    expect((await send('POST', `/api/v2/applications/${id}/owners`, cookie, partner(3))).statusCode).toBe(409);
  });

  it('the sole-owner step-up (boStatus NONE) deletes the owners entered before', async () => {
    const { id, cookie } = await withBoInfo();
    await send('POST', `/api/v2/applications/${id}/owners`, cookie, partner(1));
    const res = await h.call('POST', `/api/v2/applications/${id}/step-ups/beneficial-owners`, cookie, {
      owners: [],
      soleOwner: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().application.boStatus).toBe('NONE');
    expect(res.json().owners).toEqual([]);
    expect(await listOutbox(h.t.db, 'partner1@example.com')).toEqual([]);
  });
});

describe('the partner side', () => {
  it('the partner claims the emailed link with their own account, verifies, and the applicant sees COMPLETED; a third account gets 403', async () => {
    const { id, cookie } = await withBoInfo();
    await send('POST', `/api/v2/applications/${id}/owners`, cookie, partner(1));
    await send('POST', `/api/v2/applications/${id}/owners/invitations`, cookie, {});
    const link = new URL((await listOutbox(h.t.db, 'partner1@example.com'))[0]!.link!, 'http://app.invalid');
    const ownerId = decodeURIComponent(link.pathname.split('/')[3]!);
    const token = link.searchParams.get('invitation')!;

    const third = await h.signUp('third@example.com');
    expect((await h.call('POST', '/api/v2/owner-invitations/claim', third, { token })).statusCode).toBe(403);
    expect(
      (await send('GET', `/api/v2/applications/${id}/owners/${encodeURIComponent(ownerId)}`, third)).statusCode,
    ).toBe(403);

    const partnerCookie = await h.signUp('partner1@example.com');
    const claimed = await h.call('POST', '/api/v2/owner-invitations/claim', partnerCookie, { token });
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json()).toEqual({ applicationId: id, ownerId });
    const session = await h.call(
      'POST',
      `/api/v2/applications/${id}/owners/${encodeURIComponent(ownerId)}/step-ups/identification/sessions`,
      partnerCookie,
      {},
    );
    expect(session.statusCode).toBe(201);
    await completeInquiry(h, session.json().url, 'RECEIVED');
    const verified = await h.call(
      'POST',
      `/api/v2/applications/${id}/owners/${encodeURIComponent(ownerId)}/step-ups/identification`,
      partnerCookie,
      { inquiryId: session.json().inquiryId },
    );
    expect(verified.statusCode).toBe(200);
    const doc = (await h.call('GET', `/api/v2/applications/${id}`, cookie)).json() as Doc;
    expect(doc.owners[0]!.status).toBe('COMPLETED');
    // Payouts wait for partners: with none left to verify, BO_VERIFICATION leaves the application.
    expect(doc.application.stepUpDetails).toEqual([]);
    expect(
      (await send('GET', `/api/v2/applications/${id}/owners/${encodeURIComponent(ownerId)}`, third)).statusCode,
    ).toBe(403);
  });
});

describe('V1 individuals', () => {
  it('create, read, patch, delete and onboard one owner through the V1 paths', async () => {
    const { id, cookie } = await withBoInfo();
    const base = `/api/v1/commerce/onboarding-applications/${id}/individuals`;
    const created = await send('POST', base, cookie, partner(1, { ownershipPercent: undefined }));
    expect(created.statusCode).toBe(201);
    const ownerId = (created.json().owners as Owner[])[0]!.id;
    const path = `${base}/${encodeURIComponent(ownerId)}`;
    expect((await send('GET', path, cookie)).json()).toMatchObject({ id: ownerId, status: 'INCOMPLETE' });
    expect((await send('POST', `${path}/onboard`, cookie)).statusCode).toBe(409);
    expect((await send('PATCH', path, cookie, { ownershipPercent: 50 })).json().owners[0].status).toBe(
      'REQUEST_TO_BE_SENT',
    );
    await send('POST', base, cookie, partner(2));
    const second = (await stored(id)).owners[1]!.id;
    expect((await send('DELETE', `${base}/${encodeURIComponent(second)}`, cookie)).json().owners).toHaveLength(1);
    const onboarded = await send('POST', `${path}/onboard`, cookie);
    expect(onboarded.statusCode).toBe(200);
    expect(onboarded.json().owners[0].status).toBe('REQUEST_SENT');
    expect(await listOutbox(h.t.db, 'partner1@example.com')).toHaveLength(1);
  });
});
