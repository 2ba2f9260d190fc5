/**
 * Issue 10 (landing speed): what a first visit downloads before its first screen. index.html preloads the two boot
 * reads and boot's own fetches reuse the preloaded responses (a second request to either URL means they no longer
 * match: another header, credentials mode or URL); the scripts travel compressed; a page downloads one catalogue,
 * its own locale's (the fallback's missing messages travel inside it).
 */
import { expect, test, type Page } from './fixtures/transitions.ts';
import { arrive, expectHeading, origin, text } from './journey.ts';
import { expectNoAxeViolations } from './support.ts';
import { engineStartMark } from '../../engine/app/engine-start-mark.ts';

/**
 * The page's own record of its boot reads (its resource timing entries), sent out of the page as each read ends (an
 * init script's PerformanceObserver calls an exposed function), so nothing has to be evaluated in a page that is
 * about to navigate. The signed-out visitor's navigation to the sign-on page is held until both reads are recorded
 * (an unload could otherwise drop the observer's last entries), then let go.
 */
async function watchBootReads(page: Page): Promise<{ reads: () => Promise<string[]> }> {
  const seen: string[] = [];
  let recorded: () => void = () => {};
  const both = new Promise<void>((resolve) => (recorded = resolve));
  await page.exposeFunction('__bootRead', (entry: string) => {
    seen.push(entry);
    if (seen.some((e) => e.startsWith('/api/v2/configs')) && seen.some((e) => e.startsWith('/api/v2/session')))
      recorded();
  });
  await page.addInitScript(() => {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!/\/api\/v2\/(configs|session)(\?|$)/.test(entry.name)) continue;
        const url = new URL(entry.name);
        (window as unknown as { __bootRead: (e: string) => void }).__bootRead(
          `${url.pathname}${url.search} ${(entry as PerformanceResourceTiming).initiatorType}`,
        );
      }
    }).observe({ type: 'resource', buffered: true });
  });
  await page.route(/\/sso\//, async (route) => {
    await both;
    await route.continue();
  });
  return {
    reads: async () => {
      await both;
      return [...seen].sort();
    },
  };
}

const CATALOGUE = /\/assets\/(en-US|en-CA|fr-CA)-[\w-]+\.js$/;

test('a first visit reads the configuration and the session once each, compressed scripts, one catalogue', async ({
  page,
}) => {
  const requests: string[] = [];
  const encodings: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname + new URL(request.url()).search));
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      encodings.push(response.headers()['content-encoding'] ?? 'none');
  });
  const boot = await watchBootReads(page);
  await page.goto(`${origin('domain')}/`, { waitUntil: 'commit' });
  // The page's own record of its reads, taken before the signed-out visitor is sent on: each boot read appears once,
  // started by index.html's preload (initiator 'link'), never again by a fetch (initiator 'fetch').
  const reads = await boot.reads();
  expect(reads).toEqual(['/api/v2/configs link', '/api/v2/session link']);
  // Signed out: boot reads both, then the shell sends the visitor to the sign-on page.
  await page.waitForURL(/\/sso\//);
  await page.waitForLoadState('networkidle');

  expect(requests.filter((path) => path === '/api/v2/configs')).toHaveLength(1);
  expect(requests.filter((path) => path === '/api/v2/session')).toHaveLength(1);
  expect(encodings.length).toBeGreaterThan(0);
  expect(encodings.every((encoding) => encoding === 'br' || encoding === 'gzip')).toBe(true);
  expect(requests.filter((path) => CATALOGUE.test(path))).toEqual([expect.stringMatching(/\/en-US-/)]);
  // The server preloads that catalogue in the page, so it does not wait for the entry script to run (the one request
  // above shows the import reused it).
  const html = await (await page.request.get(`${origin('domain')}/`)).text();
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/en-US-[\w-]+\.js"/);
});

