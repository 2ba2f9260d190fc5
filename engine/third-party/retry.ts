/**
 * Loading with retries (doc2 §9: script loader retries 3, maps retry delay 1 s, survey restart 1500 ms): the first
 * attempt, then up to `retries` more, each after `retryDelayMs`. A final failure is logged when asked and resolves
 * `false`: a third-party script never stops the applicant. Pure apart from the functions passed in.
 */

/** How to attempt one load, wait, and report a final failure. */
export interface RetryDeps {
  attempt(url: string): Promise<void>;
  sleep(ms: number): Promise<void>;
  log(message: string, error: unknown): void;
}

/** The retry policy of one script. */
export interface RetryPolicy {
  retries: number;
  retryDelayMs: number;
  logFailure: boolean;
}

/** Loads `url`, retrying on failure; resolves whether it loaded and how many attempts it took. */
export async function loadWithRetry(
  url: string,
  policy: RetryPolicy,
  deps: RetryDeps,
): Promise<{ loaded: boolean; attempts: number }> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= policy.retries + 1; attempt += 1) {
    try {
      await deps.attempt(url);
      return { loaded: true, attempts: attempt };
    } catch (error) {
      lastError = error;
      if (attempt <= policy.retries) await deps.sleep(policy.retryDelayMs);
    }
  }
  if (policy.logFailure)
    deps.log(`third-party script failed after ${policy.retries + 1} attempts: ${url.split('?')[0]}`, lastError);
  return { loaded: false, attempts: policy.retries + 1 };
}
