/**
 * What a page preloads beside its entry script (issue 10): the catalogue of the locale boot will ask for first, the
 * screen's chunk in that locale (its definition and the messages that come with it: engine/app/screen-definition.ts), and,
 * on a screen whose kind is a chunk of its own (a form, a list), that chunk, the screen's validators and their styles,
 * and, for a signed-in visitor, the API reads the screen makes on arrival whose address the route fills (the
 * application, say). Without these the browser learns of them only once the entry script has run, a round trip later
 * each. The build
 * writes the chunk names (scripts/vite/preload-plugin.ts, page-preloads.json); this module picks the ones a request
 * needs and writes them as `<link>` tags for index.html.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { detectLocale } from '../../engine/i18n/detect.ts';
import { routePatterns } from '../../engine/flow/paths.ts';
import { fillPath } from '../../engine/calls/template.ts';
import { rankedLanguages } from '../i18n/negotiate.ts';
import { escapeHtml, headingMask, pageMarkup, type ShellTexts } from '../../engine/screens/frame-markup.ts';
import type { Condition } from '../../engine/conditions/index.ts';
import { isApplicationRoot } from '../../engine/screens/after-environment.ts';
import type { EngineBundle } from '../../engine/content/types.ts';

/** The build's file (written by scripts/vite/preload-plugin.ts beside index.html). */
export interface PagePreloads {
  fallbackLocale: string;
  /** The chunks the entry imports as it starts (the engine) and their styles: every page needs them first. */
  boot?: { modules: string[]; styles: string[] };
  /** Locale -> its catalogue chunk. */
  catalogues: Record<string, string[]>;
  /**
   * Screens with something to preload: path, whether it needs a session, the chunks and styles its kind loads, and
   * the path templates of its arrival reads that the route fills (`/api/v2/applications/{applicationId}`).
   */
  screens: Array<{
    id: string;
    path: string;
    auth: boolean;
    /** Locale -> this screen's chunk (its definition and the messages that come with it) and what that imports. */
    messages?: Record<string, string[]>;
    modules: string[];
    styles: string[];
    reads?: string[];
    /**
     * Locale -> the screen's section with its heading alone, and the page title (engine/screens/frame-markup.ts): one
     * per combination of the variants in `headingWhen` (entry `mask`: variant i holds when bit i is set).
     */
    heading?: Record<string, Array<{ section: string; title: string }>>;
    /** The conditions (on the query alone) of the variants that decide the heading. */
    headingWhen?: Condition[];
  }>;
  /** Locale -> the shell's texts around a heading. */
  shell?: Record<string, ShellTexts>;
  /**
   * What decides whether the engine keeps a signed-in visitor on the application root (doc1 §2.8): its routing
   * table, the address of the accounts read, and the content the table reads (server/http/root-routing.ts).
   */
  root?: { table: string; accountsPath: string; bundle: RootRoutingBundle };
}

/** The part of the content bundle the root's routing reads: screen outlines, flows (their path params), tables, derived values. */
export type RootRoutingBundle = Pick<EngineBundle, 'screens' | 'flows' | 'tables'> & {
  shell: Pick<EngineBundle['shell'], 'derived'>;
};

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
  /** The query as the engine reads it (the last value of a repeated name): the variants of a drawn heading read it. */
  query?: Record<string, string>;
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

/** The route parameters `pattern` takes from `path` (which it matches), decoded as react-router decodes them. */
export function routeParams(pattern: string, path: string): Record<string, string> {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  return Object.fromEntries(
    want.flatMap((segment, index) =>
      segment.startsWith(':') ? [[segment.slice(1), safeDecode(have[index] ?? '')]] : [],
    ),
  );
}

/** The screen entry whose path (with or without the co-brand prefix) best matches `path`, and the pattern it matched. */
function screenFor(
  preloads: PagePreloads,
  path: string,
): { screen: PagePreloads['screens'][number]; pattern: string } | undefined {
  let best: { rank: number; screen: PagePreloads['screens'][number]; pattern: string } | undefined;
  for (const screen of preloads.screens) {
    for (const pattern of routePatterns(screen.path)) {
      const rank = matchRank(pattern, path);
      if (rank !== undefined && (!best || rank > best.rank)) best = { rank, screen, pattern };
    }
  }
  return best;
}

/** The screen's route-filled reads for `path`, as the engine addresses them (engine/calls/run.ts buildRequest). */
function readsFor(templates: string[], params: Record<string, string>): string[] {
  return templates.flatMap((template) => {
    try {
      return [fillPath(template, params)];
    } catch {
      return []; // a parameter the route did not give: the engine will not read it either
    }
  });
}

/** The locale boot fetches a catalogue for first: the same detection over the sources a server sees. */
export function likelyLocale(preloads: PagePreloads, request: PageRequest): string {
  const sources = {
    cookie: request.localeCookie,
    browser: rankedLanguages(request.acceptLanguage),
    query: request.localeQuery,
  };
  return detectLocale(sources, Object.keys(preloads.catalogues), preloads.fallbackLocale);
}

