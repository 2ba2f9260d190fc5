/**
 * Issue 10 (first paint): the heading the server draws before any script runs (engine/screens/frame-markup.ts, written
 * into page-preloads.json by the build) is the same markup as the heading React renders (screen-frame.tsx
 * FrameHeading), for every screen it is drawn for, in every locale: the same elements, attributes and text. A change
 * to one that the other does not follow fails here.
 */
import { render, screen as view } from '@testing-library/react';
import { createRef } from 'react';
import bundle from 'virtual:content-full';
import { wholeLoaders as loaders } from 'virtual:catalogues';
import { EngineContext, type Engine } from '../../engine/app/engine-context.tsx';
import { I18nProvider } from '../../engine/i18n/context.tsx';
import { createTranslator } from '../../engine/i18n/translator.ts';
import { MemoryRouter } from 'react-router-dom';
import { ScreenFrame } from '../../engine/screens/screen-frame.tsx';
import { PageLoader } from '../../engine/shell/page-loader.tsx';
import { capturePrerender } from '../../engine/app/prerender.ts';
import {
  frameClass,
  frameHeadingMarkup,
  headingCombinations,
  headingIsStatic,
} from '../../engine/screens/frame-markup.ts';
import type { Screen } from '../../engine/content/types.ts';
import { progressShown } from '../../engine/flow/progress.ts';

const locales = Object.keys(loaders);
const drawn = Object.values(bundle.screens as Record<string, Screen>).filter(headingIsStatic);

/**
 * The screen as the first paint knows it: without the notices a variant may change, or whose variables come from the
 * screen's reads (options.messageArgs: a partner's page names the business); the screen adds those.
 */
function withoutVariantNotices(screen: Screen): Screen {
  const changes =
    (screen.options as { messageArgs?: object } | undefined)?.messageArgs !== undefined ||
    (screen.variants ?? []).some((variant) => {
      const options = (variant as { merge?: { options?: Record<string, unknown> | null } }).merge?.options;
      return options === null || (options !== undefined && 'noticeKeys' in options);
    });
  return changes ? { ...screen, options: { ...(screen.options ?? {}), noticeKeys: [] } } : screen;
}

describe('the first paint of a screen', () => {
  it('is drawn for the screens the benchmark names, each combination of the query variants that decide the heading', () => {
    const ids = drawn.map((screen) => screen.id);
    expect(ids).toEqual(expect.arrayContaining(['applicant-info', 'category', 'landing']));
    expect(drawn.length).toBeGreaterThan(20);
    // landing: a completed (?completed=true) or timed-out (?timeout) visit gives it a warning tone.
    const landing = headingCombinations(drawn.find((screen) => screen.id === 'landing')!);
    expect(landing.map((screen) => (screen.options as { tone?: string }).tone)).toEqual([
      undefined,
      'warning',
      'warning',
      'warning',
    ]);
  });

  it.each(locales)(
    'never shows an unfilled variable, in %s (a notice whose variables come from reads)',
    async (locale) => {
      const translator = createTranslator(locale, (await loaders[locale]()).default, undefined);
      for (const screen of drawn.flatMap(headingCombinations))
        expect(frameHeadingMarkup(screen, undefined, translator.t), screen.id).not.toContain('{$');
    },
  );

  it.each(locales)(
    'is the markup ScreenFrame renders with its heading, for every drawn screen and combination, in %s',
    async (locale) => {
      const messages = (await loaders[locale]()).default;
      const translator = createTranslator(locale, messages, undefined);
      const engine = { bundle } as unknown as Engine;
      const listed: string[] = [];
      for (const screen of drawn.flatMap(headingCombinations).map(withoutVariantNotices)) {
        const progress = progressShown(screen, {}, bundle);
        const { container, unmount } = render(
          <I18nProvider translator={translator}>
            <EngineContext.Provider value={engine}>
              <MemoryRouter>
                <ScreenFrame
                  screen={screen}
                  headingRef={createRef<HTMLHeadingElement>()}
                  context={{}}
                  tone={
                    screen.kind === 'message' ? (screen.options as { tone?: 'warning' } | undefined)?.tone : undefined
                  }
                />
              </MemoryRouter>
            </EngineContext.Provider>
          </I18nProvider>,
        );
        const expected = document.createElement('div');
        // As the build writes it (scripts/vite/preload-plugin.ts).
        expected.innerHTML = `<section class="${frameClass(screen)}" aria-labelledby="screen-title">${frameHeadingMarkup(screen, progress, translator.t)}</section>`;
        // The same nodes, attributes and text; the message text itself is checked to be there, not empty.
        expect(
          container.isEqualNode(expected),
          `${screen.id} in ${locale}:\n${container.innerHTML}\n${expected.innerHTML}`,
        ).toBe(true);
        expect(expected.querySelector('h1')?.textContent).toBe(translator.t(`${screen.messages}.title`));
        // The steps by name beside the form (issue 22): drawn by both, one current step.
        if (expected.querySelector('.progress__steps')) {
          listed.push(screen.id);
          expect(expected.querySelectorAll('[aria-current="step"]')).toHaveLength(1);
        }
        unmount();
      }
      expect(listed).toEqual(expect.arrayContaining(['update', 'business-details', 'category', 'identity']));
    },
  );
});

