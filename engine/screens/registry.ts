/**
 * Screen kinds: a registry, not a switch. A screen names its kind; each kind lives in its own file. A kind loaded
 * lazily lives in `<kind>-screen.tsx`: the build reads that name to let the server preload a screen's chunk
 * (scripts/vite/preload-plugin.ts).
 */
import { createElement, lazy, useState, type ComponentType, type RefObject } from 'react';
import type { Screen, SecondaryAction } from '../content/types.ts';
import type { SubmitResult } from '../app/screen-host.tsx';
import { MessageScreen } from './message-screen.tsx';
import { screenValidators } from '../form/screen-validators.ts';
import { keepFailure, loadOnce, type Tracked } from '../state/load-once.ts';

export interface ScreenProps {
  screen: Screen;
  context: Record<string, unknown>;
  submit(form: Record<string, unknown>): Promise<SubmitResult>;
  busy: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** The screen's secondary actions whose conditions hold, and how to run one. */
  secondary: SecondaryAction[];
  runSecondary(id: string): Promise<SubmitResult>;
}

// Forms bring rjsf: a chunk of their own, so a message screen (the landing page) loads light. Each form screen's
// precompiled validators are a chunk of their own too, fetched beside the form chunk, and so is each widget few forms
// show (engine/form/widget-names.ts); one lazy component per form screen waits for all of them.
const formKinds = new Map<string, ComponentType<ScreenProps>>();

/** What a form screen needs before it renders: the form chunk, the screen's validators and its widgets. */
function formParts(screen: Screen) {
  return Promise.all([import('./form-screen.tsx'), screenValidators(screen.id)]).then(([module, validators]) =>
    // The screen as shown keeps its variants (content/resolve.ts): every widget any variant shows. Their loader comes
    // in the form chunk (most forms name none, and a chunk of its own cost each of them a download); the server
    // preloads a first page's widget chunks beside it (scripts/vite/preload-plugin.ts).
    module.loadScreenWidgets(screen).then((widgets) => ({ module, validators, widgets })),
  );
}

function formKindOf(screen: Screen): ComponentType<ScreenProps> {
  const screenId = screen.id;
  let kind = formKinds.get(screenId);
  if (!kind) {
    kind = lazy(() =>
      formParts(screen).then(
        ({ module, validators, widgets }) => ({
          default: (props: ScreenProps) =>
            createElement(module.FormScreen, {
              ...props,
              validators: validators.functions,
              formatRules: validators.formatRules,
              widgets,
            }),
        }),
        (error: unknown) => {
          // Once the failure is shown, the screen shown again tries the download again.
          keepFailure(() => formKinds.delete(screenId));
          throw error;
        },
      ),
    );
    formKinds.set(screenId, kind);
  }
  return kind;
}
function FormKind(props: ScreenProps) {
  return createElement(formKindOf(props.screen), props);
}

/**
 * Kinds that come in a chunk of their own (every kind but the form, whose chunk is per screen above, and the message,
 * which the landing page shows), loaded when a screen of that kind shows (the server preloads the chunk beside the
 * page that shows one, scripts/vite/preload-plugin.ts): neither the landing page nor a form step downloads the code of
 * an automatic step, a redirect or a list.
 */
const kindLoaders: Record<string, () => Promise<ComponentType<ScreenProps>>> = {
  auto: () => import('./auto-screen.tsx').then((module) => module.AutoScreen),
  redirect: () => import('./redirect-screen.tsx').then((module) => module.RedirectScreen),
  waiting: () => import('./waiting-screen.tsx').then((module) => module.WaitingScreen),
  facts: () => import('./facts-screen.tsx').then((module) => module.FactsScreen),
  'account-list': () => import('./account-list-screen.tsx').then((module) => module.AccountListScreen),
  'store-switcher': () => import('./store-switcher-screen.tsx').then((module) => module.StoreSwitcherScreen),
  collection: () => import('./collection-screen.tsx').then((module) => module.CollectionScreen),
  'item-list': () => import('./item-list-screen.tsx').then((module) => module.ItemListScreen),
  review: () => import('./review-screen.tsx').then((module) => module.ReviewScreen),
};
const kindLoads = new Map<string, Tracked<ComponentType<ScreenProps>>>();

/**
 * A kind of its own chunk: once loaded, rendered at once; until then a lazy component of this mount, which suspends
 * while the chunk downloads. A failed download is tried again once its failure has been shown (state/load-once.ts).
 * Chosen once per mount, so a shown screen never swaps its component (and its state) for another.
 */
function chunkKind(kind: string): ComponentType<ScreenProps> {
  function ChunkKind(props: ScreenProps) {
    const [Component] = useState<ComponentType<ScreenProps>>(() => {
      const load = loadOnce(kindLoads, kind, kindLoaders[kind]!);
      return load.status === 'fulfilled' ? load.value! : lazy(() => load.then((value) => ({ default: value })));
    });
    return createElement(Component, props);
  }
  ChunkKind.displayName = `Kind(${kind})`;
  return ChunkKind;
}

/**
 * Starts downloading and running the code of a screen's kind (its chunk, with its styles; a form's parts, formParts)
 * as soon as the screen is known, while its reads are still on their way: the kind then renders
 * as soon as they arrive, instead of starting its own download only then. The server preloads the same files beside a
 * page that shows the screen; this puts them to use. A failed download is left to the render, which shows it.
 */
export function prepareKind(screen: Screen): void {
  const ignore = () => undefined;
  if (screen.kind === 'form') {
    formParts(screen).catch(ignore);
    return;
  }
  const load = kindLoaders[screen.kind];
  if (load) loadOnce(kindLoads, screen.kind, load).catch(ignore);
}

export const screenKinds: Record<string, ComponentType<ScreenProps>> = {
  form: FormKind,
  message: MessageScreen,
  ...Object.fromEntries(Object.keys(kindLoaders).map((kind) => [kind, chunkKind(kind)])),
};
