/**
 * Issue 24: the widgets few forms show are chunks of their own (engine/form/widget-names.ts), loaded with the screens
 * that name them; the everyday theme (engine/form/theme.tsx) no longer carries them.
 */
import { readFileSync } from 'node:fs';
import { lazyWidgets, widgetNames } from '../../../engine/form/widget-names.ts';
import { loadWidgets, widgetLoaders } from '../../../engine/form/screen-widgets.ts';
import { widgets } from '../../../engine/form/theme.tsx';
import { loadContent } from '../../../scripts/content/load.ts';

describe('widgets of their own chunk', () => {
  it("names the widgets a screen's form and variants name, and the file widget a data-url schema asks for", () => {
    const screen = {
      form: { uiSchema: { category: { 'ui:widget': 'grouped-select' }, note: { 'ui:widget': 'textarea' } } },
      variants: [{ when: true, merge: { form: { uiSchema: { card: { 'ui:widget': 'card-entry' } } } } }],
    };
    expect(widgetNames(screen)).toEqual(['card-entry', 'grouped-select']);
    expect(widgetNames({ form: { schema: { properties: { scan: { type: 'string', format: 'data-url' } } } } })).toEqual(
      ['file'],
    );
    expect(widgetNames({ form: { uiSchema: { a: { 'ui:widget': 'radio' } } } })).toEqual([]);
    // A radio group that sets `prices` names the priced radio (its own chunk), which takes the radio's place.
    expect(
      widgetNames({ form: { uiSchema: { a: { 'ui:widget': 'radio', 'ui:options': { prices: { entries: [] } } } } } }),
    ).toEqual(['priced-radio']);
  });

  it('has a loader for each, and loads each into the registry under the name rjsf looks it up by', async () => {
    expect(Object.keys(widgetLoaders).sort()).toEqual(Object.keys(lazyWidgets).sort());
    for (const [name, { file }] of Object.entries(lazyWidgets))
      expect(readFileSync('engine/form/screen-widgets.ts', 'utf8')).toMatch(
        new RegExp(`'?${name}'?: \\(\\) => import\\('\\./${file.replace('.', '\\.')}'\\)`),
      );
    const loaded = await loadWidgets(['file', 'grouped-select']);
    expect(Object.keys(loaded).sort()).toEqual(['FileWidget', 'grouped-select']);
    expect(typeof loaded.FileWidget).toBe('function');
  });

  it("leaves them out of the theme's everyday widgets, and finds the category picker on the real category screen", () => {
    // A widget named by an option (the priced radio) replaces an everyday one on the forms that set it.
    for (const { key, option } of Object.values(lazyWidgets)) if (!option) expect(widgets).not.toHaveProperty(key);
    const screens = loadContent(process.cwd()).screens;
    expect(widgetNames(screens.order)).toContain('priced-radio');
    expect(widgetNames(screens.category)).toContain('grouped-select');
    expect(widgetNames(screens['applicant-info'])).toEqual([]);
  });
});
