/**
 * The keys of the shared read cache (swr). Two shapes of entry live in it:
 * - a screen's reads (screen-host): `{[call]: answer}`, under `reads:` and the reads' URLs joined with '|', so two
 *   screens that read the same things share one entry;
 * - a single read of the header's links or the service lookup: the bare answer, under its URL.
 * The prefix keeps the two apart. Without it a screen whose only read is the URL a header link also reads would be
 * handed the header's bare answer (a list where it expects `{getAccounts: list}`) while swr deduplicates the second
 * request, and show an empty list.
 */
const SCREEN_READS = 'reads:';

/** The cache key of a screen's reads at these URLs, in the screen's order (a read whose address cannot be built is empty). */
export function screenReadsKey(urls: ReadonlyArray<string | null>): string {
  return `${SCREEN_READS}${urls.join('|')}`;
}

/** The URLs a screen-reads key names, or undefined for any other key. */
export function screenReadsUrls(key: string): string[] | undefined {
  return key.startsWith(SCREEN_READS) ? key.slice(SCREEN_READS.length).split('|') : undefined;
}
