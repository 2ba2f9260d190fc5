/**
 * The page's first paint, drawn by the server before any script ran (server/http/page-preloads.ts pagePrerender,
 * engine/screens/frame-markup.ts): the header and the heading of the screen the address shows, in the locale the
 * server expected. React replaces everything in `#root` when the shell first renders; until the screen itself renders,
 * the page loader of that screen shows the same heading again (`prerenderedSection`), so the applicant never sees it
 * blink to a spinner and back. Used once: the first screen that renders ends it.
 */

interface Prerendered {
  screen: string;
  locale: string;
  section: string;
}

let prerendered: Prerendered | undefined;

/** Reads the server's first paint from `root` (main.tsx calls it before React renders there). */
export function capturePrerender(root: Element | null): void {
  const holder = root?.querySelector(':scope > [data-prerender]');
  const section = holder?.querySelector('main > section');
  const screen = holder?.getAttribute('data-prerender');
  const locale = holder?.getAttribute('data-locale');
  prerendered = section && screen && locale ? { screen, locale, section: section.outerHTML } : undefined;
}

/** The drawn section of `screen` in `locale`, while the first screen has not rendered; otherwise undefined. */
export function prerenderedSection(screen: string | undefined, locale: string): string | undefined {
  return prerendered && prerendered.screen === screen && prerendered.locale === locale
    ? prerendered.section
    : undefined;
}

/** The first screen has rendered (or the visitor went elsewhere): the drawn heading is not shown again. */
export function endPrerender(): void {
  prerendered = undefined;
}
