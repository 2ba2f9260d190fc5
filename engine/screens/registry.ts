/**
 * Screen kinds: a registry, not a switch. A screen names its kind; each kind lives in its own file.
 */
import { createElement, lazy, type ComponentType, type RefObject } from 'react';
import type { Screen, SecondaryAction } from '../content/types.ts';
import type { SubmitResult } from '../app/screen-host.tsx';
import { MessageScreen } from './message-screen.tsx';
import { AutoScreen } from './auto-screen.tsx';
import { WaitingScreen } from './waiting-screen.tsx';
import { FactsScreen } from './facts-screen.tsx';
import { RedirectScreen } from './redirect-screen.tsx';
import { ItemListScreen } from './item-list-screen.tsx';
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
// validators are a chunk of their own too, requested here at once so they download beside the form chunk.
const LazyFormScreen = lazy(() => import('./form-screen.tsx').then((module) => ({ default: module.FormScreen })));
function FormKind(props: ScreenProps) {
  void screenValidators(props.screen.id);
  return createElement(LazyFormScreen, props);
}

export const screenKinds: Record<string, ComponentType<ScreenProps>> = {
  form: FormKind,
  message: MessageScreen,
  auto: AutoScreen,
  waiting: WaitingScreen,
  facts: FactsScreen,
  'account-list': lazy(() => import('./account-list-screen.tsx').then((module) => ({ default: module.AccountListScreen }))),
  'store-switcher': lazy(() => import('./store-switcher-screen.tsx').then((module) => ({ default: module.StoreSwitcherScreen }))),
  collection: lazy(() => import('./collection-screen.tsx').then((module) => ({ default: module.CollectionScreen }))),
  redirect: RedirectScreen,
  'item-list': ItemListScreen,
};
