/**
 * What the applicant types on the identity screen may reach browser storage only when it is not sensitive: the
 * draft keeps the street address (so the test would notice drafts not being written at all) and never the date of
 * birth or the last four of the SSN (rules/privacy.json); analytics events carry neither. It fails when a format is
 * dropped from the sensitive list.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationId, fakeApi, renderScreen } from './render-screen.tsx';

function allBrowserStorage(): string {
  const dump = (storage: Storage) => JSON.stringify(Object.fromEntries(Object.keys(storage).map((key) => [key, storage.getItem(key)])));
  return `${dump(localStorage)}${dump(sessionStorage)}${document.cookie}`;
}

describe('browser storage and analytics stay free of personal numbers', () => {
  it('the identity screen drafts the address but not the date of birth or SSN digits, before and after submit', async () => {
    const api = fakeApi({ application: { id: applicationId } });
    const pushed: unknown[] = [];
    const posted: unknown[] = [];
    await renderScreen(`/${applicationId}/applicant/identity`, { sinks: { push: (e) => pushed.push(e), post: (b) => posted.push(b), sent: new Set<string>() } });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Date of birth/), '04/12/1985');
    await user.type(screen.getByLabelText(/Last 4 digits of your SSN/), '4321');
    await user.type(screen.getByLabelText(/Home street address/), '456 Oak Avenue');

    await waitFor(() => expect(allBrowserStorage()).toContain('456 Oak Avenue'));
    for (const secret of ['04/12/1985', '4321']) expect(allBrowserStorage()).not.toContain(secret);

    await user.click(screen.getByRole('button', { name: /Submit application|Continue/ }));
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(0));
    for (const secret of ['04/12/1985', '4321']) {
      expect(allBrowserStorage()).not.toContain(secret);
      expect(JSON.stringify(pushed)).not.toContain(secret);
      expect(JSON.stringify(posted)).not.toContain(secret);
    }
  });
});
