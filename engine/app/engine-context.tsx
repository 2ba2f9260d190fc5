/** The engine's React context: what every screen host needs (content, environment, user, toasts, calls). */
import { createContext, useContext } from 'react';
import type { EngineBundle } from '../content/types.ts';
import type { Environment } from '../environment/detect.ts';
import type { CallEnvironment } from '../calls/run.ts';
import type { DraftSettings } from '../state/draft-settings.ts';
import type { User } from './boot.ts';

export interface Toast {
  id: number;
  text: string;
  tone: 'error' | 'info';
  /** The notice kind content gives it (rules/shell.json notices: e.g. toast or growl). */
  kind: string;
  /** Closes by itself after this many ms; undefined: stays until closed. */
  lifetimeMs?: number;
}

/** What raised a notice (`notice.source` for the notice rows) and the screen context it was raised in. */
export interface NoticeOrigin {
  source: string;
  context?: object;
}

export interface Engine {
  bundle: EngineBundle;
  environment: Environment;
  user: User | null;
  calls: CallEnvironment;
  /** Where form drafts are kept; the form screens make the store (engine/state/draft-settings.ts). */
  drafts: DraftSettings;
  /** Shows a notice; rules/shell.json `notices` say its kind (toast, growl, ...) and lifetime from its origin. */
  toast(text: string, tone?: Toast['tone'], origin?: NoticeOrigin): void;
  dismissToasts(): void;
  /** Sends an analytics event with the tracking context of `context` (engine/analytics). */
  track(type: string, context: object, params?: Record<string, string | number | boolean>): void;
  /** Sends the visitor to sign-on, carrying the current path and query (doc1 §2.2). */
  signIn(): void;
  /** Where analytics events go (the funnel of engine/analytics/use-form-funnel.ts sends its own events there). */
  analyticsSinks?: import('../analytics/index.ts').AnalyticsSinks;
}

export const EngineContext = createContext<Engine | null>(null);

export function useEngine(): Engine {
  const engine = useContext(EngineContext);
  if (!engine) throw new Error('useEngine outside EngineContext');
  return engine;
}
