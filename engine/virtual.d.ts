/// <reference types="vite/client" />
// Types of the virtual modules served by scripts/vite/content-plugin.ts. Their own imports name files through the
// tsconfig.json paths (#engine/...): a relative name is not allowed inside a `declare module`, and makes its exports `any`.
declare module 'virtual:content' {
  import type { EngineBundle } from '#engine/content/types.ts';
  /**
   * The content with each screen's outline; the rest of a screen comes in its chunk (virtual:catalogues `screens`),
   * with the calls and routing tables only screens name (added to `calls` and `tables` when a screen's chunk arrives).
   */
  const bundle: EngineBundle;
  export default bundle;
}
declare module 'virtual:content-part/funnel' {
  /**
   * rules/funnel.json (the bundle's `funnel`, null without one): it comes with the form screens' code that reads it
   * (engine/analytics/use-form-funnel.ts), not in virtual:content.
   */
  const part: import('#engine/analytics/funnel-core.ts').FunnelRules | null;
  export default part;
}
declare module 'virtual:content-full' {
  import type { ContentBundle } from '#engine/content/types.ts';
  /** The content with whole screens, for the preview page (dev only). */
  const bundle: ContentBundle;
  export default bundle;
}
declare module 'virtual:catalogues' {
  import type { CatalogueModule } from '#engine/i18n/translator.ts';
  import type { CallCatalogue, RoutingTable, Screen } from '#engine/content/types.ts';
  import type { ValidatorsModule } from 'virtual:validators';
  export const locales: string[];
  /** rules/config.json fallbackLocale. */
  export const fallbackLocale: string;
  /**
   * A screen's chunk in one locale (virtual:screen-messages/<locale>/<id>): the messages that come with the screen,
   * which the catalogue leaves out, and the whole screen (form, variants, transitions...) with the call definitions and
   * routing tables that come with it (those the start bundle, virtual:content, does not carry; none in `npm run dev`).
   */
  export interface ScreenChunk extends CatalogueModule {
    screen: Screen;
    calls: CallCatalogue;
    tables: Record<string, RoutingTable>;
    /** A screen that can show a form: its precompiled validators (engine/form/screen-validators.ts). */
    validators?: () => Promise<ValidatorsModule>;
  }
  /**
   * One locale's messages, and the fallback locale's messages for the keys it lacks (empty when complete); `screens`:
   * per screen, a loader of its chunk in this locale.
   */
  export const loaders: Record<
    string,
    () => Promise<CatalogueModule & { screens: Record<string, () => Promise<ScreenChunk>> }>
  >;
  /** Every message of one locale (the tests and the preview page, whose screens are whole). */
  export const wholeLoaders: Record<string, () => Promise<CatalogueModule>>;
}
declare module 'virtual:validators' {
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
  import type { FormatRule } from '#engine/validation/compile.ts';
  /** A form screen's precompiled validators (every variant of its schema) and the rules of the formats they name. */
  export interface ValidatorsModule {
    default: ValidatorFunctions;
    formatRules: Record<string, FormatRule>;
  }
  /**
   * One loader per screen that can show a form (scripts/content/precompile.ts), for whole screens (the tests, the
   * preview page); a screen's chunk brings its own loader (engine/form/screen-validators.ts).
   */
  export const loaders: Record<string, () => Promise<ValidatorsModule>>;
}
