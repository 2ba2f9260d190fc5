/**
 * What the applicant types on the identity screen may reach browser storage only when it is not sensitive: the
 * draft keeps the street address (so the test would notice drafts not being written at all) and never the date of
 * birth or the last four of the SSN (rules/privacy.json); analytics events carry neither. It fails when a format is
 * dropped from the sensitive list.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationId, fakeApi, renderScreen, usEnvironment } from './render-screen.tsx';
import type { Environment } from '../../engine/environment/detect.ts';

function canada(): Environment {
  const us = usEnvironment();
  return { ...us, market: 'CA', currency: 'CAD', locale: 'en-CA', locales: ['en-CA', 'fr-CA'], config: { ...us.config, markets: { ...us.config.markets, CA: { currency: 'CAD', locales: ['en-CA', 'fr-CA'] } } } };
}

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
    window.dispatchEvent(new Event('pagehide'));

    expect(allBrowserStorage()).toContain('456 Oak Avenue');
    for (const secret of ['04/12/1985', '4321']) expect(allBrowserStorage()).not.toContain(secret);

    await user.click(screen.getByRole('button', { name: /Submit application|Continue/ }));
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(0));
    for (const secret of ['04/12/1985', '4321']) {
      expect(allBrowserStorage()).not.toContain(secret);
      expect(JSON.stringify(pushed)).not.toContain(secret);
      expect(JSON.stringify(posted)).not.toContain(secret);
    }
  });

  // Fails when the SIN field loses both defences (its sin format in rules/privacy.json and ui:sensitive).
  it('the Canadian full-SIN step-up keeps the SIN out of storage and analytics, typed and filed', async () => {
    const api = fakeApi({ application: { id: applicationId, decision: 'APPROVED_PENDING', stepUpDetails: [{ type: 'FULL_SSN', status: 'REQUIRED' }] } }, (method) =>
      method === 'POST' ? { status: 201, body: { application: { id: applicationId, decision: 'APPROVED_PENDING', stepUpDetails: [] } } } : undefined,
    );
    const pushed: unknown[] = [];
    const posted: unknown[] = [];
    await renderScreen(`/${applicationId}/ssn`, { environment: canada(), locale: 'en-CA', sinks: { push: (e) => pushed.push(e), post: (b) => posted.push(b), sent: new Set<string>() } });
    const user = userEvent.setup();
    const sin = await screen.findByLabelText(/Social insurance number/);
    await user.type(sin, '130 692 544');
    await user.tab();
    // The engine writes a draft after the next frame; a page hidden or left writes it at once (as here), so the
    // search below looks at what a draft would have kept.
    window.dispatchEvent(new Event('pagehide'));
    const secrets = ['130 692 544', '130692544', '692544'];
    for (const secret of secrets) expect(allBrowserStorage()).not.toContain(secret);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // The SIN did reach the API (so the search below looks where it could have gone), and nowhere else.
    await waitFor(() => expect(JSON.stringify(api.calls.filter((call) => call.method === 'POST'))).toContain('130692544'));
    expect(pushed.length + posted.length).toBeGreaterThan(0);
    for (const secret of secrets) {
      expect(allBrowserStorage()).not.toContain(secret);
      expect(JSON.stringify(pushed)).not.toContain(secret);
      expect(JSON.stringify(posted)).not.toContain(secret);
    }
  });
});
