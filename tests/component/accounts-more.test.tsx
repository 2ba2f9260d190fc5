/**
 * Issue 9, the remaining screens through the real app and content: the eHopper order (doc1 §4.3 row 4, §6: the
 * ehopper permission is set, then the order opens with a purchase forced, doc1 §4.9).
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationId, fakeApi, renderScreen, usEnvironment } from './render-screen.tsx';

beforeEach(() => sessionStorage.clear());

function ehopperEnvironment() {
  const environment = usEnvironment();
  return {
    ...environment,
    config: { ...environment.config, portal: 'reseller', flags: { ehopper: true }, referralUrlId: 'ehopper-pos' },
  };
}

describe('eHopper order', () => {
  it('says the application is in review, sets the ehopper permission once, then opens the order as a purchase', async () => {
    const api = fakeApi(
      {
        application: { id: applicationId, decision: 'PENDING', intent: 'CREATE_BUSINESS', stepUpDetails: [] },
        company: {},
        order: {},
      },
      (method, url) =>
        method === 'POST' && url.endsWith('/permissions') ? { status: 201, body: { type: 'ehopper' } } : undefined,
    );
    await renderScreen(`/${applicationId}/ehopper-order`, { environment: ehopperEnvironment() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Set up your eHopper point of sale' }),
    ).toBeInTheDocument();
    expect(screen.getByText('You can sign in to eHopper with this same account.')).toBeInTheDocument();
    expect(screen.getByText(/devices are bought, not rented/)).toBeInTheDocument();
    expect(api.calls.some((call) => call.url.endsWith('/permissions'))).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Choose your devices' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Get a card terminal' })).toBeInTheDocument();
    const permissions = api.calls.filter(
      (call) =>
        call.url === `/api/v2/applications/${encodeURIComponent(applicationId).replace(/%3A/gi, ':')}/permissions`,
    );
    expect(permissions).toEqual([{ method: 'POST', url: permissions[0].url, body: { type: 'ehopper' } }]);
    // doc1 §4.9: the eHopper flow forces buy: renting is not offered.
    await waitFor(() => expect(screen.queryByRole('radio', { name: /rent/i })).toBeNull());
  });

  it('stays with an error when the permission cannot be set', async () => {
    fakeApi(
      { application: { id: applicationId, decision: 'PENDING', stepUpDetails: [] }, company: {}, order: {} },
      (method, url) =>
        method === 'POST' && url.endsWith('/permissions')
          ? {
              status: 409,
              body: {
                error: 'CONFLICT',
                details: [
                  {
                    field: '/params/id',
                    key: 'accounts.errors.notOnboarded',
                    description: 'This application hasn’t been submitted yet.',
                  },
                ],
              },
            }
          : undefined,
    );
    await renderScreen(`/${applicationId}/ehopper-order`, { environment: ehopperEnvironment() });
    await userEvent.click(await screen.findByRole('button', { name: 'Choose your devices' }));
    expect(await screen.findByText('This application hasn’t been submitted yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Set up your eHopper point of sale' })).toBeInTheDocument();
  });

  it('reads in French for fr-CA', async () => {
    fakeApi({ application: { id: applicationId, decision: 'PENDING', stepUpDetails: [] }, company: {}, order: {} });
    await renderScreen(`/${applicationId}/ehopper-order`, { environment: ehopperEnvironment(), locale: 'fr-CA' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Configurez votre point de vente eHopper' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choisir vos appareils' })).toBeInTheDocument();
  });
});

describe('add channel prefilled from the launch (doc1 §3 channelName, channelType)', () => {
  it('starts with the launch name and type', async () => {
    fakeApi({ application: { id: applicationId, decision: 'APPROVED' }, company: {} });
    await renderScreen(`/${applicationId}/add-channel?channelName=Harbour%20Market&channelType=MARKETPLACE`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Add a sales channel' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Channel name/)).toHaveValue('Harbour Market');
    expect(screen.getByRole('radio', { name: 'Marketplace' })).toBeChecked();
  });

  it('clears a type that is not one of the six and sends what the applicant chose', async () => {
    const api = fakeApi({ application: { id: applicationId, decision: 'APPROVED' }, company: {} }, (method, url) =>
      method === 'POST' && url.endsWith('/channels')
        ? { status: 201, body: { id: 'ch-1', name: 'Harbour Market', type: 'RETAIL' } }
        : undefined,
    );
    await renderScreen(`/${applicationId}/add-channel?channelName=Harbour%20Market&channelType=FAX`);
    expect(await screen.findByLabelText(/Channel name/)).toHaveValue('Harbour Market');
    expect(screen.getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked)).toHaveLength(0);
    await userEvent.click(screen.getByRole('radio', { name: 'Retail location' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add channel' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your sales channel was added' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(api.calls.find((call) => call.url.endsWith('/channels'))?.body).toEqual({
      name: 'Harbour Market',
      type: 'RETAIL',
    });
  });
});

describe('upgrade a basic account to full (doc1 §1)', () => {
  it('offers the upgrade on a basic profile’s card and opens its form with what is saved; the upgrade is recorded on submit (issue 27.10)', async () => {
    const basicId = 'urn:app:0000aaaa-0000-0000-0000-00000000000b';
    const stores = [
      {
        id: 's1',
        applicationId: basicId,
        businessId: 'biz-1',
        name: 'Corner Shop',
        riskDecision: 'APPROVED_PENDING',
        applicationLevel: 'BASIC',
        attachable: true,
      },
      {
        id: 's2',
        applicationId: applicationId,
        businessId: 'biz-1',
        name: 'Harbour',
        riskDecision: 'APPROVED_PENDING',
        applicationLevel: 'FULL',
        stepUpTypes: ['IDENTIFICATION'],
        attachable: true,
      },
    ];
    const basic = {
      application: {
        id: basicId,
        decision: 'APPROVED_PENDING',
        intent: 'CREATE_BUSINESS',
        applicationLevel: 'BASIC',
        completed: true,
        stepUpDetails: [],
      },
      applicant: { name: { firstName: 'Ann', lastName: 'Lee' }, email: { emailAddress: 'ann@example.com' } },
      company: {},
    };
    // The application as it stood before its details were saved (another tab saved them since): the reads of the
    // first visit answer it; every later read answers the saved details, a moment later.
    let stale = true;
    const api = fakeApi(basic, (method, url) => {
      if (url.startsWith('/api/v2/accounts/biz-1/stores')) return { status: 200, body: stores };
      if (stale && method === 'GET' && url.includes(basicId)) return { status: 200, body: { ...basic, applicant: {} } };
      return undefined;
    });
    const answer = globalThis.fetch;
    globalThis.fetch = (async (url: string, init?: RequestInit) => {
      if (!stale && String(url).includes(basicId)) await new Promise((resolve) => setTimeout(resolve, 200));
      return answer(url, init);
    }) as typeof fetch;
    await renderScreen('/accounts/biz-1/stores');
    // A first visit to the form, then back to the stores.
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade to a full account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tell us about yourself' })).toBeInTheDocument();
    stale = false;
    await userEvent.click(screen.getByRole('link', { name: 'Back' }));
    // Some time later (longer than the reads' deduplication window): the form's read asks the API again.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a store' })).toBeInTheDocument();
    expect(screen.getByText('Basic account')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Upgrade to a full account' })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Resume application' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to a full account' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tell us about yourself' })).toBeInTheDocument();
    // The click alone records nothing.
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([]);
    // Issue 27.10: the form opens with what is saved, also when it is drawn before the application's read.
    await waitFor(() => expect(screen.getByLabelText(/^Legal first name/)).toHaveValue('Ann'));
    expect(screen.getByLabelText(/^Legal last name/)).toHaveValue('Lee');
    expect(screen.getByLabelText(/^Email address/)).toHaveValue('ann@example.com');
    await userEvent.type(screen.getByLabelText(/^Confirm email address/), 'ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(
        api.calls.some(
          (call) =>
            call.method === 'PUT' &&
            JSON.stringify(call.body) === JSON.stringify({ application: { applicationLevel: 'FULL' } }),
        ),
      ).toBe(true),
    );
    const put = api.calls.find((call) => call.method === 'PUT');
    expect(put?.url).toContain('0000aaaa-0000-0000-0000-00000000000b');
  });
});
