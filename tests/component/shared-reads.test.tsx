/**
 * The read cache the screens share with the header (engine/app/read-keys.ts). The header's 'Switch account' link
 * reads the user's accounts on every screen of an application, and keeps the bare list; the account list screen
 * reads the same address for its own context. Reaching that screen moments later, while swr still holds the header's
 * answer and sends no second request, must show the user's business, not an empty list.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationId, fakeApi, renderScreen, usEnvironment } from './render-screen.tsx';

vi.setConfig({ testTimeout: 20_000 });

const document = {
  application: { id: applicationId, intent: 'CREATE_BUSINESS' },
  applicant: {},
  company: { name: 'Corner Shop', currency: 'USD' },
  owners: [],
};
const accounts = [
  {
    applicationId,
    applicationLevel: 'FULL',
    stepUpDetails: [],
    company: { name: 'Corner Shop', currency: 'USD' },
    createdAt: '2026-11-01T10:00:00Z',
  },
];

it('the account list shows the business the header already read, from a screen of the application to the list', async () => {
  fakeApi(document, (method, url) =>
    method === 'GET' && url === '/api/v2/accounts' ? { status: 200, body: accounts } : undefined,
  );
  const environment = usEnvironment();
  environment.config.markets = {
    US: { currency: 'USD', locales: ['en-US'] },
    CA: { currency: 'CAD', locales: ['en-CA', 'fr-CA'] },
  };
  await renderScreen(`/${applicationId}/location-change`, { environment });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Start a new application' }));
  await screen.findByRole('heading', { level: 1, name: 'Where is your business located?' });
  await user.click(screen.getByLabelText('Canada (CAD)'));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { level: 1, name: 'Change your country to Canada?' });
  await user.click(screen.getByRole('button', { name: 'No, keep my country' }));

  await screen.findByRole('heading', { level: 1, name: 'Choose a business' });
  expect(await screen.findByRole('radio', { name: /Corner Shop/ })).toBeInTheDocument();
});
