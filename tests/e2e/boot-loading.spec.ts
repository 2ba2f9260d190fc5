/**
 * Issue 10 (landing speed): what a first visit downloads before its first screen. index.html preloads the two boot
 * reads and boot's own fetches reuse the preloaded responses (a second request to either URL means they no longer
 * match: another header, credentials mode or URL); the scripts travel compressed; a page downloads one catalogue,
 * its own locale's (the fallback's missing messages travel inside it).
 */
import { expect, test } from './fixtures/transitions.ts';
import { origin } from './journey.ts';

const CATALOGUE = /\/assets\/(en-US|en-CA|fr-CA)-[\w-]+\.js$/;

test('a first visit reads the configuration and the session once each, compressed scripts, one catalogue', async ({ page }) => {
  const requests: string[] = [];
  const encodings: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname + new URL(request.url()).search));
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') encodings.push(response.headers()['content-encoding'] ?? 'none');
  });
  await page.goto(`${origin('domain')}/`);
  // The page's own record of its reads, taken before the signed-out visitor is sent on: each boot read appears once,
  // started by index.html's preload (initiator 'link'), never again by a fetch (initiator 'fetch').
  const reads = await page.evaluate(async () => {
    for (let i = 0; i < 100 && !performance.getEntriesByType('resource').some((e) => e.name.endsWith('/api/v2/session')); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return performance
      .getEntriesByType('resource')
      .filter((e) => /\/api\/v2\/(configs|session)$/.test(e.name))
      .map((e) => `${new URL(e.name).pathname} ${(e as PerformanceResourceTiming).initiatorType}`);
  });
  expect(reads.sort()).toEqual(['/api/v2/configs link', '/api/v2/session link']);
  // Signed out: boot reads both, then the shell sends the visitor to the sign-on page.
  await page.waitForURL(/\/sso\//);
  await page.waitForLoadState('networkidle');

  expect(requests.filter((path) => path === '/api/v2/configs')).toHaveLength(1);
  expect(requests.filter((path) => path === '/api/v2/session')).toHaveLength(1);
  expect(encodings.length).toBeGreaterThan(0);
  expect(encodings.every((encoding) => encoding === 'br' || encoding === 'gzip')).toBe(true);
  expect(requests.filter((path) => CATALOGUE.test(path))).toEqual([expect.stringMatching(/\/en-US-/)]);
});

test('a French-speaking visitor in Canada downloads the fr-CA catalogue alone', async ({ page }) => {
  const url = origin('domain');
  await page.context().addCookies([
    { name: 'currency', value: 'CAD', url },
    { name: 'locale', value: 'fr-CA', url },
  ]);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto(`${url}/`);
  await page.waitForURL(/\/sso\//);
  await page.waitForLoadState('networkidle');
  expect(requests.filter((path) => CATALOGUE.test(path))).toEqual([expect.stringMatching(/\/fr-CA-/)]);
});
