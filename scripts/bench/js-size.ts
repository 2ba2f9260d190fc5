/**
 * JavaScript a page loads before its first screen shows: every script response Chromium receives until the
 * heading is visible and the network is idle, measured raw, gzip (level 9) and brotli (quality 11). Also counts
 * Content Security Policy violations and page errors seen while loading.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { BrowserContext } from '@playwright/test';

/** What one page shipped. */
export interface ShippedJs {
  files: number;
  /** Each script, largest first (its name without the query, and its own sizes). */
  perFile: Array<{ name: string; raw: number; gzip: number; brotli: number }>;
  raw: number;
  gzip: number;
  brotli: number;
  cspViolations: string[];
  pageErrors: string[];
}

/** Loads `url` in a fresh page of `context` and measures its scripts. */
export async function measureScripts(context: BrowserContext, url: string, ready = 'h1'): Promise<ShippedJs> {
  const page = await context.newPage();
  const bodies: Array<Promise<{ name: string; body: Buffer } | undefined>> = [];
  const cspViolations: string[] = [];
  const pageErrors: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const name = new URL(response.url()).pathname.split('/').pop() ?? response.url();
    bodies.push(
      response.body().then(
        (body) => ({ name, body }),
        () => undefined,
      ),
    );
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) cspViolations.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(url);
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const loaded = (await Promise.all(bodies)).filter((b) => b !== undefined);
  await page.close();
  const perFile = loaded
    .map(({ name, body }) => ({
      name,
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
      brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    }))
    .sort((a, b) => b.gzip - a.gzip);
  const sum = (key: 'raw' | 'gzip' | 'brotli') => perFile.reduce((n, f) => n + f[key], 0);
  return {
    files: perFile.length,
    perFile,
    raw: sum('raw'),
    gzip: sum('gzip'),
    brotli: sum('brotli'),
    cspViolations,
    pageErrors,
  };
}
