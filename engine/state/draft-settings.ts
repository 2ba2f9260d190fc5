/**
 * What the shell knows of form drafts (engine/state/drafts.ts) before any form shows: where they are kept and who is
 * told of a migrated one. The store itself, its migration and its fingerprints come with the form chunk, which makes
 * it on first use (drafts.ts `draftStoreOf`) and leaves it in `store`: a page that shows no form (the landing page)
 * never downloads that code, and until a form has made the store no draft was read or written on this page, so there
 * is nothing to clear or flush.
 */

/** What a migration dropped from one screen's draft. */
export interface DraftChange {
  screenId: string;
  /** Field paths dropped (`field`, or `field.child` inside an object). */
  dropped: string[];
}

export interface DraftStore {
  /** The screen's draft; with `schema`, migrated to that form's shape. */
  read(screenId: string, schema?: object): Record<string, unknown> | undefined;
  /** Saves the screen's draft; with `schema`, under that form's shape. */
  write(screenId: string, data: Record<string, unknown>, schema?: object): void;
  clear(screenId: string): void;
  /** Writes a deferred save now (see createDraftStore's `defer`); nothing when none waits. */
  flush(): void;
}

/** The drafts of one engine: createDraftStore's arguments, and the store once a form made it. */
export interface DraftSettings {
  storage: Storage | undefined;
  key: string;
  onDropped?: (change: DraftChange) => void;
  /** Runs a save later (see createDraftStore's `defer`). */
  defer?: (write: () => void) => void;
  /** The store, once a form screen has made it (drafts.ts `draftStoreOf`). */
  store?: DraftStore;
}

/** The message key a screen shows when a draft was migrated (locales/<locale>/form.json). */
export const DRAFT_CHANGED_KEY = 'form.draftChanged';

export function draftKey(referralUrlId: string | undefined, currency: string | undefined): string {
  return `onboarding:draft:${referralUrlId || '-'}:${currency || '-'}`;
}
