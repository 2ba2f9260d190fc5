import { listOutbox } from '../../server/storage/outbox.ts';
import { completeCa, completeInquiry, completeUs, startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());
beforeEach(async () => h.t.reset());

/** An application whose applicant named one partner (BO_INFO trigger 0001), with the partner's emailed invitation. */
async function withPartner(partnerEmail = 'bob@example.com') {
  const cookie = await h.signUp();
  const body = {
    applicant: {
      ...completeUs.applicant,
      governmentIdentification: { type: 'INDIVIDUAL', value: '0001', sourceType: 'SSN4' },
    },
    company: completeUs.company,
  };
  const id = (await h.call('POST', '/api/v2/applications', cookie, body)).json().application.id as string;
  await h.call('POST', `/api/v2/applications/${id}/onboard`, cookie);
  const doc = (
    await h.call('POST', `/api/v2/applications/${id}/step-ups/beneficial-owners`, cookie, {
      owners: [
        {
          firstName: 'Bob',
          lastName: 'Stone',
          email: partnerEmail,
          ownershipPercent: 30,
          communicationLanguage: 'fr-CA',
        },
      ],
    })
  ).json();
  const ownerId = doc.owners[0].id as string;
  const email = (await listOutbox(h.t.db, partnerEmail))[0]!;
  const token = new URL(email.link!, 'http://x').searchParams.get('invitation')!;
  return { id, cookie, ownerId, token, email };
}

