/**
 * Stands in for rjsf's hasWidget (vite.config.ts): the same answer, without building and throwing an Error for a
 * question already answered. rjsf asks it on every render of a string field that has a `format` (resolveDefaultWidget:
 * is there a widget named like the format?). For our formats (phone, postal code, tax ids, …) the answer is no, which
 * rjsf finds by catching the Error its getWidget throws, with the whole schema JSON-stringified into the message: about
 * 8% of a keystroke's work on the largest form, where every such field renders again.
 *
 * Only one answer is remembered: "no widget named `widget` for the schema's type", thrown by getWidget at its first
 * level, for a name that is not a registered widget. That answer depends on the schema's type and the name alone
 * (rjsf's own table of widgets by type), not on the registry; every other question goes to rjsf's getWidget each time.
 * tests/unit/validation/has-widget.test.ts compares it with rjsf's own.
 */
import getWidget from '@rjsf/utils/lib/getWidget.js';
import getSchemaType from '@rjsf/utils/lib/getSchemaType.js';
import type { RegistryWidgetsType, RJSFSchema, Widget } from '@rjsf/utils';

const noWidget = new Set<string>();

/** Whether `widget` resolves to a widget for `schema` with `registeredWidgets`, as rjsf's hasWidget says. */
export default function hasWidget(
  schema: RJSFSchema,
  widget: Widget | string,
  registeredWidgets: RegistryWidgetsType = {},
): boolean {
  const named = typeof widget === 'string' && !(widget in registeredWidgets);
  const type = named ? getSchemaType(schema) : undefined;
  const key = named ? `${JSON.stringify(type ?? null)}\u0000${widget}` : '';
  if (named && noWidget.has(key)) return false;
  try {
    getWidget(schema, widget, registeredWidgets);
    return true;
  } catch (error) {
    const message = (error as Error).message;
    if (!message || !(message.startsWith('No widget') || message.startsWith('Unsupported widget'))) throw error;
    // getWidget's own first-level answers for this name and type (a deeper one names another widget or definition).
    const firstLevel =
      typeof type === 'string'
        ? [`No widget for type '${type}'`, `No widget '${String(widget)}' for type '${type}'`]
        : [`No widget '${String(widget)}' for type '${String(type)}'`];
    if (named && firstLevel.some((start) => message.startsWith(`${start} in schema:`))) noWidget.add(key);
    return false;
  }
}
