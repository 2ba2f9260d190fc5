/**
 * Locale detection (doc1 §1): the cookie, then the session, then the browser, then the query; the first
 * supported candidate wins, else the fallback. A browser language such as `fr` matches the first supported
 * locale of that language only when the market allows it (the caller passes the market's locales as `supported`).
 */
export interface LocaleSources {
  cookie?: string | null;
  session?: string | null;
  browser?: readonly string[];
  query?: string | null;
}

function match(candidate: string | null | undefined, supported: readonly string[]): string | undefined {
  if (!candidate) return undefined;
  const exact = supported.find((locale) => locale.toLowerCase() === candidate.toLowerCase());
  if (exact) return exact;
  const language = candidate.split(/[-_]/)[0].toLowerCase();
  return supported.find((locale) => locale.split('-')[0].toLowerCase() === language);
}

export function detectLocale(sources: LocaleSources, supported: readonly string[], fallback: string): string {
  const ordered = [sources.cookie, sources.session, ...(sources.browser ?? []), sources.query];
  for (const candidate of ordered) {
    const found = match(candidate, supported);
    if (found) return found;
  }
  return fallback;
}
