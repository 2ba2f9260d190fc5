/**
 * The one way the engine writes sessionStorage outside drafts (which filter by field, engine/state/drafts.ts): a value
 * is written only when no text in it has the shape of a personal number (ARCHITECTURE.md "What never happens": an
 * SSN, SIN, EIN, date of birth, bank account or card number never reaches browser storage). Texts are checked, not
 * JSON numbers: the product keeps every personal number as text (schemas/entities), while the configuration holds
 * long durations as numbers. ESLint refuses any other `sessionStorage.setItem` or `localStorage.setItem` in engine/.
 * A shape cannot tell a four-digit SSN end or a short bank account from any other short number: none of these writes
 * carries an applicant's answer at all (configuration, locale, flags, event types, a currency), and this is the
 * guard should one ever try.
 */

/**
 * A personal number's shape: nine or more digits in a row, separators between them allowed (SSN, SIN, EIN, bank
 * accounts and card numbers, however written), or a calendar date (a date of birth: 04/12/1985, 1985-04-12).
 */
const PERSONAL_NUMBER = /\d(?:[ ./-]?\d){8,}|\b\d{1,2}[/.-]\d{1,2}[/.-]\d{4}\b|\b\d{4}[/.-]\d{1,2}[/.-]\d{1,2}\b/;

/** Whether any text in `value` (the value itself, or any key or text inside an object or array) looks personal. */
export function holdsPersonalNumber(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (PERSONAL_NUMBER.test(next)) return true;
    } else if (Array.isArray(next)) pending.push(...next);
    else if (next !== null && typeof next === 'object') {
      for (const [key, inner] of Object.entries(next)) pending.push(key, inner);
    }
  }
  return false;
}

/**
 * Writes `value` (text as it is, anything else as JSON) under `key` in sessionStorage; false, writing nothing, when
 * the key or the value holds a personal number's shape or the storage refuses.
 */
export function writeSession(key: string, value: unknown): boolean {
  if (holdsPersonalNumber(key) || holdsPersonalNumber(value)) return false;
  try {
    sessionStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}
