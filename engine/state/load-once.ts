/**
 * Loads that React's `use` waits on: one promise per key, so every render that asks gets the same one, marked with its
 * outcome as `use` marks the promises it awaited, so a settled load is read at once instead of suspending again.
 */

/** A promise with its outcome on it (`status`, `value`). */
export type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/** What forgets each failed load kept since the last failure was shown. */
const failedLoads = new Set<() => void>();

/**
 * Keeps a failed load (a chunk that could not download) until the failure has been shown: every render that asks
 * until then gets the same failure, which reaches the screen's error boundary, instead of starting the download again
 * (and suspending again) on each render, which would spin on the loader for ever. `forget` removes it.
 */
export function keepFailure(forget: () => void): void {
  failedLoads.add(forget);
}

/**
 * Forgets every failed load kept so far: called when the failure is shown (shell/screen-boundary.tsx), so the next
 * time a screen asks for the same chunk (trying again, or coming back to it later), it is downloaded again.
 */
export function forgetFailedLoads(): void {
  for (const forget of failedLoads) forget();
  failedLoads.clear();
}

/**
 * The load of `key` kept in `cache`, started on the first call and handed to every later one; a failed one is kept
 * until its failure is shown (keepFailure), then forgotten, so the next call loads again.
 */
export function loadOnce<K, T>(cache: Map<K, Tracked<T>>, key: K, load: () => Promise<T>): Tracked<T> {
  const cached = cache.get(key);
  if (cached) return cached;
  const pending: Tracked<T> = load().then(
    (value) => {
      pending.status = 'fulfilled';
      pending.value = value;
      return value;
    },
    (error: unknown) => {
      pending.status = 'rejected';
      pending.reason = error;
      keepFailure(() => {
        if (cache.get(key) === pending) cache.delete(key);
      });
      throw error;
    },
  );
  // Its failure reaches whoever waits on it (React's `use`, a `then`); a load started ahead and never waited on (a
  // screen's messages, asked for beside its definition, which failed first) is not an unhandled rejection.
  pending.catch(() => undefined);
  cache.set(key, pending);
  return pending;
}
