/**
 * Loads the widgets of their own chunk (engine/form/widget-names.ts) a form screen names, once each, for the form kind
 * of the registry (engine/screens/registry.ts), which waits for them with the form chunk and the validators. Part of
 * the form chunk (engine/screens/form-screen.tsx exports it), so the entry carries none of this and a form that names
 * no such widget downloads nothing more.
 */
import type { ComponentType } from 'react';
import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { lazyWidgets, widgetNames } from './widget-names.ts';
import { loadOnce, type Tracked } from '../state/load-once.ts';

type Loader = () => Promise<ComponentType<WidgetProps>>;

/** Each widget's download, by its `ui:widget` name (the keys of `lazyWidgets`, a unit test checks). */
export const widgetLoaders: Record<string, Loader> = {
  'grouped-select': () => import('./grouped-select.tsx').then((module) => module.GroupedSelectWidget),
  explainer: () => import('./explainer-widget.tsx').then((module) => module.ExplainerWidget),
  'fees-table': () => import('./fees-table-widget.tsx').then((module) => module.FeesTableWidget),
  'card-entry': () => import('./card-entry-widget.tsx').then((module) => module.CardEntryWidget),
  'quantity-stepper': () => import('./quantity-stepper.tsx').then((module) => module.QuantityStepperWidget),
  'same-as': () => import('./same-as-widget.tsx').then((module) => module.SameAsWidget),
  file: () => import('./document-widget.tsx').then((module) => module.DocumentWidget),
  'priced-radio': () => import('./priced-radio-widget.tsx').then((module) => module.PricedRadioWidget),
};

const loads = new Map<string, Tracked<ComponentType<WidgetProps>>>();

/** Loads the widgets `names` (once each; again after a failed download): their registry entries. */
export async function loadWidgets(names: readonly string[]): Promise<RegistryWidgetsType> {
  const entries = await Promise.all(
    names.map((name) =>
      loadOnce(loads, name, widgetLoaders[name]).then((widget) => [lazyWidgets[name].key, widget] as const),
    ),
  );
  return Object.fromEntries(entries);
}

/** The widgets of their own chunk `screen` names (its form and every variant's), loaded. */
export function loadScreenWidgets(screen: unknown): Promise<RegistryWidgetsType> {
  return loadWidgets(widgetNames(screen));
}
