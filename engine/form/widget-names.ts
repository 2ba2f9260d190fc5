/**
 * The widgets few forms show, each a chunk of its own (engine/form/screen-widgets.ts loads them): a form screen loads
 * those it names beside the form chunk and its validators, so the applicant step does not download the card entry,
 * the fees table or the category picker. The theme's everyday widgets (text, select, radio, checkbox) stay in the form
 * chunk (engine/form/theme.tsx).
 *
 * Keyed by the name a screen gives `ui:widget`: `key` is the widget's name in rjsf's registry (rjsf calls the `file`
 * widget FileWidget), `file` its module under engine/form/, whose chunk the server preloads beside a screen that names
 * it (scripts/vite/preload-plugin.ts, which fails the build when a file here has no chunk of its own). Plain data, no
 * imports: the build reads it too. A widget with an `option` is named by a screen whose `ui:options` set that option
 * instead (the priced radio: a radio group with `prices`), and takes the place of the everyday widget `key` on its form.
 */
export const lazyWidgets: Record<string, { key: string; file: string; option?: string }> = {
  'grouped-select': { key: 'grouped-select', file: 'grouped-select.tsx' },
  explainer: { key: 'explainer', file: 'explainer-widget.tsx' },
  'fees-table': { key: 'fees-table', file: 'fees-table-widget.tsx' },
  'card-entry': { key: 'card-entry', file: 'card-entry-widget.tsx' },
  'quantity-stepper': { key: 'quantity-stepper', file: 'quantity-stepper.tsx' },
  'same-as': { key: 'same-as', file: 'same-as-widget.tsx' },
  file: { key: 'FileWidget', file: 'document-widget.tsx' },
  'priced-radio': { key: 'RadioWidget', file: 'priced-radio-widget.tsx', option: 'prices' },
};

/**
 * The widgets of their own chunk a screen may show: every `ui:widget` of `lazyWidgets` it names (its form and each
 * variant), those whose `option` a `ui:options` sets, and the file widget where a schema asks for
 * `format: "data-url"` (rjsf picks that widget for it unasked).
 */
export function widgetNames(screen: unknown): string[] {
  const names = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) visit(item);
    else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key === 'ui:widget' && typeof item === 'string' && Object.hasOwn(lazyWidgets, item)) names.add(item);
        if (key === 'ui:options' && typeof item === 'object')
          for (const [name, { option }] of Object.entries(lazyWidgets))
            if (option && (item as Record<string, unknown> | null)?.[option]) names.add(name);
        if (key === 'format' && item === 'data-url') names.add('file');
        visit(item);
      }
    }
  };
  visit(screen);
  return [...names].sort();
}
