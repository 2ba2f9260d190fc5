/**
 * Issue 22 (a desktop layout that uses the width): beside the form, the steps by name under "Step n of m". Done steps
 * carry a check and a visually hidden "completed", the current step is `aria-current="step"`, later ones are plain;
 * no links. The names come from the flow's `progress.stepKeys` in the shell catalogue every page loads.
 */
import { render, within } from '@testing-library/react';
import { createRef } from 'react';
import bundle from 'virtual:content-full';
import { wholeLoaders as loaders } from 'virtual:catalogues';
import { MemoryRouter } from 'react-router-dom';
import { EngineContext, type Engine } from '../../engine/app/engine-context.tsx';
import { I18nProvider } from '../../engine/i18n/context.tsx';
import { createTranslator } from '../../engine/i18n/translator.ts';
import { ScreenFrame } from '../../engine/screens/screen-frame.tsx';
import { progressWalk } from '../../engine/flow/progress.ts';
import type { Screen } from '../../engine/content/types.ts';

async function frame(id: string, locale: string) {
  const translator = createTranslator(locale, (await loaders[locale]()).default, undefined);
  return render(
    <I18nProvider translator={translator}>
      <EngineContext.Provider value={{ bundle } as unknown as Engine}>
        <MemoryRouter>
          <ScreenFrame
            screen={bundle.screens[id] as Screen}
            headingRef={createRef<HTMLHeadingElement>()}
            context={{}}
          />
        </MemoryRouter>
      </EngineContext.Provider>
    </I18nProvider>,
  );
}

describe('the steps beside the form', () => {
  it('walks the signup flow in the order the names are expected (the screens an applicant with no answers sees)', () => {
    expect(progressWalk('signup', {}, bundle)).toEqual([
      'update',
      'business-details',
      'category',
      'identity',
      'review',
    ]);
  });

  it.each([
    ['en-US', ['About you', 'Your business', 'Business category', 'Your identity', 'Review'], '(completed)'],
    [
      'fr-CA',
      ['À propos de vous', 'Votre entreprise', 'Catégorie d’entreprise', 'Votre identité', 'Révision'],
      '(terminée)',
    ],
  ])('lists them by name in %s: done, current, later, without links', async (locale, names, completed) => {
    const { container, unmount } = await frame('category', locale);
    const list = container.querySelector('.progress ol.progress__steps') as HTMLElement;
    expect(list).not.toBeNull();
    const items = within(list).getAllByRole('listitem');
    // Each done step reads its name then "completed"; the check is decorative.
    expect(items.map((item) => item.textContent)).toEqual([
      `${names[0]} ${completed}`,
      `${names[1]} ${completed}`,
      names[2],
      names[3],
      names[4],
    ]);
    for (const done of items.slice(0, 2)) {
      expect(done.querySelector('svg.icon')?.getAttribute('aria-hidden')).toBe('true');
      expect(done.querySelector('.visually-hidden')?.textContent).toBe(` ${completed}`);
      expect(done.hasAttribute('aria-current')).toBe(false);
    }
    expect(items[2].getAttribute('aria-current')).toBe('step');
    expect(items[2].className).toContain('progress__step--current');
    for (const later of items.slice(3)) {
      expect(later.hasAttribute('aria-current')).toBe(false);
      expect(later.querySelector('svg, .visually-hidden')).toBeNull();
    }
    expect(within(list).queryAllByRole('link')).toEqual([]);
    // The label and bar stay as they are, above the list.
    expect(container.querySelector('.progress__label')?.nextElementSibling?.tagName).toBe('PROGRESS');
    unmount();
  });

  it('marks the first step current and none done on the first screen', async () => {
    const { container, unmount } = await frame('update', 'en-US');
    const items = [...container.querySelectorAll('.progress__step')];
    expect(items.map((item) => item.getAttribute('aria-current'))).toEqual(['step', null, null, null, null]);
    expect(container.querySelector('.progress__step--done')).toBeNull();
    unmount();
  });

  it('is not drawn for a screen outside the flow’s steps', async () => {
    const { container, unmount } = await frame('landing', 'en-US');
    expect(container.querySelector('.progress__steps')).toBeNull();
    unmount();
  });
});
