/**
 * The one way the engine writes sessionStorage outside drafts (which filter by field, engine/state/drafts.ts): a value
 * is written only when no text in it has the shape of a personal number (ARCHITECTURE.md "What never happens": an
 * SSN, SIN, EIN, date of birth, bank account or card number never reaches browser storage). Texts are checked, not
 * JSON numbers: the product keeps every personal number as text (schemas/entities), while the configuration holds
 * long durations as numbers. ESLint refuses any other `sessionStorage.setItem` or `localStorage.setItem` in engine/.
 * A shape cannot tell a four-digit SSN end or a short bank account from any other short number, so the keys are also
 * closed: each key the engine keeps says what its value may be (SESSION_VALUES below), and none of them is an answer.
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

/** A name from content (an event type, a screen, a field, a message key): it starts with a letter, never a value. */
const NAME = /^[A-Za-z][\w.-]*$/;

/**
 * The only keys the engine keeps, each with what its value may be. A value a shape cannot judge (the last four of an
 * SSN, a five-digit transit number, a seven-digit account) still cannot reach storage: every value but the
 * configuration is a code or a list of names, and the configuration is the API's (GET /api/v2/configs), never an
 * answer. A key not listed here is refused.
 */
const SESSION_VALUES: Array<{ key: RegExp; value: (value: unknown) => boolean }> = [
  // boot.ts: the configuration for a co-brand path and a currency.
  { key: /^onboarding:config:[\w-]+:(?:[A-Z]{3}|-)$/, value: (v) => v !== null && typeof v === 'object' },
  // header.tsx: the language the visitor chose.
  { key: /^onboarding:locale$/, value: (v) => typeof v === 'string' && /^[a-z]{2}-[A-Z]{2}$/.test(v) },
  // app.tsx: the currency a market switch asked for.
  { key: /^onboarding:market-switch$/, value: (v) => typeof v === 'string' && /^[A-Z]{3}$/.test(v) },
  // account-list-screen.tsx: a once-per-session notice shown.
  { key: /^onboarding:currencyOverlap$/, value: (v) => v === '1' },
  // analytics: the events already posted, as `type` or `type|screen|field|message key` (names, never answers).
  {
    key: /^onboarding:analytics:sent$/,
    value: (v) =>
      Array.isArray(v) &&
      v.every((item) => typeof item === 'string' && item.split('|').every((part) => part === '' || NAME.test(part))),
  },
];

/** Whether `key` is one the engine keeps and `value` is what that key may hold. */
export function allowedInSession(key: string, value: unknown): boolean {
  return SESSION_VALUES.some((entry) => entry.key.test(key) && entry.value(value));
}

/**
 * Writes `value` (text as it is, anything else as JSON) under `key` in sessionStorage; false, writing nothing, when
 * the key is not one the engine keeps, the value is not what that key holds, the key or the value holds a personal
 * number's shape, or the storage refuses.
 */
export function writeSession(key: string, value: unknown): boolean {
  if (!allowedInSession(key, value) || holdsPersonalNumber(key) || holdsPersonalNumber(value)) return false;
  try {
    sessionStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}
