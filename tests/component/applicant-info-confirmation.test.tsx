/**
 * The applicant-info screen in Canada asks the email twice (flows/signup/screens/applicant-info.json, the market
 * variant; doc1 §2.7, doc2 §5 'Emails must match'), validated by the precompiled `$data` const; the US screen
 * does not, and the confirmation is never sent to the API.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationId, canadaEnvironment, fakeApi, renderScreen } from './render-screen.tsx';

async function fill(user: ReturnType<typeof userEvent.setup>, email: string, confirmation: string) {
  await user.type(await screen.findByLabelText(/Legal first name/), 'Émilie');
  await user.type(screen.getByLabelText(/Legal last name/), 'Côté');
  await user.type(screen.getByLabelText(/^Email address/), email);
  await user.type(screen.getByLabelText(/Confirm email address/), confirmation);
}

describe('applicant info: email confirmation in Canada', () => {
  it('the US screen has no confirmation field', async () => {
    fakeApi({ application: { id: applicationId } });
    await renderScreen(`/${applicationId}/applicant`);
    await screen.findByLabelText(/Legal first name/);
    expect(screen.queryByLabelText(/Confirm email address/)).toBeNull();
  });

  it('a confirmation that differs shows “Emails must match.” on the field and in the summary, and sends nothing', async () => {
    const api = fakeApi({ application: { id: applicationId } });
    await renderScreen(`/${applicationId}/applicant`, { environment: canadaEnvironment('en-CA'), locale: 'en-CA' });
    const user = userEvent.setup();
    await fill(user, 'emilie@example.com', 'emilie@example.org');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['#root_emailConfirmation']);
    expect(links[0]).toHaveTextContent('Confirm email address: Emails must match.');
    expect(screen.getByLabelText(/Confirm email address/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Email address/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('an empty confirmation is required', async () => {
    fakeApi({ application: { id: applicationId } });
    await renderScreen(`/${applicationId}/applicant`, { environment: canadaEnvironment('en-CA'), locale: 'en-CA' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Legal first name/), 'Émilie');
    await user.type(screen.getByLabelText(/Legal last name/), 'Côté');
    await user.type(screen.getByLabelText(/^Email address/), 'emilie@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['#root_emailConfirmation']);
  });

  it('a matching confirmation submits; the API gets the email once and no confirmation', async () => {
    const api = fakeApi({ application: { id: applicationId } });
    await renderScreen(`/${applicationId}/applicant`, { environment: canadaEnvironment('en-CA'), locale: 'en-CA' });
    const user = userEvent.setup();
    await fill(user, 'emilie@example.com', 'emilie@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = api.calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toEqual({
      applicant: { name: { firstName: 'Émilie', lastName: 'Côté' }, email: { emailAddress: 'emilie@example.com' } },
    });
  });

  it('in French the field and the message are French', async () => {
    fakeApi({ application: { id: applicationId } });
    await renderScreen(`/${applicationId}/applicant`, { environment: canadaEnvironment('fr-CA'), locale: 'fr-CA' });
    const user = userEvent.setup();
    const confirmation = await screen.findByLabelText(/Confirmez l’adresse courriel/);
    await user.type(screen.getByLabelText(/^Adresse courriel/), 'emilie@example.com');
    await user.type(confirmation, 'autre@example.com');
    await user.click(screen.getByRole('button', { name: /Continuer/ }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent(/Les adresses courriel doivent être identiques/);
  });
});
