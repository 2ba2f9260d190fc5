/**
 * A screen's chunk in a locale (virtual:screen-messages/<locale>/<id>) brings everything of the screen the first page
 * left out: its definition, the calls and routing tables only screens name, its own messages in that locale, and, for
 * a form, the loader of its validators, so the engine never loads the map of every form screen's validators
 * (virtual:validators, for whole screens alone). Run on the modules the content plugin writes for a build.
 */
import { describe, expect, it, vi } from 'vitest';
import bundle from 'virtual:content';
import { loaders } from 'virtual:catalogues';
import { createTranslator } from '../../../engine/i18n/translator.ts';
import { loadScreen } from '../../../engine/app/screen-definition.ts';
import { screenValidators } from '../../../engine/form/screen-validators.ts';

const wholeMap = vi.hoisted(() => ({ loaded: 0 }));
vi.mock('virtual:validators', () => {
  wholeMap.loaded += 1;
  return { loaders: {} };
});

describe("a screen's chunk", () => {
  it('brings a form screen, what only it names, its messages in the locale and its validators', async () => {
    const outline = bundle.screens['applicant-info']!;
    expect('kind' in outline).toBe(false);
    expect(bundle.calls).not.toHaveProperty('saveApplication');

    const catalogue = await loaders['fr-CA']!();
    const translator = createTranslator('fr-CA', catalogue.default, undefined, undefined, catalogue.screens);
    const screen = await loadScreen(outline, translator.screenMessages);

    expect(screen).toMatchObject({ id: 'applicant-info', kind: 'form' });
    expect(bundle.calls).toHaveProperty('saveApplication');
    const title = `${screen.messages}.title`;
    expect(translator.has(title)).toBe(true);
    expect(translator.t(title)).not.toBe(title);

    const validators = await screenValidators('applicant-info');
    expect(Object.keys(validators.functions).length).toBeGreaterThan(0);
    expect(wholeMap.loaded).toBe(0);
  });

  it('is loaded once for the definition, whatever locale asks later', async () => {
    const outline = bundle.screens['business-details']!;
    const english = await loaders['en-US']!();
    const french = await loaders['fr-CA']!();
    const asked: string[] = [];
    const counting = (locale: string, screens: typeof english.screens) =>
      Object.fromEntries(
        Object.entries(screens).map(([id, load]) => [id, () => (asked.push(`${locale} ${id}`), load())]),
      );
    const en = createTranslator('en-US', english.default, undefined, undefined, counting('en-US', english.screens));
    const fr = createTranslator('fr-CA', french.default, undefined, undefined, counting('fr-CA', french.screens));
    const first = await loadScreen(outline, en.screenMessages);
    expect(await loadScreen(outline, fr.screenMessages)).toBe(first);
    await fr.screenMessages!('business-details');
    expect(asked).toEqual(['en-US business-details', 'fr-CA business-details']);
  });
});