test('a French-speaking visitor in Canada gets its configuration preloaded and the fr-CA catalogue alone', async ({
  page,
}) => {
  const url = origin('domain');
  await page.context().addCookies([
    { name: 'currency', value: 'CAD', url },
    { name: 'locale', value: 'fr-CA', url },
  ]);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  const boot = await watchBootReads(page);
  await page.goto(`${url}/`, { waitUntil: 'commit' });
  // The server preloads this visitor's configuration: the currency from the cookie.
  expect(await boot.reads()).toEqual(['/api/v2/configs?currency=CAD link', '/api/v2/session link']);
  await page.waitForURL(/\/sso\//);
  await page.waitForLoadState('networkidle');
  expect(requests.filter((path) => CATALOGUE.test(path))).toEqual([expect.stringMatching(/\/fr-CA-/)]);
  const html = await (await page.request.get(`${url}/`)).text();
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/fr-CA-[\w-]+\.js"/);
});

test("a signed-in reload of a screen reads its application once, through the page's preload", async ({ page }) => {
  const persona = {
    market: 'US',
    locale: 'en-US',
    portal: 'domain',
    businessName: 'Preload Bakery',
    governmentId: '1234',
  } as const;
  await arrive(page, persona);
  await page.getByRole('button', { name: text('en-US', 'signup.landing.submit') }).click();
  await expectHeading(page, 'en-US', 'signup.update.title');
  const path = new URL(page.url()).pathname;
  const read = `/api/v2/applications/${path.split('/')[1]}`;

  // The page's own record of the read (resource timing: who started it), and every request the browser sent for it.
  const entries: string[] = [];
  await page.exposeFunction('__applicationRead', (entry: string) => entries.push(entry));
  await page.addInitScript((address) => {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (new URL(entry.name).pathname !== address) continue;
        (window as unknown as { __applicationRead: (e: string) => void }).__applicationRead(
          (entry as PerformanceResourceTiming).initiatorType,
        );
      }
    }).observe({ type: 'resource', buffered: true });
  }, read);
  const sent: string[] = [];
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === read) sent.push(request.method());
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.reload();
  await expectHeading(page, 'en-US', 'signup.update.title');
  await page.waitForLoadState('networkidle');
  // The browser sends the read once, started by the page's preload, and the engine's fetch is handed that answer.
  expect(sent).toEqual(['GET']);
  await expect.poll(() => entries).toEqual(['link']);
  const html = await (await page.request.get(`${origin('domain')}${path}`)).text();
  expect(html).toContain(`<link rel="preload" as="fetch" crossorigin href="${read}" />`);
  // Every script the screen needed (its definition, the form chunk, its validators) was named by the page itself,
  // so none waited for the entry script to run first.
  const named = [
    ...html.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*(?:src|href)="([^"]+)"/g),
  ].map((match) => match[1]);
  expect(scripts.length).toBeGreaterThan(3);
  expect(scripts.filter((script) => !named.includes(script))).toEqual([]);
});

/**
 * Holds the page's entry script while a hold is on: `hold()` starts one and returns its release. Whatever the page
 * shows meanwhile, the server drew.
 */
async function entryScriptGate(page: Page): Promise<{ hold(): () => void }> {
  let held: Promise<void> | undefined;
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return {
    hold() {
      let release: () => void = () => {};
      held = new Promise<void>((resolve) => (release = resolve));
      return release;
    },
  };
}

