/**
 * The account switcher of doc1 §2.7 (flows/extras/screens/account-switcher.json) through the real app and content:
 * the user's businesses in the order of rules/accounts.json with their status, nothing opened by itself and no
 * currency toast, a focused error summary for a missing choice, a declined business refused, a chosen payments
 * profile opened at its store switcher, 'keep working' back to the signup form, and French for fr-CA. The header's
 * 'Switch account' link (rules/shell.json headerLinks) opens it from a screen of the application when the user has
 * more than one application, and is absent with one, on the switcher itself, and off an application's screens.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accountRow, applicationId, fakeApi, renderScreen } from './render-screen.tsx';

vi.setConfig({ testTimeout: 20_000 });

const current = {
  application: { id: applicationId, intent: 'CREATE_BUSINESS' },
  applicant: {},
  company: { name: 'Current Co' },
  owners: [],
};
const approvedId = 'urn:app:0000aaaa-0000-0000-0000-000000000004';
const accounts = [
  accountRow(1, 'PENDING', { name: 'Pending Co', currency: 'USD' }, '2026-01-03'),
  accountRow(3, 'DECLINED', { name: 'Declined Co', currency: 'USD' }, '2026-01-02'),
  // A Canadian account on a US visit: the account list of /accounts would show its currency toast; the switcher must not.
  accountRow(4, 'APPROVED', { name: 'Approved Co', currency: 'CAD' }, '2026-01-01', { businessId: 'biz-1' }),
];
const approvedDocument = {
  application: { id: approvedId, decision: 'APPROVED', businessId: 'biz-1', completed: true },
  applicant: {},
  company: { name: 'Approved Co' },
  owners: [],
};
const stores = [
  {
    id: 's1',
    applicationId: approvedId,
    businessId: 'biz-1',
    name: 'Main Street',
    riskDecision: 'APPROVED',
    attachable: true,
  },
];

function api() {
  return fakeApi(current, (method, url) => {
    if (url === '/api/v2/accounts') return { status: 200, body: [accounts[0], accounts[1], accounts[2]] };
    if (url.startsWith('/api/v2/accounts/biz-1/stores')) return { status: 200, body: stores };
    if (url.includes(encodeURIComponent(approvedId)) || url.includes(approvedId))
      return { status: 200, body: approvedDocument };
    return undefined;
  });
}

beforeEach(() => sessionStorage.clear());

describe('account switcher', () => {
  it('lists the businesses in rule order with their status, opens none by itself and shows no currency toast', async () => {
    const calls = api();
    await renderScreen(`/${applicationId}/switch-account`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Switch business' })).toBeInTheDocument();
    const names = screen
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')?.querySelector('.account-choice__name')?.textContent);
    expect(names).toEqual(['Approved Co', 'Pending Co', 'Declined Co', 'Create a new business']);
    expect(screen.getByRole('radio', { name: /Approved Co/ }).closest('label')).toHaveTextContent(
      'Approved: accepts online and in-person payments',
    );
    expect(screen.queryByText(/account for this profile/)).toBeNull();
    expect(
      calls.calls.filter((call) => call.url.includes(approvedId) || call.url.includes(encodeURIComponent(approvedId))),
    ).toHaveLength(0);
  });

  it('asks for a choice with a focused summary and refuses a declined business', async () => {
    api();
    await renderScreen(`/${applicationId}/switch-account`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Switch' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a business or create a new one.');
    // Issue 27.11: the declined business says up front that it cannot be used, and cannot be chosen.
    expect(screen.getByRole('radio', { name: /Declined Co/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: /Declined Co/ })).toHaveAccessibleDescription(
      'Cannot select this business, please create a new business to proceed',
    );
  });

  it('switching to an approved payments profile opens it and shows its stores', async () => {
    const calls = api();
    await renderScreen(`/${applicationId}/switch-account`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /Approved Co/ }));
    await user.click(screen.getByRole('button', { name: 'Switch' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a store' })).toBeInTheDocument();
    expect(
      calls.calls.some(
        (call) =>
          call.method === 'GET' &&
          [approvedId, encodeURIComponent(approvedId)].some((id) => call.url.endsWith(`/api/v2/applications/${id}`)),
      ),
    ).toBe(true);
    expect(screen.getByRole('heading', { level: 2, name: 'Main Street' })).toBeInTheDocument();
  });

  it('keeping the current application leaves the switcher for its signup form without opening another', async () => {
    const calls = api();
    await renderScreen(`/${applicationId}/switch-account`);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Keep working on this application' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tell us about yourself' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(calls.calls.some((call) => call.url.includes('0000aaaa'))).toBe(false);
  });

  it('is in French for fr-CA', async () => {
    api();
    await renderScreen(`/${applicationId}/switch-account`, { locale: 'fr-CA' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Changer d’entreprise' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Changer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continuer avec cette demande' })).toBeInTheDocument();
  });

  describe('the header link', () => {
    it('opens the switcher from a screen of the application when the user has more than one', async () => {
      api();
      await renderScreen(`/${applicationId}/update`);
      await screen.findByRole('heading', { level: 1, name: 'Tell us about yourself' });
      const banner = screen.getByRole('banner');
      const link = await within(banner).findByRole('link', { name: 'Switch account' });
      expect(link).toHaveAttribute('href', `/${applicationId}/switch-account`);
      await userEvent.setup().click(link);
      expect(await screen.findByRole('heading', { level: 1, name: 'Switch business' })).toBeInTheDocument();
      // Not on the switcher itself.
      await waitFor(() => expect(within(banner).queryByRole('link', { name: 'Switch account' })).toBeNull());
    });

    it('is absent for a user with one application', async () => {
      const calls = fakeApi(current, (method, url) =>
        url === '/api/v2/accounts' ? { status: 200, body: [accounts[0]] } : undefined,
      );
      await renderScreen(`/${applicationId}/update`);
      await screen.findByRole('heading', { level: 1, name: 'Tell us about yourself' });
      await waitFor(() => expect(calls.calls.some((call) => call.url === '/api/v2/accounts')).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Switch account' })).toBeNull();
    });

    it('is not offered off an application (no application in the address) and reads no accounts there', async () => {
      const calls = api();
      await renderScreen('/incorrect-url');
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(within(screen.getByRole('banner')).queryByRole('link', { name: 'Switch account' })).toBeNull();
      expect(calls.calls.some((call) => call.url === '/api/v2/accounts')).toBe(false);
    });

    it('is in French for fr-CA', async () => {
      api();
      await renderScreen(`/${applicationId}/update`, { locale: 'fr-CA' });
      expect(
        await within(screen.getByRole('banner')).findByRole('link', { name: 'Changer de compte' }),
      ).toBeInTheDocument();
    });
  });
});
