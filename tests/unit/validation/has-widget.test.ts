/**
 * engine/form/has-widget.ts stands in for rjsf's hasWidget (vite.config.ts). Oracle: rjsf's own, read from its file
 * (the build swaps only rjsf's relative imports of it), over schemas of every type, widget names rjsf maps, names it
 * does not, components, and registries that add widgets and aliases. The calls share one memory across runs, so an
 * answer remembered for one registry is checked against every later one.
 */
import fc from 'fast-check';
import { forwardRef, memo } from 'react';
import { getDefaultRegistry } from '@rjsf/core';
import rjsfHasWidget from '@rjsf/utils/lib/hasWidget.js';
import type { RegistryWidgetsType, RJSFSchema, Widget } from '@rjsf/utils';
import hasWidget from '../../../engine/form/has-widget.ts';

const Custom: Widget = () => null;
const Memo = memo(() => null) as unknown as Widget;
const Forwarded = forwardRef(() => null) as unknown as Widget;

const schema = fc.oneof(
  fc
    .constantFrom<RJSFSchema['type']>(
      'string',
      'number',
      'integer',
      'boolean',
      'array',
      'object',
      'null',
      ['string', 'null'],
      ['number', 'string'],
    )
    .map((type) => ({ type }) as RJSFSchema),
  fc.constantFrom<RJSFSchema>(
    {},
    { const: 'a' },
    { enum: ['a', 'b'] },
    { properties: {} },
    { format: 'phone' },
    { type: 'string', format: 'email' },
  ),
);
const names = [
  'text',
  'select',
  'email',
  'phone',
  'postal-code',
  'radio',
  'hidden',
  'date',
  'updown',
  'checkboxes',
  'TextWidget',
  'custom',
  'alias',
  'no-such',
];
const widget = fc.oneof(fc.constantFrom(...names), fc.constantFrom<Widget>(Custom, Memo, Forwarded));
const registry = fc
  .record({
    custom: fc.boolean(),
    phone: fc.boolean(),
    alias: fc.constantFrom(undefined, 'text', 'TextWidget', 'no-such', 'custom'),
    dropText: fc.boolean(),
  })
  .map(({ custom, phone, alias, dropText }) => {
    const widgets: RegistryWidgetsType = { ...getDefaultRegistry().widgets };
    if (custom) widgets.custom = Custom;
    if (phone) widgets.phone = Memo;
    if (alias) (widgets as Record<string, unknown>).alias = alias;
    if (dropText) delete (widgets as Record<string, unknown>).TextWidget;
    return widgets;
  });

describe("whether a widget exists, as rjsf's string fields ask on every render", () => {
  it("is rjsf's own answer for any schema, widget and registry, on every call", () => {
    fc.assert(
      fc.property(schema, widget, registry, (s, w, r) => {
        const expected = rjsfHasWidget(s, w, r);
        expect(hasWidget(s, w, r)).toBe(expected);
        expect(hasWidget(s, w, r)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('answers the format questions of our fields: no widget is named like our formats, and email has one', () => {
    const widgets = getDefaultRegistry().widgets;
    expect(hasWidget({ type: 'string', format: 'phone' }, 'phone', widgets)).toBe(false);
    expect(hasWidget({ type: 'string', format: 'phone' }, 'phone', widgets)).toBe(false);
    expect(hasWidget({ type: 'string', format: 'email' }, 'email', widgets)).toBe(true);
    // A registry that names a widget like the format: the remembered "no" for that name does not apply.
    expect(hasWidget({ type: 'string', format: 'phone' }, 'phone', { ...widgets, phone: Custom })).toBe(true);
  });
});