/** Records the page's layout shifts from its next load on; returns their running total. */
async function watchLayoutShifts(page: Page): Promise<() => number> {
  const shifts: number[] = [];
  await page.exposeFunction('__layoutShift', (value: number) => shifts.push(value));
  await page.addInitScript(() => {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        (window as unknown as { __layoutShift: (v: number) => void }).__layoutShift(
          (entry as unknown as { value: number }).value,
        );
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => shifts.reduce((sum, value) => sum + value, 0);
}

test("a reload draws the screen's heading before any script has run, and the screen takes over in the same place", async ({
  page,
}) => {
  const persona = {
    market: 'CA',
    locale: 'fr-CA',
    portal: 'domain',
    businessName: 'Boulangerie Première',
    governmentId: '046454286',
  } as const;
  await arrive(page, persona);
  await page.getByRole('button', { name: text('fr-CA', 'signup.landing.submit') }).click();
  await expectHeading(page, 'fr-CA', 'signup.update.title');
  const rendered = await page.locator('h1').boundingBox();

  // The entry script is held: whatever shows now, the server drew (engine/screens/frame-markup.ts).
  const gate = await entryScriptGate(page);
  const shifted = await watchLayoutShifts(page);
  const release = gate.hold();
  await page.reload({ waitUntil: 'commit' });
  const heading = page.getByRole('heading', { level: 1, name: text('fr-CA', 'signup.update.title') });
  await expect(heading).toBeVisible();
  await expect(page.locator('[data-prerender]')).toHaveAttribute('data-locale', 'fr-CA');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(page).toHaveTitle(`${text('fr-CA', 'signup.update.title')} | ${text('fr-CA', 'shell.productName')}`);
  expect(await page.getByText(text('fr-CA', 'signup.update.intro')).isVisible()).toBe(true);
  // The language switch is drawn where the engine's button will be, and nothing of the form is there yet.
  await expect(page.locator('.header__locale')).toHaveText(text('fr-CA', 'shell.locale.en-CA'));
  await expect(page.locator('main form')).toHaveCount(0);
  expect(await heading.boundingBox()).toEqual(rendered);

  release();
  // The engine's screen replaces the drawing: the form is there, the heading where it was, nothing moved.
  await expect(page.getByLabel(new RegExp(`^${text('fr-CA', 'signup.update.firstName.label')}`))).toBeVisible();
  await expect(page.locator('.prerendered')).toHaveCount(0);
  await expect(page.getByRole('button', { name: text('fr-CA', 'shell.locale.en-CA') })).toBeVisible();
  expect(await page.locator('h1').boundingBox()).toEqual(rendered);
  expect(shifted()).toBeLessThan(0.001);
  await expectNoAxeViolations(page);
});

test('the application root is drawn before any script for a newcomer the engine keeps there, and not for one it sends on', async ({
  page,
}) => {
  const persona = {
    market: 'US',
    locale: 'en-US',
    portal: 'domain',
    businessName: 'Corner Shop',
    governmentId: '274815963',
  } as const;
  await arrive(page, persona);
  const rendered = await page.locator('h1').boundingBox();

  // A reload: the engine starts only once the drawn landing is on screen (engine/main.tsx).
  await page.reload();
  await expect(page.getByRole('button', { name: text('en-US', 'signup.landing.submit') })).toBeVisible();
  const order = await page.evaluate(
    (mark) => ({
      painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      started: performance.getEntriesByName(mark)[0]?.startTime,
    }),
    engineStartMark,
  );
  expect(order.painted).toBeGreaterThan(0);
  expect(order.started).toBeGreaterThanOrEqual(order.painted!);

  // While a hold is on, the entry script waits: whatever shows then, the server drew.
  const gate = await entryScriptGate(page);
  const shifted = await watchLayoutShifts(page);

  // No accounts yet: the engine keeps the visitor on the landing (doc1 §2.8), so the server draws its heading.
  let release = gate.hold();
  await page.reload({ waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: text('en-US', 'signup.landing.title') })).toBeVisible();
  await expect(page.locator('[data-prerender]')).toHaveAttribute('data-prerender', 'landing');
  await expect(page).toHaveTitle(`${text('en-US', 'signup.landing.title')} | ${text('en-US', 'shell.productName')}`);
  await expect(page.getByRole('button', { name: text('en-US', 'signup.landing.submit') })).toHaveCount(0);
  expect(await page.locator('h1').boundingBox()).toEqual(rendered);
  release();
  await expect(page.getByRole('button', { name: text('en-US', 'signup.landing.submit') })).toBeVisible();
  await expect(page.locator('.prerendered')).toHaveCount(0);
  expect(await page.locator('h1').boundingBox()).toEqual(rendered);
  expect(shifted()).toBeLessThan(0.001);

  // An application now, at the full level the older form asks for: the engine sends the visitor from the root to the
  // account list (doc1 §2.8), so the root is not drawn (a drawn landing would show, then give way to the list).
  await page.getByRole('button', { name: text('en-US', 'signup.landing.submit') }).click();
  await expectHeading(page, 'en-US', 'signup.update.title');
  release = gate.hold();
  await page.goto(`${origin('domain')}/`, { waitUntil: 'commit' });
  await expect(page.locator('#root')).toBeAttached();
  await expect(page.locator('[data-prerender]')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: text('en-US', 'signup.landing.title') })).toHaveCount(0);
  release();
  await expectHeading(page, 'en-US', 'accounts.list.title');
  await expectNoAxeViolations(page);
});
