/**
 * A screen's whole definition. The browser's content bundle holds only each screen's outline (route, flow, sign-on,
 * reads: engine/content/types.ts ScreenOutline), so the first page does not download every screen of every flow;
 * the rest of a screen comes in the screen's chunk for the visitor's locale (virtual:screen-messages/<locale>/<id>,
 * loaded through the translator: engine/i18n/translator.ts `screenMessages`), beside the messages that come with it
 * (the keys it names that no code or other content names): one download per screen, which the server preloads beside
 * the page that shows it (server/http/page-preloads.ts). A bundle whose screens are whole (the tests, the preview) is
 * used as it is. So do the call definitions and routing tables only screens name come with the screens that name them
 * (scripts/vite/content-split.ts): they are added to the bundle's `calls` and `tables` before the screen runs, so
 * every reader of the bundle (reads, actions, widgets, `next` rows) finds them there.
 */
import { use } from 'react';
import bundle from 'virtual:content';
import type { ScreenChunk } from 'virtual:catalogues';
import type { Screen, ScreenOutline } from '../content/types.ts';
import type { Translator } from '../i18n/translator.ts';
import { useI18n } from '../i18n/context.tsx';
import { validatorsCameWith } from '../form/screen-validators.ts';
import { loadOnce, type Tracked } from '../state/load-once.ts';

const definitions = new Map<string, Tracked<Screen>>();

/** Whether the bundle already holds the whole screen (every screen file names its kind). */
const isWhole = (screen: ScreenOutline): screen is Screen => 'kind' in screen;

/**
 * Starts loading a screen's definition (once; again after a failure), e.g. before it shows, with the translator's
 * chunk of it (any locale's: the definition is the same in each); resolves to it.
 */
export function loadScreen(screen: ScreenOutline, chunkOf: Translator['screenMessages']): Promise<Screen> {
  if (isWhole(screen)) return Promise.resolve(screen);
  return loadOnce(definitions, screen.id, () => {
    const chunk = chunkOf?.(screen.id) as Promise<ScreenChunk> | undefined;
    if (!chunk) return Promise.reject(new Error(`no definition for screen ${screen.id}`));
    return chunk.then((module) => {
      Object.assign(bundle.calls, module.calls);
      Object.assign(bundle.tables, module.tables);
      if (module.validators) validatorsCameWith(screen.id, module.validators);
      return module.screen;
    });
  });
}

/**
 * The whole screen, suspending (React `use`) while its chunk downloads, and the messages that come with it in the
 * visitor's locale (the same chunk, unless the locale changed since the definition came); at once when both are
 * already here. A navigation is a transition (react-router), so the screen before stays in view meanwhile instead
 * of a loader.
 */
export function useScreenDefinition(screen: ScreenOutline): Screen {
  const { screenMessages } = useI18n();
  const messages = screenMessages?.(screen.id);
  const definition = isWhole(screen) ? screen : use(loadScreen(screen, screenMessages));
  if (messages) use(messages);
  return definition;
}
