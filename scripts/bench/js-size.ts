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
  raw: number;
  gzip: number;
  brotli: number;
  cspViolations: string[];
  pageErrors: string[];
}

/** Loads `url` in a fresh page of `context` and measures its scripts. */
export async function measureScripts(context: BrowserContext, url: string, ready = 'h1'): Promise<ShippedJs> {
  const page = await context.newPage();
  const bodies: Array<Promise<Buffer | undefined>> = [];
  const cspViolations: string[] = [];
  const pageErrors: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.body().catch(() => undefined));
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) cspViolations.push(message.text());
  });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(url);
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const files = (await Promise.all(bodies)).filter((b): b is Buffer => b !== undefined);
  await page.close();
  return {
    files: files.length,
    raw: files.reduce((n, b) => n + b.length, 0),
    gzip: files.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0),
    brotli: files.reduce((n, b) => n + brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length, 0),
    cspViolations,
    pageErrors,
  };
}