/** The files to preload for `request`: scripts (`modulepreload`) and the styles of the screen's kind. */
export function pagePreloads(preloads: PagePreloads, request: PageRequest): PreloadFiles {
  const locale = likelyLocale(preloads, request);
  const catalogue = preloads.catalogues[locale] ?? [];
  const found = screenFor(preloads, request.path);
  const shown = found && (request.signedIn || !found.screen.auth) ? found.screen : undefined;
  // Reads need the session: a signed-out visitor would only be refused (and the screen sends them to sign on).
  const reads =
    found && shown && request.signedIn ? readsFor(shown.reads ?? [], routeParams(found.pattern, request.path)) : [];
  // The screen's chunk in that locale, its definition and its own messages: needed before anything of the screen shows.
  const definition = (shown?.messages?.[locale] ?? []).filter(
    (file, i, all) => !catalogue.includes(file) && all.indexOf(file) === i,
  );
  const boot = preloads.boot ?? { modules: [], styles: [] };
  return {
    boot: boot.modules,
    catalogue,
    definition,
    modules: (shown?.modules ?? []).filter((file) => !catalogue.includes(file) && !definition.includes(file)),
    styles: [...boot.styles, ...(shown?.styles ?? [])],
    reads,
  };
}

/** A page's first paint: what goes in `#root`, its locale (the page's `lang`) and the page title. */
export interface PagePrerender {
  html: string;
  locale: string;
  title: string;
}

/**
 * The page's first paint for `request` on a market whose locales are `marketLocales`: the shell's header and the
 * screen's heading in the locale boot will choose (the same detection over the sources a server sees, narrowed to the
 * market's locales as boot narrows them), so the applicant reads where they are before the scripts have run. None for
 * an address that is no screen, the application root unless `rootStays` (the engine may route a signed-in visitor
 * on from there by their accounts, doc1 §2.8: server/http/root-routing.ts tells), a screen whose heading depends on
 * data, or a signed-in screen without a session cookie (the engine sends that visitor to sign on). The engine keeps
 * it on screen until the screen renders (engine/app/prerender.ts), and drops it if it chose another locale.
 */
export function pagePrerender(
  preloads: PagePreloads,
  request: PageRequest,
  marketLocales: readonly string[],
  rootStays = false,
): PagePrerender | undefined {
  const shell = preloads.shell;
  if (isApplicationRoot(request.path) && !rootStays) return undefined;
  const found = screenFor(preloads, request.path);
  if (!shell || !found?.screen.heading || (found.screen.auth && !request.signedIn)) return undefined;
  const supported = marketLocales.filter((locale) => shell[locale] && found.screen.heading?.[locale]);
  if (supported.length === 0) return undefined;
  const sources = {
    cookie: request.localeCookie,
    browser: rankedLanguages(request.acceptLanguage),
    query: request.localeQuery,
  };
  const locale = detectLocale(sources, supported, supported[0]);
  const heading = found.screen.heading[locale][headingMask(found.screen.headingWhen ?? [], request.query ?? {})];
  if (!heading) return undefined;
  const others = supported.filter((other) => other !== locale);
  // A visitor with a session cookie sees the header's sign-out, as the engine shows it once it knows the user.
  const body = pageMarkup(shell[locale], others, heading.section, request.signedIn);
  return {
    html: `<div class="prerendered" data-prerender="${escapeHtml(found.screen.id)}" data-locale="${escapeHtml(locale)}">${body}</div>`,
    locale,
    title: heading.title,
  };
}

/** A page's preloads: the catalogue (needed for any text), the screen's own chunks and styles, its API reads. */
export interface PreloadFiles {
  /** The engine's own chunks, which the entry starts at once (page-preloads.json `boot`). */
  boot?: string[];
  catalogue: string[];
  /** The screen's chunk in the page's locale, its definition and its own messages: needed before anything of it shows. */
  definition?: string[];
  modules: string[];
  styles: string[];
  reads?: string[];
}

/**
 * The `<link>` tags for index.html. `crossorigin` as the page's own module loads use it, so the browser hands the
 * preloaded response to the import (and Vite's loader sees the link and does not add another). The screen's chunks
 * ask for a low priority: the entry script and the catalogue, which the first paint needs, go first. A read is a
 * `preload as=fetch` with `crossorigin` (mode cors, credentials same-origin, as the engine's fetch), which the
 * engine's plain GET of the same address is handed (engine/calls/run.ts READ_HEADERS). `drawn`: the page carries the
 * server's first paint (pagePrerender).
 *
 * The styles of the screen's kind are stylesheets, not preloads: the screen needs them, and a preload is only used
 * once the kind's script asks for it, which on a slow device (or a loaded test machine) comes seconds after the page's
 * load event, and Chromium then warns that the preload went unused. On a drawn page they wait in its template and are
 * applied, without holding any paint back, once the drawing is on screen (engine/main.tsx); on a page the server did
 * not draw they are in the head beside the entry script, which they hold back no longer than their own small download.
 * Vite's loader finds the stylesheet already in the page and reuses its response.
 */
export function preloadTags(files: PreloadFiles, drawn = false): string {
  // On a page the server drew, the first paint needs none of the scripts (the engine starts once the drawing is on
  // screen, engine/main.tsx): all of them ask for a low priority, and the page's own styles and text go first.
  const first = drawn ? ' fetchpriority="low"' : '';
  return [
    ...[...(files.boot ?? []), ...files.catalogue, ...(files.definition ?? [])].map(
      (href) => `<link rel="modulepreload" crossorigin${first} href="${escapeHtml(href)}" />`,
    ),
    ...(files.reads ?? []).map((href) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(href)}" />`),
    ...files.modules.map(
      (href) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${escapeHtml(href)}" />`,
    ),
    ...files.styles.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}" />`),
  ].join('\n    ');
}
