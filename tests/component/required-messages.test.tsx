/**
 * Issue 22 item 11: a required field left empty says what to do, by name, on the screens that used to say only "This
 * field is required." (their `<messages>.<field>.required` keys, or the field's `ui:messages.required`), in the
 * market's wording and in French; and the API's generic `validation.required` for a bound field shows as that message
 * too.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationId, canadaEnvironment, fakeApi, renderScreen } from './render-screen.tsx';

const GENERIC = ['This field is required.', 'Ce champ est obligatoire.'];

/** Submits the form empty and gives the error summary's text. */
async function emptySubmit(button: RegExp): Promise<string> {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: button }));
  return (await screen.findByRole('alert')).textContent ?? '';
}

describe('an empty required field says what to give', () => {
  it('manual bank account (US): each field by name, nothing sent', async () => {
    const calls = fakeApi({ application: { id: applicationId }, company: { currency: 'USD' } });
    await renderScreen(`/${applicationId}/bank/manual`);
    const summary = await emptySubmit(/Save bank account/);
    for (const text of [
      'Enter the name of the account holder.',
      'Choose whether it’s a checking or savings account.',
      'Enter the 9-digit routing number.',
      'Enter the account number.',
      'Enter the account number again to confirm it.',
    ])
      expect(summary).toContain(text);
    for (const text of GENERIC) expect(document.body.textContent).not.toContain(text);
    expect(calls.calls.some((call) => call.method !== 'GET')).toBe(false);
  });

  it('manual bank account in Canada, in French: the transit and institution numbers the variant adds', async () => {
    fakeApi({ application: { id: applicationId }, company: { currency: 'CAD' } });
    await renderScreen(`/${applicationId}/bank/manual`, { environment: canadaEnvironment('fr-CA'), locale: 'fr-CA' });
    const summary = await emptySubmit(/Enregistrer le compte bancaire/);
    for (const text of [
      'Entrez le nom du titulaire du compte.',
      'Indiquez s’il s’agit d’un compte chèques ou d’un compte épargne.',
      'Entrez le numéro de succursale (transit) à 5 chiffres.',
      'Entrez le numéro d’institution à 3 chiffres.',
      'Entrez le numéro de compte.',
    ])
      expect(summary).toContain(text);
    expect(summary).not.toContain('acheminement');
    for (const text of GENERIC) expect(document.body.textContent).not.toContain(text);
  });

  it('tax information: the number asked for by the variant (EIN) names itself, through ui:messages', async () => {
    fakeApi({ application: { id: applicationId }, company: {} });
    await renderScreen(`/${applicationId}/tax-information?type=ein`);
    const summary = await emptySubmit(/Submit/);
    expect(summary).toContain('Enter your 9-digit Employer Identification Number (EIN).');
    expect(summary).toContain('Enter your business’s legal name.');
    expect(summary).not.toContain('Social Security');
    for (const text of GENERIC) expect(document.body.textContent).not.toContain(text);
  });
});

describe('the API’s missing value shows the field’s own message', () => {
  it('a 400 naming a bound field with validation.required reads as the field’s instruction, not the generic text', async () => {
    fakeApi({ application: { id: applicationId }, applicant: {}, company: {} }, (method) =>
      method === 'PUT'
        ? {
            status: 400,
            body: {
              error: 'VALIDATION_FAILED',
              message: 'Some fields are not valid.',
              details: [
                {
                  field: '/applicant/name/lastName',
                  key: 'validation.required',
                  description: 'This field is required.',
                },
              ],
            },
          }
        : undefined,
    );
    await renderScreen(`/${applicationId}/applicant`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Legal first name/), 'Jane');
    await user.type(screen.getByLabelText(/^Legal last name/), 'Doe');
    await user.type(screen.getByLabelText(/^Email address/), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getAllByText('Enter your legal last name.').length).toBeGreaterThan(0));
    expect(document.body.textContent).not.toContain('This field is required.');
  });
});

describe('a card-entry part left empty says what to enter (ui:options.parts[].requiredKey)', () => {
  it('the card number, left after focus, asks for the card number', async () => {
    fakeApi(
      {
        application: { id: applicationId, decision: 'APPROVED' },
        applicant: {},
        company: { currency: 'USD' },
        order: { type: 'RENT', submitted: false, profiles: [{ planKey: 'n910', quantity: 1 }] },
      },
      (_method, url) =>
        url.startsWith('/api/v2/configs/plans') ? { status: 200, body: { market: 'US', plans: [] } } : undefined,
    );
    await renderScreen(`/${applicationId}/order/card`);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Card number', {}, { timeout: 8000 }));
    await user.tab();
    expect(await screen.findByText('Enter the card number.')).toBeInTheDocument();
    for (const text of GENERIC) expect(document.body.textContent).not.toContain(text);
  });
});
