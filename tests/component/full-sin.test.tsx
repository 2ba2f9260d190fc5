/**
 * The FULL_SSN step-up in Canada (flows/signup/screens/ssn.json, the market variant; doc1 §4.5, doc2 §5 SIN):
 * the applicant gives the social insurance number again, checked by the sin rule (9 digits, Luhn), and it is filed
 * as source type SIN on the government-identifications call, in French for fr-CA. The US screen still asks the SSN.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationId, canadaEnvironment, fakeApi, renderScreen } from './render-screen.tsx';

const pending = {
  application: {
    id: applicationId,
    decision: 'APPROVED_PENDING',
    stepUpDetails: [{ type: 'FULL_SSN', status: 'REQUIRED' }],
  },
};

describe('full SIN step-up (Canada)', () => {
  it('fr-CA: a SIN failing the Luhn check is refused in French and nothing is sent; a valid one is filed as SIN', async () => {
    const api = fakeApi(pending, (method) =>
      method === 'POST'
        ? { status: 201, body: { application: { id: applicationId, decision: 'APPROVED_PENDING', stepUpDetails: [] } } }
        : undefined,
    );
    await renderScreen(`/${applicationId}/ssn`, { environment: canadaEnvironment('fr-CA'), locale: 'fr-CA' });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Nous avons besoin de nouveau de votre numéro d’assurance sociale',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText(/sécurité sociale/)).toBeNull();
    const user = userEvent.setup();
    const sin = screen.getByLabelText(/Numéro d’assurance sociale \(NAS\)/);
    expect(sin).toHaveAttribute('inputmode', 'numeric');
    await user.type(sin, '130 700 009');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/NAS|assurance sociale/);
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.clear(sin);
    await user.type(sin, '130 692 544');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    const post = api.calls.find((call) => call.method === 'POST')!;
    expect(post.url).toBe(`/api/v2/applications/${applicationId}/government-identifications`);
    expect(post.body).toEqual({ value: '130692544', sourceType: 'SIN' });
  });

  it('the US screen asks the full SSN and answers the full-ssn step-up', async () => {
    const api = fakeApi(pending, (method) =>
      method === 'POST' ? { status: 200, body: { application: { id: applicationId, stepUpDetails: [] } } } : undefined,
    );
    await renderScreen(`/${applicationId}/ssn`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Social Security number \(SSN\)/), '512-34-5678');
    expect(screen.queryByLabelText(/insurance number/i)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    const post = api.calls.find((call) => call.method === 'POST')!;
    expect(post.url).toBe(`/api/v2/applications/${applicationId}/step-ups/full-ssn`);
    expect(post.body).toEqual({ value: '512345678' });
  });
});
