/**
 * The account list and store switcher kinds through the real app and content: the order of rules/accounts.json,
 * a focused error summary, the missing-redirect message, the currency-overlap toast when the other currency is not
 * offered (shown once), store cards with the button their status gives and attachability, and the add-channel form.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountRow, applicationId, fakeApi, renderScreen, usEnvironment } from './render-screen.tsx';

const accounts = [
  accountRow(1, 'PENDING', { name: 'Pending Co', currency: 'USD' }, '2026-01-03'),
  accountRow(2, 'APPROVED_PENDING', { name: 'Full Co', currency: 'USD' }, '2026-01-02'),
  accountRow(3, 'DECLINED', { name: 'Declined Co', currency: 'USD' }, '2026-01-02'),
  accountRow(4, 'APPROVED', { name: 'Approved Co', currency: 'USD' }, '2026-01-01', { businessId: 'biz-1' }),
  accountRow(5, 'APPROVED_PENDING', { name: 'Basic Co', currency: 'USD' }, '2026-01-01', { applicationLevel: 'BASIC' }),
];

beforeEach(() => sessionStorage.clear());

describe('account list', () => {
  it('orders the accounts, summarises a missing choice, and refuses a declined business', async () => {
    fakeApi({}, (method, url) => (url === '/api/v2/accounts' ? { status: 200, body: accounts } : undefined));
    await renderScreen('/accounts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a business' })).toBeInTheDocument();
    const radios = screen
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')?.querySelector('.account-choice__name')?.textContent);
    expect(radios).toEqual([
      'Approved Co',
      'Basic Co',
      'Full Co',
      'Pending Co',
      'Declined Co',
      'Create a new business',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a business or create a new one.');
    // The page title says there is an error while the summary shows (as on every form screen).
    expect(window.document.title).toMatch(/^Error: /);
    // Issue 27.11: a declined business says up front that it cannot be used, and why; it cannot be chosen.
    const declined = screen.getByRole('radio', { name: /Declined Co/ });
    expect(declined).toBeDisabled();
    expect(declined).toHaveAccessibleDescription(
      'Cannot select this business, please create a new business to proceed',
    );
    expect(declined.closest('label')).toHaveTextContent('We’re unable to offer payments to this business');
    expect(screen.getByRole('radio', { name: /Approved Co/ })).toBeEnabled();
  });

  it('names an account whose business has no name yet by its start date, never by its id (issue 27.8)', async () => {
    const unnamed = [
      { ...accounts[0], company: { currency: 'USD' }, createdAt: '2026-11-26T10:00:00.000Z' },
      accounts[3],
    ];
    fakeApi({}, (method, url) => (url === '/api/v2/accounts' ? { status: 200, body: unnamed } : undefined));
    await renderScreen('/accounts');
    await screen.findByRole('heading', { level: 1, name: 'Choose a business' });
    expect(screen.getByRole('radio', { name: /^Application started Nov 26, 2026/ })).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('urn:app');
  });

  it('shows the country toast once when no account is in the visit’s currency and the other is not offered', async () => {
    const canadian = [{ ...accounts[3], company: { name: 'Boulangerie', currency: 'CAD' } }];
    fakeApi({}, (method, url) => (url === '/api/v2/accounts' ? { status: 200, body: canadian } : undefined));
    // doc2 §8: 'error events exist for ... overlapping currency': the toast comes with its error event.
    const pushed: Array<Record<string, unknown>> = [];
    const first = await renderScreen('/accounts', {
      sinks: { push: (event) => pushed.push(event), post: () => {}, sent: new Set<string>() },
    });
    expect(
      await screen.findByText(
        'We can’t create a United States account for this profile. Please contact customer service.',
      ),
    ).toBeInTheDocument();
    expect(pushed.filter((event) => event.event === 'currency_overlap_error')).toHaveLength(1);
    first.unmount();
    await renderScreen('/accounts', { environment: usEnvironment() });
    await screen.findByRole('heading', { level: 1, name: 'Choose a business' });
    expect(screen.queryByText(/United States account/)).toBeNull();
  });
});

describe('launch parameters through the account list (issue 27.7)', () => {
  it('a launch with a service keeps it on the way to the chosen business’s stores, so attachability applies', async () => {
    const approvedId = accounts[3].applicationId;
    const stores = [
      {
        id: 's1',
        applicationId: approvedId,
        businessId: 'biz-1',
        name: 'Main Street',
        riskDecision: 'APPROVED',
        attachable: true,
      },
      {
        id: 's3',
        applicationId: approvedId,
        businessId: 'biz-1',
        name: 'Airport',
        riskDecision: 'APPROVED',
        attachable: false,
      },
    ];
    const document = {
      application: { id: approvedId, decision: 'APPROVED', businessId: 'biz-1', completed: true },
      applicant: {},
      company: { name: 'Approved Co' },
      owners: [],
    };
    const calls = fakeApi({}, (method, url) => {
      if (url === '/api/v2/accounts') return { status: 200, body: [accounts[0], accounts[3]] };
      if (url.startsWith('/api/v2/accounts/biz-1/stores')) return { status: 200, body: stores };
      if (url.includes(encodeURIComponent(approvedId)) || url.includes(approvedId))
        return { status: 200, body: document };
      return undefined;
    });
    await renderScreen('/accounts?serviceId=svc-9&serviceType=website');
    await userEvent.click(await screen.findByRole('radio', { name: /Approved Co/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a store' })).toBeInTheDocument();
    // The service came along: the store that already has one says so, and only the other offers to connect.
    expect(
      await screen.findByText('This store already has a service of this kind and can’t be connected.'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Connect profile' })).toHaveLength(1);
    expect(
      calls.calls.some((call) => call.url.startsWith('/api/v2/accounts/biz-1/stores') && call.url.includes('svc-9')),
    ).toBe(true);
  });
});

describe('store switcher', () => {
  it('gives each store the button of its status and no connect for a store that cannot take the service', async () => {
    const stores = [
      {
        id: 's1',
        applicationId: accounts[3].applicationId,
        businessId: 'biz-1',
        name: 'Main Street',
        riskDecision: 'APPROVED',
        attachable: true,
      },
      {
        id: 's2',
        applicationId: accounts[1].applicationId,
        businessId: 'biz-1',
        name: 'Harbour',
        riskDecision: 'APPROVED_PENDING',
        // A step-up of the applicant's own (rules/accounts.json storeStatus: verification needed, issue 27.9).
        stepUpTypes: ['GOV_ID_SELFIE'],
        attachable: true,
      },
      {
        id: 's3',
        applicationId: accounts[0].applicationId,
        businessId: 'biz-1',
        name: 'Airport',
        riskDecision: 'APPROVED',
        attachable: false,
      },
    ];
    fakeApi({}, (method, url) =>
      url.startsWith('/api/v2/accounts/biz-1/stores') ? { status: 200, body: stores } : undefined,
    );
    await renderScreen('/accounts/biz-1/stores?serviceId=svc-9&serviceType=website');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a store' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect profile' })).toHaveAttribute('aria-describedby', 'store-s1');
    expect(screen.getByRole('button', { name: 'Resume application' })).toBeInTheDocument();
    expect(
      screen.getByText('This store already has a service of this kind and can’t be connected.'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Connect profile' })).toHaveLength(1);
  });

  it('names the service each store is connected to by rules/services.json, and says nothing for a store without one', async () => {
    const store = { businessId: 'biz-1', riskDecision: 'APPROVED', attachable: true };
    const stores = [
      { ...store, id: 's1', applicationId: accounts[3].applicationId, name: 'Main Street', serviceType: 'woosaas' },
      { ...store, id: 's2', applicationId: accounts[0].applicationId, name: 'Harbour', serviceType: 'nucleus' },
      { ...store, id: 's3', applicationId: accounts[1].applicationId, name: 'Airport' },
    ];
    fakeApi({}, (method, url) =>
      url.startsWith('/api/v2/accounts/biz-1/stores') ? { status: 200, body: stores } : undefined,
    );
    await renderScreen('/accounts/biz-1/stores');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a store' })).toBeInTheDocument();
    // doc2 §9: a name the table knows is its label; any other is Other; a store with no service has no such line.
    expect(screen.getByText('Connected service: Woo')).toBeInTheDocument();
    expect(screen.getByText('Connected service: Other')).toBeInTheDocument();
    expect(screen.getAllByText(/^Connected service:/)).toHaveLength(2);
  });
});

describe('add channel', () => {
  it('offers the six channel types of rules/accounts.json and requires a name', async () => {
    fakeApi({ application: { id: applicationId, decision: 'APPROVED' }, company: {} });
    await renderScreen(`/${applicationId}/add-channel`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Add a sales channel' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent?.trim())).toEqual([
      'Online store',
      'Retail location',
      'Mobile',
      'Marketplace',
      'Social media',
      'Other',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Add channel' }));
    await waitFor(() => expect(screen.getByRole('alert')).toBeInTheDocument());
  });
});
