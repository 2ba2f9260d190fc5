/**
 * Screen kinds: a registry, not a switch. A screen names its kind; each kind lives in its own file. A kind loaded
 * lazily lives in `<kind>-screen.tsx`: the build reads that name to let the server preload a screen's chunk
 * (scripts/vite/preload-plugin.ts).
 */
import { createElement, lazy, type ComponentType, type RefObject } from 'react';
import type { Screen, SecondaryAction } from '../content/types.ts';
import type { SubmitResult } from '../app/screen-host.tsx';
import { MessageScreen } from './message-screen.tsx';
import { AutoScreen } from './auto-screen.tsx';
import { RedirectScreen } from './redirect-screen.tsx';
import { screenValidators } from '../form/screen-validators.ts';

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
function formKindOf(screen: Screen): ComponentType<ScreenProps> {
  const screenId = screen.id;
  let kind = formKinds.get(screenId);
  if (!kind) {
    kind = lazy(() =>
      Promise.all([import('./form-screen.tsx'), screenValidators(screenId)])
        .then(([module, validators]) =>
          // The screen as shown keeps its variants (content/resolve.ts): every widget any variant shows. Their loader
          // comes in the form chunk (most forms name none, and a chunk of its own cost each of them a download); the
          // server preloads a first page's widget chunks beside it (scripts/vite/preload-plugin.ts).
          module.loadScreenWidgets(screen).then((widgets) => ({ module, validators, widgets })),
        )
        .then(
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
            formKinds.delete(screenId); // shown again later, the screen tries the download again
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

export const screenKinds: Record<string, ComponentType<ScreenProps>> = {
  form: FormKind,
  message: MessageScreen,
  auto: AutoScreen,
  // Kinds few screens use (none on the landing or the form steps) come with their screen, as forms do. The message,
  // auto and redirect kinds, which a journey passes through at every step, stay in the entry.
  waiting: lazy(() => import('./waiting-screen.tsx').then((module) => ({ default: module.WaitingScreen }))),
  facts: lazy(() => import('./facts-screen.tsx').then((module) => ({ default: module.FactsScreen }))),
  'account-list': lazy(() =>
    import('./account-list-screen.tsx').then((module) => ({ default: module.AccountListScreen })),
  ),
  'store-switcher': lazy(() =>
    import('./store-switcher-screen.tsx').then((module) => ({ default: module.StoreSwitcherScreen })),
  ),
  collection: lazy(() => import('./collection-screen.tsx').then((module) => ({ default: module.CollectionScreen }))),
  redirect: RedirectScreen,
  'item-list': lazy(() => import('./item-list-screen.tsx').then((module) => ({ default: module.ItemListScreen }))),
  review: lazy(() => import('./review-screen.tsx').then((module) => ({ default: module.ReviewScreen }))),
};
