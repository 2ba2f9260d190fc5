/**
 * A widget's `ui:options` as its schema describes them (schemas/content/widget-options.schema.json, generated into
 * engine/generated/content.ts). The content check validates the `ui:options` of every field whose `ui:widget` has a
 * schema there, so a widget reads its settings typed instead of casting them.
 */
import type { WidgetOptions } from '../generated/content.ts';

/** The settings type of a widget. */
export type WidgetSettings<W extends keyof WidgetOptions> = NonNullable<WidgetOptions[W]>;

/** The `ui:options` rjsf hands widget `widget` (the content check has validated them against its schema). */
export function widgetOptionsOf<W extends keyof WidgetOptions>(options: object, widget: W): WidgetSettings<W> {
  void widget;
  // The one place a widget's options are given their type: rjsf types them as a loose record.
  return options as unknown as WidgetSettings<W>;
}
