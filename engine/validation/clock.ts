/** The validation clock: "now" for date rules (age, year of birth, card expiry), injectable for tests. */

/** Returns the current instant. */
export type Clock = () => Date;

let current: Clock = () => new Date();

/** The clock the shared `formatRules` read at each validation. */
export function now(): Date {
  return current();
}

/**
 * Replaces the clock the shared `formatRules` and `formats` use (for example a fixed date in tests or a
 * server-synchronised clock in the browser). Returns a function that restores the previous clock.
 */
export function setValidationClock(clock: Clock): () => void {
  const previous = current;
  current = clock;
  return () => {
    current = previous;
  };
}
