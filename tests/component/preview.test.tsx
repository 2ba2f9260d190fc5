/**
 * The preview (issue 25, "Editor tools"): every portal of the product is in it, the co-brands' reseller portal too
 * (doc1 §1, §2.1: a reseller's `/r/{id}` link makes the visit the reseller portal), and it can show a screen in the
 * state "the API refuses this field": each bound field with the error the API would answer for it, localised, through
 * the app's own error display.
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import accounts from '../../rules/accounts.json';
import { Controls } from '../../engine/preview/controls.tsx';
import { renderFrame } from '../../engine/preview/frame.tsx';
import type { Selection } from '../../engine/preview/selection.ts';

const DEFAULTS: Selection = {
  screen: 'landing',
  market: 'US',
  portal: 'domain',
  cobrand: '',
  locale: 'en-US',
  state: 'new',
  width: 390,
};

afterEach(() => {
  document.body.innerHTML = '';
});

async function openFrame(selection: Partial<Selection>) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => {
    await renderFrame(root, { ...DEFAULTS, ...selection });
  });
  return root;
}

describe('preview: every portal of the product', () => {
  it('offers the reseller portal and each co-brand, and a reseller co-brand puts the visit in the reseller portal', async () => {
    render(<Controls initial={DEFAULTS} />);
    const portal = screen.getByLabelText('Portal');
    const portals = within(portal)
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'));
    expect(portals).toEqual(expect.arrayContaining(['domain', 'terminal', 'reseller']));
    const cobrand = screen.getByLabelText('Co-brand');
    expect(
      within(cobrand)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['', ...Object.keys(accounts.cobrands)]);
    await userEvent.setup().selectOptions(cobrand, 'reseller-shop');
    expect(portal).toHaveValue('reseller');
    expect(screen.getByTitle(/^Screen /).getAttribute('src')).toContain('cobrand=reseller-shop');
    expect(screen.getByTitle(/^Screen /).getAttribute('src')).toContain('portal=reseller');
  });

  it('opens a screen in a reseller co-brand with the reseller’s own version', async () => {
    await openFrame({ screen: 'owner-success', cobrand: 'reseller-shop' });
    expect(
      await screen.findByText(/Your reseller is your contact for this business’s payments account/, undefined, {
        timeout: 10_000,
      }),
    ).toBeInTheDocument();
  });
});

describe('preview: the API refuses this field', () => {
  it('a submit shows, at each bound field, the localised message the API gives for it', async () => {
    await openFrame({ screen: 'applicant-info', state: 'submit-fields', market: 'CA', locale: 'fr-CA' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/prénom/i, undefined, { timeout: 20_000 }), 'Ann');
    await user.type(screen.getByLabelText(/nom de famille/i), 'Lee');
    await user.type(screen.getByLabelText(/^Adresse courriel/), 'ann@example.com');
    await user.type(screen.getByLabelText(/^Confirmez l’adresse courriel/), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    // rules/validation/fields.json: names use person-name-accented in Canada, the email the email format.
    await waitFor(() => expect(screen.getAllByText('Veuillez entrer un nom valide.').length).toBeGreaterThanOrEqual(2));
    expect(screen.getAllByText('Veuillez entrer une adresse courriel valide.').length).toBeGreaterThan(0);
    expect(screen.queryByText(/validation\./)).toBeNull();
  });
});
