/**
 * The partner's side of the owners flow (doc1 §2.7 owner-side screens, §4.2 owner-side FULL_ONBOARDING, §4.6, §6),
 * rendered from the real content: the emailed link opens the complete-owner form when FULL_ONBOARDING is pending
 * (names filled from the record, mobile phone, and in Canada the preferred language), then the confirm-ownership
 * screen with its 'send me an email' choice; the applicant-error page offers signing out and creating an account;
 * the reseller's final screen; and the applicant's list says when payouts are enabled.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationId, fakeApi, renderScreen, usEnvironment } from './render-screen.tsx';

const ownerId = 'urn:owner:1a2b3c4d-aaaa-bbbb-cccc-1234567890ab';
const ownerUrl = `/api/v2/applications/${applicationId}/owners/${ownerId}`;
const owner = (stepUps: string[], extra: Record<string, unknown> = {}) => ({
  id: ownerId,
  type: 'OWNER',
  firstName: 'Sam',
  lastName: 'Rivera',
  email: 'sam+full@example.com',
  status: 'REQUEST_SENT',
  stepUpDetails: stepUps.map((type) => ({ type, status: 'REQUIRED' })),
  ...extra,
});

function documentWith(application: Record<string, unknown> = {}, owners: unknown[] = []) {
  return {
    application: {
      id: applicationId,
      decision: 'APPROVED_PENDING',
      boStatus: 'INFO_PROVIDED',
      stepUpDetails: [],
      apiVersion: 'V2',
      ...application,
    },
    applicant: {},
    company: { name: 'Jane Doe Bakery' },
    owners,
    bank: {},
    order: {},
  };
}

function caEnvironment() {
  const us = usEnvironment();
  return {
    ...us,
    market: 'CA',
    currency: 'CAD',
    locale: 'en-CA',
    locales: ['en-CA', 'fr-CA'],
    config: { ...us.config, markets: { CA: { currency: 'CAD', locales: ['en-CA', 'fr-CA'] } }, defaultMarket: 'CA' },
  };
}

describe('the complete-owner form (owner-side FULL_ONBOARDING)', () => {
  it('the emailed link opens it with the names filled; a bad mobile number is refused at the field; saving sends the details and goes on to the photo ID', async () => {
    const user = userEvent.setup();
    let completed = false;
    const api = fakeApi(documentWith(), (method, url) => {
      if (url.startsWith('/api/v2/owner-invitations/claim')) return { status: 200, body: { applicationId, ownerId } };
      if (method === 'POST' && url.endsWith('/step-ups/full-onboarding')) {
        completed = true;
        return { status: 200, body: owner(['GOV_ID_SELFIE']) };
      }
      if (method === 'GET' && url.startsWith(ownerUrl))
        return { status: 200, body: owner(completed ? ['GOV_ID_SELFIE'] : ['FULL_ONBOARDING', 'GOV_ID_SELFIE']) };
      return undefined;
    });
    await renderScreen(`/${applicationId}/owners/${ownerId}?invitation=abc`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Complete your details' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^First legal name/)).toHaveValue('Sam');
    expect(screen.getByLabelText(/^Last legal name/)).toHaveValue('Rivera');
    // The US form has no language choice: the page's language is sent.
    expect(screen.queryByRole('radio')).toBeNull();

    const phone = screen.getByLabelText(/^Mobile phone number/);
    await user.type(phone, '123');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url.endsWith('/full-onboarding'))).toEqual([]);

    await user.clear(phone);
    await user.type(phone, '(212) 555-1234');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.url.endsWith('/full-onboarding'))?.body).toEqual({
        firstName: 'Sam',
        lastName: 'Rivera',
        phone: { nationalNumber: '2125551234' },
        communicationLanguage: 'en-US',
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your ownership' })).toBeInTheDocument();
  });

  it('in Canada the preferred language is asked, French or English, and sent', async () => {
    const user = userEvent.setup();
    const api = fakeApi(documentWith(), (method, url) => {
      if (method === 'POST' && url.endsWith('/step-ups/full-onboarding'))
        return { status: 200, body: owner(['GOV_ID_SELFIE']) };
      if (method === 'GET' && url.startsWith(ownerUrl))
        return { status: 200, body: owner(['FULL_ONBOARDING', 'GOV_ID_SELFIE']) };
      return undefined;
    });
    await renderScreen(`/${applicationId}/owners/${ownerId}/complete`, {
      environment: caEnvironment() as never,
      locale: 'en-CA',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Complete your details' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Mobile phone number/), '5145551234');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    // Required in Canada: nothing is sent until a language is chosen.
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url.endsWith('/full-onboarding'))).toEqual([]);
    await user.click(screen.getByRole('radio', { name: 'French' }));
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.url.endsWith('/full-onboarding'))?.body).toMatchObject({
        phone: { nationalNumber: '5145551234' },
        communicationLanguage: 'fr-CA',
      }),
    );
  });

  it('a partner with only the photo ID pending goes straight to confirm ownership', async () => {
    fakeApi(documentWith(), (method, url) =>
      method === 'GET' && url.startsWith(ownerUrl) ? { status: 200, body: owner(['GOV_ID_SELFIE']) } : undefined,
    );
    await renderScreen(`/${applicationId}/owners/${ownerId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your ownership' })).toBeInTheDocument();
  });
});

describe("confirm ownership: 'send me an email'", () => {
  it('lists the documents and, on request, emails the steps and says so', async () => {
    const user = userEvent.setup();
    const api = fakeApi(documentWith(), (method, url) => {
      if (method === 'POST' && url.endsWith('/step-ups/identification/email'))
        return { status: 202, body: { email: 'sam@example.com' } };
      if (method === 'GET' && url.startsWith(ownerUrl)) return { status: 200, body: owner(['GOV_ID_SELFIE']) };
      return undefined;
    });
    await renderScreen(`/${applicationId}/owners/${ownerId}/identification`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your ownership' })).toBeInTheDocument();
    for (const item of ['Driver’s license', 'State ID', 'National ID'])
      expect(screen.getByText(item)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send me an email with the steps' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      `${ownerUrl}/step-ups/identification/email`,
    ]);
    expect(screen.getByRole('button', { name: 'Verify my identity now' })).toBeInTheDocument();
  });

  it('a partner whose details are still to complete is sent to the complete-owner form first', async () => {
    const user = userEvent.setup();
    fakeApi(documentWith(), (method, url) =>
      method === 'GET' && url.startsWith(ownerUrl)
        ? { status: 200, body: owner(['FULL_ONBOARDING', 'GOV_ID_SELFIE']) }
        : undefined,
    );
    await renderScreen(`/${applicationId}/owners/${ownerId}/identification`);
    await user.click(await screen.findByRole('button', { name: 'Verify my identity' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Complete your details' })).toBeInTheDocument();
  });

  it('after completing their details in the same tab, Verify my identity reads the owner afresh and opens the photo ID (not the form again)', async () => {
    const user = userEvent.setup();
    let completed = false;
    const api = fakeApi(documentWith(), (method, url) => {
      if (method === 'POST' && url.endsWith('/step-ups/full-onboarding')) {
        completed = true;
        return { status: 200, body: owner(['GOV_ID_SELFIE']) };
      }
      if (method === 'GET' && url.startsWith(ownerUrl))
        return { status: 200, body: owner(completed ? ['GOV_ID_SELFIE'] : ['FULL_ONBOARDING', 'GOV_ID_SELFIE']) };
      return undefined;
    });
    // A slow network once the details are saved: every read of the owner takes half a second.
    const answer = globalThis.fetch;
    globalThis.fetch = (async (url: string, init?: RequestInit) => {
      if (completed && (init?.method ?? 'GET') === 'GET' && url.startsWith(ownerUrl))
        await new Promise((resolve) => setTimeout(resolve, 500));
      return answer(url, init);
    }) as typeof fetch;
    await renderScreen(`/${applicationId}/owners/${ownerId}/identification`);
    await user.click(await screen.findByRole('button', { name: 'Verify my identity' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Complete your details' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Mobile phone number/), '(212) 555-1234');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await user.click(await screen.findByRole('button', { name: 'Verify my identity' }));
    // The read the page was first shown with still had FULL_ONBOARDING; the choice is made on a fresh one.
    expect(await screen.findByRole('heading', { level: 1, name: 'Opening identity verification' })).toBeInTheDocument();
    // The screen starts the session once it has shown (an effect after the commit): wait for it, not for the heading.
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.url.endsWith('/step-ups/identification/sessions'))).toBe(
        true,
      ),
    );
  });

  it('a partner already verified (the steps email opened afterwards) is shown their success, and no inquiry is started', async () => {
    const user = userEvent.setup();
    const api = fakeApi(documentWith(), (method, url) =>
      method === 'GET' && url.startsWith(ownerUrl)
        ? { status: 200, body: owner([], { status: 'COMPLETED' }) }
        : undefined,
    );
    await renderScreen(`/${applicationId}/owners/${ownerId}/identification`);
    await user.click(await screen.findByRole('button', { name: 'Verify my identity' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Thanks, you’re verified' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('too many emails: the API refusal is shown and the partner stays on the page', async () => {
    const user = userEvent.setup();
    fakeApi(documentWith(), (method, url) => {
      if (method === 'POST' && url.endsWith('/identification/email'))
        return {
          status: 429,
          body: {
            code: 'RATE_LIMITED',
            message: 'Too many requests. Please wait a moment and try again.',
            details: [],
          },
        };
      if (method === 'GET' && url.startsWith(ownerUrl)) return { status: 200, body: owner(['GOV_ID_SELFIE']) };
      return undefined;
    });
    await renderScreen(`/${applicationId}/owners/${ownerId}/identification`);
    await user.click(await screen.findByRole('button', { name: 'Send me an email with the steps' }));
    expect(await screen.findByText(/Too many requests|try again/i)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your ownership' })).toBeInTheDocument();
  });
});

describe('applicant-error', () => {
  it('a 403 on the owner shows the page with sign-out-and-sign-in and create-account choices; choosing one signs out first', async () => {
    const user = userEvent.setup();
    const api = fakeApi(documentWith(), (method, url) => {
      if (method === 'GET' && url.startsWith(ownerUrl))
        return { status: 403, body: { code: 'FORBIDDEN', message: 'Forbidden', details: [] } };
      if (url.startsWith('/sso/logout')) return { status: 200, body: undefined };
      return undefined;
    });
    await renderScreen(`/${applicationId}/owners/${ownerId}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Please sign in with your own account' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out and sign in with my own account' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create an account' }));
    await waitFor(() =>
      expect(api.calls.some((c) => c.method === 'POST' && c.url.startsWith('/sso/logout'))).toBe(true),
    );
  });
});

describe('final screens', () => {
  it("the partner's success on the reseller portal names the reseller as their contact", async () => {
    fakeApi(documentWith());
    await renderScreen(`/${applicationId}/owners/${ownerId}/success`, {
      environment: { ...usEnvironment(), portal: 'reseller' } as never,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Thanks, you’re verified' })).toBeInTheDocument();
    expect(
      screen.getByText('We’ve let the business and its reseller know. There’s nothing else you need to do.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Your reseller is your contact/)).toBeInTheDocument();
  });

  it('elsewhere the success screen does not mention a reseller', async () => {
    fakeApi(documentWith());
    await renderScreen(`/${applicationId}/owners/${ownerId}/success`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Thanks, you’re verified' })).toBeInTheDocument();
    expect(screen.queryByText(/reseller/i)).toBeNull();
  });
});

describe('payouts on the applicant’s list (doc1 §4.6)', () => {
  const partner = { id: 'urn:owner:2', type: 'OWNER', firstName: 'Sam', lastName: 'Lee', email: 's@example.com' };
  it('wait while partners are to verify', async () => {
    fakeApi(
      documentWith({ enableDeposits: false, stepUpDetails: [{ type: 'BO_VERIFICATION', status: 'REQUIRED' }] }, [
        { ...partner, status: 'REQUEST_SENT' },
      ]),
    );
    await renderScreen(`/${applicationId}/owners`);
    expect(await screen.findByText(/Payouts are enabled once your partners verify their identity/)).toBeInTheDocument();
    expect(screen.queryByText('Every partner has verified their identity. Payouts are enabled.')).toBeNull();
  });

  it('are shown enabled once every partner has verified', async () => {
    fakeApi(documentWith({ enableDeposits: true }, [{ ...partner, status: 'COMPLETED' }]));
    await renderScreen(`/${applicationId}/owners`);
    expect(
      await screen.findByText('Every partner has verified their identity. Payouts are enabled.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/once your partners verify/)).toBeNull();
  });
});
