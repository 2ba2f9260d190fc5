/**
 * What a screen hands the next one through the router's history state (issue 22.10): after a submit that showed
 * the busy overlay (doc1 §2.7 verifying), the overlay's title and subtitle, kept while the next screen's reads and
 * chunks arrive instead of a bare "Loading…", and a notice the next screen shows (a step-up says the application
 * was received). Words already translated by the screen that owns their messages (the next screen's message chunk
 * need not hold them); nothing the applicant typed.
 */
export interface ArrivalState {
  busy?: { title: string; subtitle?: string };
  notice?: string;
}

/** The arrival state of a location, when it is one (history state may hold anything). */
export function arrivalOf(state: unknown): ArrivalState {
  if (!state || typeof state !== 'object') return {};
  const { busy, notice } = state as Record<string, unknown>;
  const found: ArrivalState = {};
  if (busy && typeof busy === 'object' && typeof (busy as { title?: unknown }).title === 'string') {
    const { title, subtitle } = busy as { title: string; subtitle?: unknown };
    found.busy = typeof subtitle === 'string' ? { title, subtitle } : { title };
  }
  if (typeof notice === 'string') found.notice = notice;
  return found;
}
