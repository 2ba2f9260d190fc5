/**
 * Loads that React's `use` waits on: one promise per key, so every render that asks gets the same one, marked with its
 * outcome as `use` marks the promises it awaited, so a settled load is read at once instead of suspending again.
 */

/** A promise with its outcome on it (`status`, `value`). */
export type Tracked<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T };

/**
 * The load of `key` kept in `cache`, started on the first call and handed to every later one; forgotten when it fails,
 * so the next call (the screen shown again later) loads again.
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
      cache.delete(key);
      throw error;
    },
  );
  cache.set(key, pending);
  return pending;
}
