/**
 * Stands in for rjsf's getDecimalSeparator (vite.config.ts): the same answer, worked out once per list of languages.
 * rjsf asks on every render of a number field and on every number it reads, and each call made a new
 * Intl.NumberFormat: the first costs Chromium tens of milliseconds (its number data), then a fraction of one each time,
 * per number field, per keystroke. tests/unit/validation/decimal-separator.test.ts compares it with rjsf's own.
 */
const known = new Map<string, string>();

/** The decimal separator of `languages` (else the browser's languages), '.' when neither says. */
export default function getDecimalSeparator(languages?: string | readonly string[]): string {
  const locales = languages || (typeof navigator !== 'undefined' ? navigator.languages : undefined);
  if (!locales) return '.';
  const key = typeof locales === 'string' ? locales : locales.join('\u0000');
  let separator = known.get(key);
  if (separator === undefined) {
    try {
      separator =
        new Intl.NumberFormat(locales as string | string[]).formatToParts(1.1).find((part) => part.type === 'decimal')
          ?.value || '.';
    } catch {
      separator = '.';
    }
    known.set(key, separator);
  }
  return separator;
}
