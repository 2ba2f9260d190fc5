/**
 * doc2 §7 'What the product does with answers': a 401 clears the session and dismisses toasts. In the browser the
 * session is the sign-on's: a 401 means it has ended, so the notices on screen are dismissed and the applicant is sent
 * to sign in again, carrying the address they were at (doc1 §2.2); the API's side (the dead session's cookie is
 * cleared) is tests/api/unauthorised.test.ts.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import config from '../../rules/config.json' with { type: 'json' };
import { applicationId, fakeApi, renderScreen, usEnvironment } from './render-screen.tsx';

const FAILURE = 'Application update Error, please reload the page.';

describe('a 401 from the API', () => {
  const original = window.location;
  const assign = vi.fn();
  beforeEach(() => {
    assign.mockReset();
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { ...original, pathname: `/r/reseller-shop/${applicationId}/applicant`, search: '?x=1', assign },
    });
  });
  afterEach(() => {
    Object.defineProperty(window, 'location', { configurable: true, value: original });
  });

  it('dismisses the toasts on screen and sends the applicant to sign in again, back to where they were', async () => {
    let saves = 0;
    fakeApi({ application: { id: applicationId } }, (method) => {
      if (method !== 'PUT') return undefined;
      saves += 1;
      return saves === 1
        ? { status: 500, body: { error: 'SERVER', message: FAILURE } }
        : { status: 401, body: { error: 'UNAUTHENTICATED' } };
    });
    const us = usEnvironment();
    await renderScreen(`/${applicationId}/applicant`, {
      environment: { ...us, portal: 'reseller', config: { ...us.config, constants: config.constants } },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Legal first name/), 'Ann');
    await user.type(screen.getByLabelText(/Legal last name/), 'Lee');
    await user.type(screen.getByLabelText(/Email address/), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // The first failure is a toast that stays for 5000 ms.
    expect(await screen.findByText(FAILURE)).toBeVisible();
    expect(assign).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(assign).toHaveBeenCalledWith(
      `/sso/login?path=${encodeURIComponent(`/r/reseller-shop/${applicationId}/applicant?x=1`)}`,
    );
    expect(screen.queryByText(FAILURE)).toBeNull();
    expect(saves).toBe(2);
  });
});
