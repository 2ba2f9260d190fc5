/**
 * What a page preloads beside its entry script (issue 10): the catalogue of the locale boot will ask for first, and,
 * on a screen whose kind is a chunk of its own (a form, a list), that chunk, the screen's validators and their styles.
 * Without these the browser learns of them only once the entry script has run, a round trip later each. The build
 * writes the chunk names (scripts/vite/preload-plugin.ts, page-preloads.json); this module picks the ones a request
 * needs and writes them as `<link>` tags for index.html.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectLocale } from '../../engine/i18n/detect.ts';
import { routePatterns } from '../../engine/flow/paths.ts';
import { rankedLanguages } from '../i18n/negotiate.ts';

/** The build's file (written by scripts/vite/preload-plugin.ts beside index.html). */
export interface PagePreloads {
  fallbackLocale: string;
  /** Locale -> its catalogue chunk. */
  catalogues: Record<string, string[]>;
  /** Screens whose kind is a chunk of its own: path, whether it needs a session, the chunks and styles it loads. */
  screens: Array<{ id: string; path: string; auth: boolean; modules: string[]; styles: string[] }>;
}

export const PAGE_PRELOADS_FILE = 'page-preloads.json';

/** What the server knows of a page request. */
export interface PageRequest {
  path: string;
  /** The `locale` query parameter, the `locale` cookie and Accept-Language: the sources boot reads that a server sees. */
  localeQuery?: string;
  localeCookie?: string;
  acceptLanguage?: string;
  /** Whether the request carries a session cookie (a signed-out visitor of a signed-in screen goes to sign on). */
  signedIn: boolean;
}

/** The build's page-preloads.json in `distDir`, or undefined for a build without it. */
export function readPagePreloads(distDir: string): PagePreloads | undefined {
  const file = join(distDir, PAGE_PRELOADS_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PagePreloads) : undefined;
}

/**
 * How well `pattern` matches `path`: undefined when it does not, else a rank in which a literal segment counts for
 * more than a parameter (react-router prefers `/:id/owners/add` to `/:id/owners/:ownerId`). Case-insensitive and
 * tolerant of a trailing slash, as react-router is.
 */
export function matchRank(pattern: string, path: string): number | undefined {
  const split = (value: string) => value.split('/').filter(Boolean);
  const want = split(pattern);
  const have = split(path);
  if (want.length !== have.length) return undefined;
  let rank = 1;
  for (let i = 0; i < want.length; i += 1) {
    if (want[i].startsWith(':')) rank += 3;
    else if (want[i].toLowerCase() === safeDecode(have[i]).toLowerCase()) rank += 10;
    else return undefined;
  }
  return rank;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The screen entry whose path (with or without the co-brand prefix) best matches `path`. */
function screenFor(preloads: PagePreloads, path: string): PagePreloads['screens'][number] | undefined {
  let best: { rank: number; screen: PagePreloads['screens'][number] } | undefined;
  for (const screen of preloads.screens) {
    for (const pattern of routePatterns(screen.path)) {
      const rank = matchRank(pattern, path);
      if (rank !== undefined && (!best || rank > best.rank)) best = { rank, screen };
    }
  }
  return best?.screen;
}

/** The locale boot fetches a catalogue for first: the same detection over the sources a server sees. */
export function likelyLocale(preloads: PagePreloads, request: PageRequest): string {
  const sources = { cookie: request.localeCookie, browser: rankedLanguages(request.acceptLanguage), query: request.localeQuery };
  return detectLocale(sources, Object.keys(preloads.catalogues), preloads.fallbackLocale);
}

/** The files to preload for `request`: scripts (`modulepreload`) and styles (`preload as=style`). */
export function pagePreloads(preloads: PagePreloads, request: PageRequest): PreloadFiles {
  const catalogue = preloads.catalogues[likelyLocale(preloads, request)] ?? [];
  const screen = screenFor(preloads, request.path);
  const shown = screen && (request.signedIn || !screen.auth) ? screen : undefined;
  return { catalogue, modules: (shown?.modules ?? []).filter((file) => !catalogue.includes(file)), styles: shown?.styles ?? [] };
}

/** A page's preloads: the catalogue (needed for any text), then the screen's own chunks and styles. */
export interface PreloadFiles {
  catalogue: string[];
  modules: string[];
  styles: string[];
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The `<link>` tags for index.html. `crossorigin` as the page's own module loads use it, so the browser hands the
 * preloaded response to the import (and Vite's loader sees the link and does not add another). The screen's chunks
 * ask for a low priority: the entry script and the catalogue, which the first paint needs, go first.
 */
export function preloadTags(files: PreloadFiles): string {
  return [
    ...files.catalogue.map((href) => `<link rel="modulepreload" crossorigin href="${attribute(href)}" />`),
    ...files.modules.map((href) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${attribute(href)}" />`),
    ...files.styles.map((href) => `<link rel="preload" as="style" crossorigin fetchpriority="low" href="${attribute(href)}" />`),
  ].join('\n    ');
}