describe('the page loader of the screen the server drew (engine/app/prerender.ts)', () => {
  const drawnPage = (locale: string) => {
    const root = document.createElement('div');
    root.innerHTML =
      `<div class="prerendered" data-prerender="category" data-locale="${locale}"><header class="header"></header>` +
      '<main id="main" class="main"><section class="screen screen--form" aria-labelledby="screen-title"><h1 id="screen-title">Drawn heading</h1></section></main></div>';
    return root;
  };
  const loader = async (screen: string, locale: string) => {
    const translator = createTranslator(locale, (await loaders[locale]()).default, undefined);
    return render(
      <MemoryRouter>
        <I18nProvider translator={translator}>
          <PageLoader screen={screen} />
        </I18nProvider>
      </MemoryRouter>,
    );
  };

  it('keeps the drawn heading in place of the spinner for that screen, with the loading status, until a screen renders', async () => {
    capturePrerender(drawnPage('fr-CA'));
    const shown = await loader('category', 'fr-CA');
    expect(view.getByRole('heading', { level: 1, name: 'Drawn heading' })).toBeTruthy();
    expect(view.getByRole('status').textContent).toBe(
      createTranslator('fr-CA', (await loaders['fr-CA']()).default, undefined).t('shell.loading'),
    );
    expect(shown.container.querySelector('.spinner')).toBeNull();
    shown.unmount();
    // Another screen, or the engine chose another locale: the usual loader.
    for (const [screen, locale] of [
      ['applicant-info', 'fr-CA'],
      ['category', 'en-CA'],
    ]) {
      const other = await loader(screen, locale);
      expect(other.container.querySelector('.spinner')).not.toBeNull();
      expect(view.queryByRole('heading')).toBeNull();
      other.unmount();
    }
    // A screen rendered (ScreenFrame ends it on mount): the drawn heading is not shown again.
    const translator = createTranslator('fr-CA', (await loaders['fr-CA']()).default, undefined);
    const frame = render(
      <I18nProvider translator={translator}>
        <EngineContext.Provider value={{ bundle } as unknown as Engine}>
          <MemoryRouter>
            <ScreenFrame
              screen={bundle.screens.category as Screen}
              headingRef={createRef<HTMLHeadingElement>()}
              context={{}}
            />
          </MemoryRouter>
        </EngineContext.Provider>
      </I18nProvider>,
    );
    frame.unmount();
    const after = await loader('category', 'fr-CA');
    expect(after.container.querySelector('.spinner')).not.toBeNull();
    expect(view.queryByRole('heading')).toBeNull();
  });
});
