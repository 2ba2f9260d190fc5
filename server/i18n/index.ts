/** Server-side messages: catalogues from `locales/`, locale negotiation. */
export { Catalogues, fallbackLocale, locales } from './catalogues.ts';
export type { Locale, MessageArgs, Translator } from './catalogues.ts';
export { negotiateLocale } from './negotiate.ts';
