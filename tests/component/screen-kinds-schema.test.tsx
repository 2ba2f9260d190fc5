/**
 * The content check's list of kinds and widgets (schemas/content/screen-kinds.schema.json) is the engine's: every
 * kind of engine/screens/registry.ts has an options schema and no schema names a kind the registry lacks; every
 * widget engine/form/theme.tsx registers, and every widget of its own chunk (engine/form/widget-names.ts), is a widget
 * name the check allows.
 */
import kinds from '../../schemas/content/screen-kinds.schema.json' with { type: 'json' };
import widgetOptions from '../../schemas/content/widget-options.schema.json' with { type: 'json' };
import { screenKinds } from '../../engine/screens/registry.ts';
import { widgets } from '../../engine/form/theme.tsx';
import { lazyWidgets } from '../../engine/form/widget-names.ts';

/** The registry's widget names: the theme's and those a form loads when it names them. */
const registered = [...Object.keys(widgets), ...Object.values(lazyWidgets).map((widget) => widget.key)];

const defs = kinds.$defs as Record<string, { enum?: string[] }>;

describe('screen-kinds.schema.json', () => {
  it('describes exactly the registered kinds', () => {
    expect(
      Object.keys(defs)
        .filter((name) => name !== 'widget')
        .sort(),
    ).toEqual(Object.keys(screenKinds).sort());
  });

  it('allows every widget the theme registers by name', () => {
    const named = registered.filter((name) => !/Widget$/.test(name));
    expect(named.length).toBeGreaterThan(0);
    for (const name of named) expect(defs.widget.enum).toContain(name);
  });

  // A widget's settings are described only for a widget the theme draws: one it registers by name, or one of rjsf's
  // own widgets whose drawing the theme's field template takes over (the radio group, which shows prices).
  it('describes the settings of widgets the theme registers or draws only', () => {
    const named = registered.filter((name) => !/Widget$/.test(name));
    const drawnByTemplate = ['radio'];
    const described = Object.keys(widgetOptions.$defs);
    expect(described.length).toBeGreaterThan(0);
    for (const name of described) expect([...named, ...drawnByTemplate]).toContain(name);
    for (const name of drawnByTemplate) expect(defs.widget.enum).toContain(name);
  });
});