describe('owner invitations by email', () => {
  it('a Canadian application invites its partner into the Canadian market (issue 27.3)', async () => {
    const cookie = await h.signUp();
    const body = {
      applicant: {
        ...completeCa.applicant,
        governmentIdentification: { type: 'INDIVIDUAL', value: '130690001', sourceType: 'SIN' },
      },
      company: completeCa.company,
    };
    const id = (await h.call('POST', '/api/v2/applications', cookie, body)).json().application.id as string;
    await h.call('POST', `/api/v2/applications/${id}/onboard`, cookie);
    await h.call('POST', `/api/v2/applications/${id}/step-ups/beneficial-owners`, cookie, {
      owners: [
        {
          firstName: 'Luc',
          lastName: 'Roy',
          email: 'luc@example.ca',
          ownershipPercent: 30,
          communicationLanguage: 'fr-CA',
        },
      ],
    });
    const [mail] = await listOutbox(h.t.db, 'luc@example.ca');
    expect(mail).toMatchObject({ locale: 'fr-CA' });
    expect(new URL(mail!.link!, 'http://x').searchParams.get('currency')).toBe('CAD');
  });

  it('emails each partner a secure link in their language; the owner is marked REQUEST_SENT', async () => {
    const { id, cookie, ownerId, email } = await withPartner();
    expect(email).toMatchObject({
      channel: 'email',
      recipient: 'bob@example.com',
      message: 'outbox.email.ownerInvitation.body',
      locale: 'fr-CA',
    });
    // Issue 27.3: the link carries the application's market (its currency), so the partner's pages follow it.
    expect(email.link).toMatch(new RegExp(`^/${id}/owners/${ownerId}\\?invitation=[A-Za-z0-9_-]{43}&currency=USD$`));
    expect((await h.call('GET', `/api/v2/applications/${id}/owners/${ownerId}`, cookie)).json()).toMatchObject({
      id: ownerId,
      status: 'REQUEST_SENT',
      stepUpDetails: [{ type: 'GOV_ID_SELFIE' }],
    });
    const { rows } = await h.t.db.query<{ token_hash: string }>('SELECT token_hash FROM owner_invitations');
    expect(rows[0]!.token_hash).not.toContain(new URL(email.link!, 'http://x').searchParams.get('invitation'));
  });

  it('the partner signs in with their own account, claims the link and sees only their own owner record', async () => {
    const { id, ownerId, token } = await withPartner();
    const partner = await h.signUp('Bob@Example.com');
    expect((await h.call('GET', `/api/v2/applications/${id}/owners/${ownerId}`, partner)).statusCode).toBe(403);
    const claimed = await h.call('POST', '/api/v2/owner-invitations/claim', partner, { token });
    expect(claimed.json()).toEqual({ applicationId: id, ownerId });
    expect((await h.call('POST', '/api/v2/owner-invitations/claim', partner, { token })).statusCode).toBe(200);
    const owner = await h.call('GET', `/api/v2/applications/${id}/owners/${ownerId}`, partner);
    expect(owner.json()).toMatchObject({ id: ownerId, firstName: 'Bob' });
    // The application itself stays the applicant's: the partner gets only the partner view with their record.
    const view = await h.call('GET', `/api/v2/applications/${id}?ownerId=${encodeURIComponent(ownerId)}`, partner);
    expect(view.statusCode).toBe(200);
    expect(view.json().owners).toEqual([expect.objectContaining({ id: ownerId })]);
    expect(view.json().applicant).toEqual({});
    expect(view.body).not.toContain('ann@example.com');
    expect((await h.call('GET', `/api/v2/applications/${id}`, partner)).statusCode).toBe(403);
    expect((await h.call('PUT', `/api/v2/applications/${id}`, partner, { company: { dba: 'Mine' } })).statusCode).toBe(
      403,
    );
    // The ownerId query admits the partner to the GET view only: a change carrying it is 403 whatever its body.
    const withQuery = `/api/v2/applications/${id}?ownerId=${encodeURIComponent(ownerId)}`;
    expect((await h.call('PUT', withQuery, partner, ['garbage'])).statusCode).toBe(403);
    expect((await h.call('PUT', withQuery, partner, { company: { dba: 'Mine' } })).statusCode).toBe(403);
  });

  it('a link claimed by another account, a wrong account, an unknown or expired link are refused', async () => {
    const { token } = await withPartner();
    const other = await h.signUp('mallory@example.com');
    const wrong = await h.call('POST', '/api/v2/owner-invitations/claim', other, { token });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().details[0].key).toBe('errors.invitationOtherAccount');
    expect((await h.call('POST', '/api/v2/owner-invitations/claim', other, { token: 'x'.repeat(43) })).statusCode).toBe(
      404,
    );
    expect(
      (await h.call('POST', '/api/v2/owner-invitations/claim', other, { token: 'short' })).json().details[0].field,
    ).toBe('/token');
    await h.t.db.query("UPDATE owner_invitations SET expires_at = now() - interval '1 second'");
    expect(
      (await h.call('POST', '/api/v2/owner-invitations/claim', await h.signUp('bob@example.com'), { token }))
        .statusCode,
    ).toBe(410);
    expect((await h.t.db.query('SELECT 1 FROM owner_access')).rows).toEqual([]);
  });

  it('a partner verifies with a completed photo-ID inquiry; with no partner left, BO_VERIFICATION clears', async () => {
    const { id, cookie, ownerId, token } = await withPartner();
    const partner = await h.signUp('bob@example.com');
    await h.call('POST', '/api/v2/owner-invitations/claim', partner, { token });
    const base = `/api/v2/applications/${id}/owners/${ownerId}/step-ups/identification`;
    const session = await h.call('POST', `${base}/sessions`, partner, {});
    expect(session.statusCode).toBe(201);
    expect(session.json()).toMatchObject({ isInquiryCompleted: false, inquirySessionStatus: 'CREATED' });
    expect((await h.call('POST', base, partner, { inquiryId: session.json().inquiryId })).statusCode).toBe(409);
    await completeInquiry(h, session.json().url, 'RECEIVED');
    const polled = await h.call('GET', `${base}/sessions/${session.json().inquiryId}`, partner);
    expect(polled.json()).toMatchObject({ isInquiryCompleted: true, inquirySessionStatus: 'RECEIVED' });
    const done = await h.call('POST', base, partner, { inquiryId: session.json().inquiryId });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ id: ownerId, status: 'COMPLETED', stepUpDetails: [] });
    expect((await h.call('GET', `/api/v2/applications/${id}`, cookie)).json().application.stepUpDetails).toEqual([]);
  });

  it('another user gets 403 on the owner, its sessions and its step-up; an unknown owner is 404', async () => {
    const { id, ownerId } = await withPartner();
    const stranger = await h.signUp();
    const base = `/api/v2/applications/${id}/owners/${ownerId}`;
    expect((await h.call('GET', base, stranger)).statusCode).toBe(403);
    expect((await h.call('POST', `${base}/step-ups/identification/sessions`, stranger, {})).statusCode).toBe(403);
    // Access before input: the stranger is refused before the inquiry id is looked at (a 400 would answer the body).
    expect(
      (await h.call('POST', `${base}/step-ups/identification`, stranger, { inquiryId: 'inq_x123' })).statusCode,
    ).toBe(403);
    expect((await h.call('POST', `${base}/step-ups/identification`, stranger, ['garbage'])).statusCode).toBe(403);
    const { cookie } = { cookie: (await withPartner('carol@example.com')).cookie };
    expect(
      (await h.call('GET', `/api/v2/applications/${id}/owners/urn:owner:aaaa-bbbb-cccc-dddd-eeee`, cookie)).statusCode,
    ).toBe(403);
  });
});

