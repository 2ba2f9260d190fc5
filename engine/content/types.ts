/**
 * Types of the content bundle the engine runs. The file formats are the meta-schemas in schemas/content/
 * (flows/README.md explains them); these types are generated from them, so a schema change that breaks the
 * engine breaks the type check.
 */
import type * as Generated from '../generated/content.ts';
import type { ShellRules } from './shell.ts';
import type { AnalyticsRules } from '../analytics/index.ts';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export type TransitionRow = Generated.TransitionRow;
export type SecondaryAction = Generated.SecondaryAction;
export type Watch = Generated.Watch;
export type ScreenVariant = Generated.Variant;
export type RoutingTable = Generated.RoutingTable;
export type Flow = Generated.Flow;
export type CallDefinition = Generated.Call;
export type CallCatalogue = Record<string, CallDefinition>;

/** A screen as the bundle holds it: the file, plus the flow it belongs to (added by the loader). */
export type Screen = Omit<Generated.Screen, '$schema'> & { $schema?: string; flow?: string };
export type ScreenForm = NonNullable<Screen['form']>;

export type Catalogue = Record<string, string>;

/**
 * What the browser's bundle holds of every screen (scripts/vite/content-plugin.ts): enough to route, build addresses
 * and start the screen's reads; a step of a progress indicator also keeps its progress, `next` rows and the variants
 * that change them (the progress walk, engine/flow/progress.ts). The rest of a screen (form, variants, transitions...) is a chunk of its own, loaded
 * when the screen shows (engine/app/screen-definition.ts).
 */
export type ScreenOutline = Pick<Screen, 'id' | 'path' | 'flow' | 'auth' | 'load'> &
  Partial<Pick<Screen, 'progress' | 'next' | 'variants'>>;

/** The content: full screens (the loader, the tests, the tools), or outlines (`EngineBundle`, the browser's). */
export interface ContentBundle<S extends ScreenOutline = Screen> {
  flows: Record<string, Flow>;
  screens: Record<string, S>;
  calls: CallCatalogue;
  tables: Record<string, RoutingTable>;
  /** rules/shell.json (content/shell.ts; evaluated by engine/app/shell-rules.ts). */
  shell: ShellRules;
  /** rules/analytics.json (engine/analytics). */
  analytics: AnalyticsRules;
  /** rules/funnel.json (engine/analytics/use-form-funnel.ts) and rules/scripts.json (engine/third-party). */
  funnel?: import('../analytics/funnel-core.ts').FunnelRules;
  scripts?: import('../third-party/script-url.ts').ScriptRules;
}

/** The bundle the engine runs on: screens may be outlines (a full bundle is one too). */
export type EngineBundle = ContentBundle<ScreenOutline>;
