import { fallbackLocale, locales, type Locale } from './catalogues.ts';

function match(tag: string): Locale | undefined {
  const lower = tag.trim().toLowerCase();
  const exact = locales.find((l) => l.toLowerCase() === lower);
  if (exact) return exact;
  // A bare language: `fr` -> fr-CA (our only French), `en` -> en-US.
  const language = lower.split('-')[0];
  if (language === 'fr') return 'fr-CA';
  if (language === 'en') return lower.endsWith('-ca') ? 'en-CA' : 'en-US';
  return undefined;
}

/** The language tags of an Accept-Language header, most wanted first (q-value, then order); none with q=0. */
export function rankedLanguages(acceptLanguage: string | undefined): string[] {
  if (!acceptLanguage) return [];
  return acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: (tag ?? '').trim(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((r) => r.tag !== '' && Number.isFinite(r.q) && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((r) => r.tag);
}

/**
 * Picks the locale of a request: the `locale` cookie, then Accept-Language (by q-value), then en-US
 * (doc1 §1: cookie first; the server has no browser session or query of its own to consult).
 */
export function negotiateLocale(cookie: string | undefined, acceptLanguage: string | undefined): Locale {
  if (cookie) {
    const fromCookie = match(cookie);
    if (fromCookie) return fromCookie;
  }
  for (const tag of rankedLanguages(acceptLanguage)) {
    const found = match(tag);
    if (found) return found;
  }
  return fallbackLocale;
}