describe('identity sessions (applicant)', () => {
  async function withGovId() {
    const cookie = await h.signUp();
    const body = {
      applicant: {
        ...completeUs.applicant,
        governmentIdentification: { type: 'INDIVIDUAL', value: '0004', sourceType: 'SSN4' },
      },
      company: completeUs.company,
    };
    const id = (await h.call('POST', '/api/v2/applications', cookie, body)).json().application.id as string;
    await h.call('POST', `/api/v2/applications/${id}/onboard`, cookie);
    return { id, cookie };
  }

  it.each(['IN_PROGRESS', 'TIMEOUT', 'RECEIVED'] as const)(
    'polling reports %s as the sandbox page set it',
    async (outcome) => {
      const { id, cookie } = await withGovId();
      const session = (
        await h.call('POST', `/api/v2/applications/${id}/step-ups/identification/sessions`, cookie, {})
      ).json();
      await completeInquiry(h, session.url, outcome);
      const polled = await h.call(
        'GET',
        `/api/v2/applications/${id}/step-ups/identification/sessions/${session.inquiryId}`,
        cookie,
      );
      expect(polled.json()).toMatchObject({
        inquiryId: session.inquiryId,
        inquirySessionStatus: outcome,
        isInquiryCompleted: outcome === 'RECEIVED',
      });
      const resumed = await h.call('POST', `/api/v2/applications/${id}/step-ups/identification/sessions`, cookie, {
        inquiryId: session.inquiryId,
      });
      expect(resumed.statusCode).toBe(200);
      expect(resumed.json().sessionToken).toBe(session.sessionToken);
    },
  );

  it('refuses a session for a step-up not pending (409), another user (403), a bad kind (400); the page needs its token', async () => {
    const { id, cookie } = await withGovId();
    expect(
      (await h.call('POST', `/api/v2/applications/${id}/step-ups/verification/sessions`, cookie, {})).statusCode,
    ).toBe(409);
    expect(
      (await h.call('POST', `/api/v2/applications/${id}/step-ups/identification/sessions`, await h.signUp(), {}))
        .statusCode,
    ).toBe(403);
    expect(
      (await h.call('POST', `/api/v2/applications/${id}/step-ups/selfie/sessions`, cookie, {})).json().details[0].field,
    ).toBe('/params/kind');
    const session = (
      await h.call('POST', `/api/v2/applications/${id}/step-ups/identification/sessions`, cookie, {})
    ).json();
    const page = await h.app.inject({
      method: 'GET',
      url: `/sandbox/inquiry/${session.inquiryId}?token=${'A'.repeat(32)}`,
    });
    expect(page.statusCode).toBe(404);
    const real = await h.app.inject({ method: 'GET', url: session.url, headers: { cookie: 'locale=fr-CA' } });
    expect(real.body).toContain('<html lang="fr-CA">');
    expect(real.body).toContain('Vérifiez votre identité');
  });
});

describe('GET /sandbox/outbox', () => {
  it("shows the messages sent on the user's behalf, newest first, rendered in its locale with its link; none to others", async () => {
    const { cookie } = await withPartner();
    const stranger = await h.app.inject({ method: 'GET', url: '/sandbox/outbox' });
    expect(stranger.body).toContain('No messages have been sent yet.');
    const page = await h.app.inject({ method: 'GET', url: '/sandbox/outbox', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Email to bob@example.com');
    expect(page.body).toContain('Veuillez vérifier votre identité pour Acme Bakery');
    expect(page.body).toMatch(/<a href="\/urn:app:[^"]+\/owners\/urn:owner:[^"]+\?invitation=/);
    const filtered = await h.app.inject({
      method: 'GET',
      url: '/sandbox/outbox?to=nobody@example.com',
      headers: { cookie },
    });
    expect(filtered.body).toContain('No messages have been sent yet.');
  });
});
