/**
 * Issue 22 defect 11 (wording), the parts left: "The summary heading for a refusal (wrong code, blocked category,
 * decline) is the refusal, not 'Please fill or correct required fields'", and "dates in fr-CA in an order Quebec
 * readers cannot misread (doc2 §5 allows YYYY/MM/DD)".
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationId, fakeApi, renderScreen, usEnvironment } from './render-screen.tsx';
import { displayForm, normalizeForm } from '../../engine/form/normalize.ts';
import type { Environment } from '../../engine/environment/detect.ts';

const GENERAL = ['Please fill or correct required fields.', 'We couldn’t accept what you entered.'];

function quebec(): Environment {
  const us = usEnvironment();
  return {
    ...us,
    market: 'CA',
    currency: 'CAD',
    locale: 'fr-CA',
    locales: ['en-CA', 'fr-CA'],
    config: { ...us.config, markets: { ...us.config.markets, CA: { currency: 'CAD', locales: ['en-CA', 'fr-CA'] } } },
  };
}

describe('a refusal is the heading of the error summary', () => {
  it('a wrong code: the summary says the code does not match, once, not the general heading', async () => {
    fakeApi(
      { application: { id: applicationId, stepUpDetails: [{ type: 'OTP_SMS' }] }, applicant: {}, company: {} },
      (method, url) =>
        method === 'POST' && url.includes('/step-ups/otp')
          ? {
              status: 400,
              body: {
                error: 'VALIDATION_FAILED',
                details: [
                  { field: '/code', key: 'validation.otp.mismatch', description: 'Hmm that code doesn’t match.' },
                ],
              },
            }
          : undefined,
    );
    await renderScreen(`/${applicationId}/otp/code`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/6-digit code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const summary = await screen.findByRole('alert');
    await waitFor(() =>
      expect(within(summary).getByRole('heading', { level: 2 }).textContent).toBe('That code doesn’t match.'),
    );
    for (const general of GENERAL) expect(summary.textContent).not.toContain(general);
  });
});

describe('dates in fr-CA (doc2 §5: YYYY/MM/DD allowed)', () => {
  it('the date of birth is asked, checked and shown year first, and sent in the API’s MM/DD/YYYY', async () => {
    fakeApi({ application: { id: applicationId }, applicant: {}, company: {} });
    await renderScreen(`/${applicationId}/applicant/identity`, { environment: quebec(), locale: 'fr-CA' });
    const dob = await screen.findByLabelText(/Date de naissance/);
    // The hint says the order, year first; never the month-first order a Quebec reader takes for day/month.
    const hints = (dob.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id));
    const hint = hints.map((node) => node?.textContent ?? '').join(' ');
    expect(hint).toContain('AAAA/MM/JJ');
    expect(hint).not.toContain('MM/JJ/AAAA');
    const user = userEvent.setup();
    // A month-first date is refused with the year-first format named.
    await user.type(dob, '04/12/1985');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(summary.textContent).toContain('AAAA/MM/JJ'));
    await user.clear(dob);
    await user.type(dob, '1985/04/12');
    await waitFor(() => expect(summary.textContent ?? '').not.toContain('AAAA/MM/JJ'));
    // What is sent is the API's order, and a stored date shows year first again.
    const ui = { dob: { 'ui:normalize': 'ymdToMdy' } };
    expect(normalizeForm({ dob: '1985/04/12' }, ui)).toEqual({ dob: '04/12/1985' });
    expect(displayForm({ dob: '04/12/1985' }, ui)).toEqual({ dob: '1985/04/12' });
  });
});
