/**
 * A screen's whole definition. The browser's content bundle holds only each screen's outline (route, flow, sign-on,
 * reads: engine/content/types.ts ScreenOutline), so the first page does not download every screen of every flow;
 * the rest of a screen is a chunk of its own (virtual:screens), which the server preloads beside the page that shows
 * it (server/http/page-preloads.ts). A bundle whose screens are whole (the tests, the preview) is used as it is. The
 * messages that come with a screen (the keys it names that no code or other content names) come in a chunk of their own too (engine/i18n/translator.ts `screenMessages`).
 * So do the call definitions and routing tables only screens name (scripts/vite/content-split.ts): a screen's chunk
 * brings those it names, which are added to the bundle's `calls` and `tables` before the screen runs, so every reader
 * of the bundle (reads, actions, widgets, `next` rows) finds them there.
 */
import { use } from 'react';
import bundle from 'virtual:content';
import { loaders } from 'virtual:screens';
import type { Screen, ScreenOutline } from '../content/types.ts';
import { useI18n } from '../i18n/context.tsx';
import { loadOnce, type Tracked } from '../state/load-once.ts';

const definitions = new Map<string, Tracked<Screen>>();

/** Whether the bundle already holds the whole screen (every screen file names its kind). */
const isWhole = (screen: ScreenOutline): screen is Screen => 'kind' in screen;

/** Starts loading a screen's definition (once; again after a failure), e.g. before it shows; resolves to it. */
export function loadScreen(screen: ScreenOutline): Promise<Screen> {
  if (isWhole(screen)) return Promise.resolve(screen);
  const load = loaders[screen.id];
  return loadOnce(definitions, screen.id, () =>
    load
      ? load().then((module) => {
          Object.assign(bundle.calls, module.calls);
          Object.assign(bundle.tables, module.tables);
          return module.default;
        })
      : Promise.reject(new Error(`no definition for screen ${screen.id}`)),
  );
}

/**
 * The whole screen, suspending (React `use`) while its chunk downloads, and the messages that come with it while theirs
 * does (the two side by side); at once when both are already here. A navigation is a transition (react-router), so
 * the screen before stays in view meanwhile instead of a loader.
 */
export function useScreenDefinition(screen: ScreenOutline): Screen {
  const messages = useI18n().screenMessages?.(screen.id);
  const definition = isWhole(screen) ? screen : use(loadScreen(screen));
  if (messages) use(messages);
  return definition;
}
