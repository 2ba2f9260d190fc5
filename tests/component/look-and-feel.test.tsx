/**
 * Issue 22 "Look and feel", what the French gallery at 390 px showed (scripts/screenshots, `--locales=fr-CA`), fixed
 * in the shared templates so every screen has it: the required asterisk never alone on a line, a checkbox's error
 * above its box, the error summary first under the heading, one primary action first on an outcome page, and the
 * support address broken before its `@`.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationId, canadaEnvironment, fakeApi, renderScreen } from './render-screen.tsx';

const quebec = { environment: canadaEnvironment('fr-CA'), locale: 'fr-CA' } as const;

describe('the required marker', () => {
  it('is joined to the label’s last word by a no-break space, so a long label never leaves it alone', async () => {
    fakeApi({ application: { id: applicationId }, applicant: {}, company: {} });
    await renderScreen(`/${applicationId}/applicant/business`, quebec);
    await screen.findByLabelText(/Adresse municipale de l’entreprise/);
    const markers = [...document.querySelectorAll('.field__required')];
    expect(markers.length).toBeGreaterThan(3);
    for (const marker of markers) expect(marker.textContent).toBe('\u00a0*');
  });
});

describe('a single checkbox', () => {
  it('shows its error above the box, as every other field shows its error above its input', async () => {
    fakeApi({ application: { id: applicationId }, applicant: {}, company: {} });
    await renderScreen(`/${applicationId}/terms`, quebec);
    const box = await screen.findByRole('checkbox');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accepter et continuer' }));
    const field = box.closest('.field')!;
    const error = await waitFor(() => {
      const found = field.querySelector('.field__error');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(error.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('the error summary', () => {
  it('comes first under the heading, before the screen’s “why we ask” and its links', async () => {
    fakeApi({ application: { id: applicationId }, applicant: {}, company: {} });
    await renderScreen(`/${applicationId}/applicant/identity`, quebec);
    await screen.findByLabelText(/Date de naissance/);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continuer' }));
    const summary = await screen.findByRole('alert');
    const why = document.querySelector('.why-we-ask')!;
    expect(why).not.toBeNull();
    expect(summary.compareDocumentPosition(why) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('comes before the terms’ privacy link', async () => {
    fakeApi({ application: { id: applicationId }, applicant: {}, company: {} });
    await renderScreen(`/${applicationId}/terms`, quebec);
    await screen.findByRole('checkbox');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accepter et continuer' }));
    const summary = await screen.findByRole('alert');
    const privacy = screen.getByRole('link', { name: /politique de confidentialité/ });
    expect(summary.compareDocumentPosition(privacy) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('an outcome page’s actions', () => {
  it('has one primary action, the screen’s own, and its link after it as a quiet link', async () => {
    fakeApi({ application: { id: applicationId, decision: 'APPROVED_PENDING' }, applicant: {}, company: {} });
    await renderScreen(`/${applicationId}/success`, quebec);
    await screen.findByRole('heading', { level: 1, name: 'Vous pouvez commencer à accepter des paiements' });
    const primaries = document.querySelectorAll('.screen .button--primary');
    expect([...primaries].map((p) => p.textContent)).toEqual(['Associer un compte bancaire']);
    expect(screen.getByRole('link', { name: 'Aller à votre compte' }).className).toContain('button--link');
  });

  it('puts the link that is its primary action before its secondary actions, in one row', async () => {
    fakeApi({ application: { id: applicationId }, applicant: {}, company: {}, bank: {} });
    await renderScreen(`/${applicationId}/complete/bank/success`, quebec);
    await screen.findByRole('heading', { level: 1, name: 'Tout est prêt' });
    const rows = document.querySelectorAll('.screen .actions');
    expect(rows).toHaveLength(1);
    const actions = [...rows[0]!.children].map((element) => element.textContent);
    expect(actions).toEqual(['Aller à votre compte', 'Commander un terminal de paiement']);
    expect(rows[0]!.firstElementChild!.className).toContain('button--primary');
  });
});

describe('the support contact', () => {
  it('may break the email address before its @, never inside the domain', async () => {
    fakeApi({ application: { id: applicationId, decision: 'DECLINED' }, applicant: {}, company: {} });
    await renderScreen(`/${applicationId}/success`, quebec);
    const box = await screen.findByRole('complementary');
    const email = within(box).getByRole('link', { name: /@/ });
    expect(email.innerHTML).toMatch(/<wbr>@[\w.-]+$/);
    expect(email.textContent).toBe(email.getAttribute('href')!.replace('mailto:', ''));
  });
});
