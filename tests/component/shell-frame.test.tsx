/**
 * Issue 22 defect 9 (dead ends): every screen has a footer with help (the support contact), privacy and terms; the
 * header offers sign out to a signed-in visitor; an outcome that says "contact support" shows how to. The contact and
 * the link targets are content (rules/shell.json), the words messages in every locale. The server draws the same
 * footer and sign-out before any script runs (engine/screens/frame-markup.ts), so the first paint and the engine's
 * page are the same markup.
 */
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { wholeLoaders as loaders } from 'virtual:catalogues';
import { applicationId, bundle, fakeApi, renderScreen } from './render-screen.tsx';
import { EngineContext, type Engine } from '../../engine/app/engine-context.tsx';
import { I18nProvider } from '../../engine/i18n/context.tsx';
import { createTranslator } from '../../engine/i18n/translator.ts';
import { Footer } from '../../engine/shell/footer.tsx';
import { Header } from '../../engine/shell/header.tsx';
import { footerMarkup, footerTexts, signOutAction, signOutMarkup } from '../../engine/screens/frame-markup.ts';
import { usEnvironment } from './render-screen.tsx';

const footer = bundle.shell.footer!;
const signOut = bundle.shell.signOut!;

describe('the shell around every screen (issue 22 defect 9)', () => {
  it('a screen has a footer with the support contact and the help, privacy and terms links, and sign out in the header', async () => {
    fakeApi({
      application: { id: applicationId, applicationLevel: 'BASIC', decision: 'PENDING' },
      applicant: {},
      company: {},
    });
    await renderScreen(`/${applicationId}/applicant/category`);
    await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
    const foot = screen.getByRole('contentinfo');
    const links = within(foot).getAllByRole('link');
    const hrefs = links.map((link) => link.getAttribute('href'));
    expect(hrefs).toContain(`tel:${footer.support.phone}`);
    expect(hrefs).toContain(`mailto:${footer.support.email}`);
    expect(foot.textContent).toContain(footer.support.phoneText);
    for (const name of [/help/i, /terms/i])
      expect(within(foot).getByRole('link', { name }).getAttribute('href')).toMatch(/^https:\/\//);
    // The privacy notice is the product's own page (issue 22), open without signing in.
    expect(
      within(foot)
        .getByRole('link', { name: /privacy/i })
        .getAttribute('href'),
    ).toBe('/privacy');
    const banner = screen.getByRole('banner');
    const button = within(banner).getByRole('button', { name: 'Sign out' });
    const form = button.closest('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/sso/logout?path=%2F');
  });

  it('the outcome that cannot offer payments shows how to contact support', async () => {
    fakeApi({
      application: { id: applicationId, applicationLevel: 'FULL', decision: 'DECLINED' },
      applicant: {},
      company: {},
    });
    await renderScreen(`/${applicationId}/success`);
    const box = await screen.findByRole('complementary', { name: 'Contact support' }, { timeout: 15_000 });
    expect(within(box).getByRole('link', { name: footer.support.phoneText }).getAttribute('href')).toBe(
      `tel:${footer.support.phone}`,
    );
    expect(within(box).getByRole('link', { name: footer.support.email })).toBeTruthy();
  });

  it('a sensitive screen says why it asks and how the answers are protected, as its content configures', async () => {
    fakeApi({ application: { id: applicationId }, applicant: {}, company: {} });
    await renderScreen(`/${applicationId}/applicant/identity`);
    const why = (await screen.findByText('Why we ask for this', {}, { timeout: 15_000 })).closest('details')!;
    expect(why.textContent).toContain('confirm the identity');
    expect(screen.getByText(/encrypted/).closest('.security-note')).not.toBeNull();
  });

  it.each(Object.keys(loaders))(
    'the footer and the sign-out are the markup the server draws, in %s',
    async (locale) => {
      const translator = createTranslator(locale, (await loaders[locale]()).default, undefined);
      const engine = { bundle, environment: usEnvironment(), user: { email: 'a@example.com' } } as unknown as Engine;
      const { container } = render(
        <I18nProvider translator={translator}>
          <EngineContext.Provider value={engine}>
            <MemoryRouter initialEntries={['/nowhere']}>
              <Header />
              <Footer />
            </MemoryRouter>
          </EngineContext.Provider>
        </I18nProvider>,
      );
      const drawn = document.createElement('div');
      drawn.innerHTML =
        signOutMarkup({ label: translator.t(signOut.labelKey), action: signOutAction(signOut) }) +
        footerMarkup(footerTexts(footer, translator.t));
      const rendered = [container.querySelector('.header__signout'), container.querySelector('footer')];
      rendered.forEach((node, index) =>
        expect(
          node?.isEqualNode(drawn.children[index]),
          `${node?.outerHTML}\n${drawn.children[index]?.outerHTML}`,
        ).toBe(true),
      );
      // Real words in the locale, no key on screen.
      expect(drawn.textContent).not.toMatch(/shell\./);
    },
  );
});
