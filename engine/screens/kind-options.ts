/**
 * A screen's `options` as its kind's schema describes them (schemas/content/screen-kinds.schema.json, generated into
 * engine/generated/content.ts). The content check validates every screen's options, and each variant's, against
 * that schema, so a kind reads its settings typed instead of casting them.
 */
import type { ScreenKinds } from '../generated/content.ts';
import type { Screen } from '../content/types.ts';

/** The options type of a screen kind. */
export type KindOptions<K extends keyof ScreenKinds> = NonNullable<ScreenKinds[K]>;

/** The options of a screen of kind `kind` (the content check has validated them against the kind's schema). */
export function optionsOf<K extends Exclude<keyof ScreenKinds, 'widget'>>(
  screen: Pick<Screen, 'options'>,
  kind: K,
): KindOptions<K> {
  void kind;
  // The one place options are given their type: the content check has validated them against the kind's schema.
  return (screen.options ?? {}) as unknown as KindOptions<K>;
}
