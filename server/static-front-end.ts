import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './http/errors.ts';
import { configUrl } from '../engine/app/config-url.ts';
import { likelyLocale, pagePrerender, pagePreloads, preloadTags, readPagePreloads } from './http/page-preloads.ts';
import { rootStays } from './http/root-routing.ts';
import { escapeHtml } from '../engine/screens/frame-markup.ts';
import type { ConfigRules } from './content.ts';
import { chooseMarket } from './routes/configs.ts';
import { repoRoot } from './paths.ts';
import { sessionCookie } from './http/request-context.ts';
import { withStyleHashes } from './http/security.ts';
import { compressPage } from './http/encoding.ts';

/** Stylesheets at most this large are written into the page instead of linked. */
const INLINE_STYLE_LIMIT = 32 * 1024;

/**
 * index.html with its own stylesheets (Vite's `<link rel="stylesheet" crossorigin href="/assets/….css">`) written in
 * as `<style>` elements, and their sha256 hashes for the page's CSP: the first paint no longer waits for a
 * stylesheet request. A stylesheet that is large, missing, or holds `</style` stays linked.
 */
export function inlineStylesheets(html: string, distDir: string): { html: string; hashes: string[] } {
  const hashes: string[] = [];
  const out = html.replace(
    /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g,
    (tag, file: string) => {
      const path = join(distDir, file);
      if (!existsSync(path)) return tag;
      const css = readFileSync(path, 'utf8');
      if (css.length > INLINE_STYLE_LIMIT || /<\/style/i.test(css)) return tag;
      hashes.push(createHash('sha256').update(css, 'utf8').digest('base64'));
      return `<style>${css}</style>`;
    },
  );
  return { html: out, hashes };
}

/** The element that holds a drawn page's preloads until its first paint (engine/main.tsx moves them into the head). */
export const DEFERRED_PRELOADS_ID = 'page-preloads';

/**
 * A page the server drew (its heading, pagePrerender) with its preloads (`tags`, and index.html's preloads of the boot
 * reads) in an inert `<template>` after `#root` instead of in the head: the first paint needs none of them, and every
 * request that ends before it counts towards the largest contentful paint that Lighthouse estimates for a slow phone
 * (its simulation keeps the requests that ended before the observed paint). The entry moves them into the head once the
 * drawing is on screen (engine/main.tsx), all at once, before it imports the engine, so they still start beside it.
 */
export function deferPreloads(html: string, tags: string): string {
  const boot: string[] = [];
  const head = html.replace(/\s*<link rel="preload" href="[^"]*" as="fetch" crossorigin \/>/g, (tag) => {
    boot.push(tag.trim());
    return '';
  });
  const held = [...boot, ...tags.split('\n').map((tag) => tag.trim())].filter(Boolean).join('');
  return head.replace(
    /(<div id="root">.*?<\/div><\/div>|<div id="root"><\/div>)/s,
    (root) => `${root}<template id="${DEFERRED_PRELOADS_ID}">${held}</template>`,
  );
}

/**
 * The locales of the market a page request is for, chosen as GET /api/v2/configs chooses it (routes/configs.ts
 * chooseMarket). Undefined when the query names a currency no market has (the engine shows the unsupported-market page).
 */
export function marketLocales(
  config: Pick<ConfigRules, 'markets' | 'defaultMarket'>,
  currencyQuery: string | undefined,
  currencyCookie: string | undefined,
): string[] | undefined {
  const market = chooseMarket(config, currencyQuery, currencyCookie);
  return market ? config.markets[market].locales : undefined;
}

/**
 * Serves the built front end from `distDir`: its static files, and `index.html` for any other GET outside
 * /api, /sso and /sandbox so client routes (react-router) work on reload. API, sign-on and sandbox misses stay JSON 404s.
 */
export async function serveFrontEnd(app: FastifyInstance, distDir: string, root: string = repoRoot): Promise<void> {
  if (!existsSync(join(distDir, 'index.html'))) throw new Error(`No built front end in ${distDir}: run npm run build`);
  // The build writes .br and .gz copies beside its text files (scripts/vite/compress-plugin.ts); a browser that
  // accepts either gets it. Hashed assets never change, so a browser keeps them for a year.
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (reply, path) => {
      if (path.includes('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  const indexFile = join(distDir, 'index.html');
  const preloads = readPagePreloads(distDir);
  // Read once: the page and its inlined styles do not change while the server runs.
  const page = inlineStylesheets(readFileSync(indexFile, 'utf8'), distDir);
  const config = JSON.parse(readFileSync(join(root, 'rules/config.json'), 'utf8')) as ConfigRules;
  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path.startsWith('/sso/') || path.startsWith('/sandbox/'))
      throw new ApiError('NOT_FOUND');
    // The page preloads the configuration boot will read for this visit (its currency, its co-brand path), so the
    // browser reuses the answer instead of asking a second time (engine/app/config-url.ts).
    const query = (request.query ?? {}) as Record<string, unknown>;
    const currencyQuery = typeof query.currency === 'string' ? query.currency : undefined;
    const href = configUrl(path, currencyQuery, request.cookies?.currency);
    let html = page.html.replace('href="/api/v2/configs"', () => `href="${escapeHtml(href)}"`);
    // The visitor's catalogue and, on a screen of a lazily loaded kind, its chunks start beside the entry script
    // instead of after it has run (server/http/page-preloads.ts).
    if (preloads) {
      const pageRequest = {
        path,
        localeQuery: typeof query.locale === 'string' ? query.locale : undefined,
        localeCookie: request.cookies?.locale,
        acceptLanguage: request.headers['accept-language'],
        signedIn: Boolean(request.cookies?.[sessionCookie]),
        // As the engine reads it (screen-host.tsx): the last value of a repeated name.
        query: Object.fromEntries(new URLSearchParams(request.url.split('?')[1] ?? '')),
      };
      // The first paint: the header and the screen's heading, before any script runs (engine/screens/frame-markup.ts).
      const locales = marketLocales(config, currencyQuery, request.cookies?.currency);
      // The application root is drawn only for a signed-in visitor the engine keeps there (doc1 §2.8).
      // As location.search: the query with its '?', or nothing when it is empty.
      const search =
        request.url.includes('?') && !request.url.endsWith('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const stays =
        locales !== undefined && preloads.root !== undefined && pageRequest.signedIn
          ? await rootStays(app, preloads.root, request, {
              path,
              search,
              locale: likelyLocale(preloads, pageRequest),
              catalogueLocales: Object.keys(preloads.catalogues),
            })
          : false;
      const prerender = locales ? pagePrerender(preloads, pageRequest, locales, stays) : undefined;
      const tags = preloadTags(pagePreloads(preloads, pageRequest), prerender !== undefined);
      if (prerender) html = deferPreloads(html, tags);
      else html = html.replace('</head>', () => `  ${tags}\n  </head>`);
      if (prerender) {
        html = html
          .replace(/<html lang="[^"]*">/, () => `<html lang="${escapeHtml(prerender.locale)}">`)
          .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(prerender.title)}</title>`)
          .replace(
            /<div id="root">.*?<\/div><\/div>|<div id="root"><\/div>/s,
            () => `<div id="root">${prerender.html}</div>`,
          );
      }
    }
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') reply.header('content-security-policy', withStyleHashes(csp, page.hashes));
    reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding').type('text/html; charset=utf-8');
    // The page (a few KB once the styles are in it) travels compressed like the scripts.
    const compressed = compressPage(html, request.headers['accept-encoding']);
    return compressed ? reply.header('content-encoding', compressed.encoding).send(compressed.body) : reply.send(html);
  });
}
