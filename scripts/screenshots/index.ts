/**
 * `npm run screenshots`: builds the app (or uses DIST_DIR), starts it on a fresh embedded database (port 4406,
 * SCREENSHOTS_PORT overrides), and photographs every screen of the content bundle in every locale of every
 * market at 390 px and 1280 px wide: each form empty and after an empty submit (its error summary), and each
 * screen whose variants read the application in every decision state. Writes PNGs and a browsable index.html
 * to reports/screenshots/ (SCREENSHOTS_DIR overrides). Not part of `npm test`. A full run takes long (about
 * 40 minutes on two cores); `--screens=`, `--locales=`, `--widths=` and `--states=` narrow it (comma-separated).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { variablesOf } from '../../engine/conditions/index.ts';
import type { Screen } from '../../engine/content/types.ts';
import { createApplication, launch, signUp } from '../bench/browser.ts';
import { startApp } from '../bench/servers.ts';
import { loadContent } from '../content/load.ts';
import { galleryHtml, type Shot } from './gallery.ts';
import { statesFor } from './states.ts';

const root = join(import.meta.dirname, '../..');
const out = process.env.SCREENSHOTS_DIR ?? join(root, 'reports/screenshots');
const port = Number(process.env.SCREENSHOTS_PORT ?? 4406);

/** The comma-separated values of `--name=a,b` on the command line, or undefined when the option is absent. */
function option(name: string): string[] | undefined {
  const prefix = `--${name}=`;
  return process.argv
    .find((a) => a.startsWith(prefix))
    ?.slice(prefix.length)
    .split(',')
    .filter(Boolean);
}

// A narrower run: --screens=a,b (screen ids), --locales=fr-CA (markets without such a locale are skipped),
// --widths=390 (any widths in px; 390 and 1280 by default), --states=new,DECLINED (application states).
const onlyScreens = option('screens');
const onlyLocales = option('locales');
const onlyStates = option('states');
const widths = option('widths')?.map(Number) ?? [390, 1280];
const narrowed = process.argv.filter((a) => /^--(screens|locales|widths|states)=/.test(a)).join(' ');
if (widths.some((w) => !Number.isInteger(w) || w <= 0))
  throw new Error('--widths takes whole pixel widths, e.g. 390,1280');

/** Whether a screen's variants read the application document (so it looks different per state). */
function readsApplication(screen: Screen): boolean {
  return (screen.variants ?? []).some((v) =>
    variablesOf(v.when).some((name) => /^(application|applicant|company|owners|bank|order)\./.test(name)),
  );
}

async function show(page: Page, url: string): Promise<string | undefined> {
  await page.goto(url);
  try {
    await page.locator('h1').first().waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle', { timeout: 10_000 });
  } catch {
    return 'no heading appeared within 15 s';
  }
  // The server draws the heading before any script runs (engine/app/prerender.ts): the screen is there once the
  // engine has replaced that first paint and no page loader shows (on a busy machine the shot was of the heading alone).
  try {
    await page.waitForFunction(() => !document.querySelector('.prerendered, .page-loader'), undefined, {
      timeout: 15_000,
    });
    return undefined;
  } catch {
    return 'the engine had not drawn the screen within 15 s (the server’s first paint or a loader is shown)';
  }
}

async function photograph(
  context: BrowserContext,
  url: string,
  base: string,
  submit: boolean,
): Promise<Array<{ file: string; note?: string; suffix: string }>> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const shots: Array<{ file: string; note?: string; suffix: string }> = [];
  const note = await show(page, url);
  await page.screenshot({ path: join(out, `${base}.png`), fullPage: true });
  shots.push({ file: `${base}.png`, note: [note, ...errors].filter(Boolean).join('; ') || undefined, suffix: '' });
  if (submit && !note) {
    const button = page.locator('main form button[type="submit"]').first();
    if (await button.count()) {
      await button.click();
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(out, `${base}-errors.png`), fullPage: true });
      shots.push({ file: `${base}-errors.png`, suffix: ' + empty submit' });
    }
  }
  await page.close();
  return shots;
}

async function main(): Promise<void> {
  const started = new Date().toISOString();
  const work = mkdtempSync(join(tmpdir(), 'screenshots-'));
  let dist = process.env.DIST_DIR;
  if (!dist) {
    dist = join(work, 'dist');
    const build = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) throw new Error('build failed');
  }
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const bundle = loadContent(root);
  const config = JSON.parse(readFileSync(join(root, 'rules/config.json'), 'utf8')) as {
    markets: Record<string, { currency: string; locales: string[] }>;
  };
  const app = await startApp(dist, { dataDir: join(work, 'pglite') }, port);
  const browser = await launch();
  const shots: Shot[] = [];
  const skipped = new Set<string>();
  try {
    for (const [market, { currency, locales: all }] of Object.entries(config.markets)) {
      const locales = all.filter((l) => !onlyLocales || onlyLocales.includes(l));
      for (const locale of locales) {
        const cookie = await signUp(app.url, `gallery.${market}.${locale}.${Date.now()}@example.com`.toLowerCase());
        const [name, value] = cookie.split('=');
        // One application per state, onboarded where the state needs a decision.
        const states: Record<string, string> = {};
        for (const state of statesFor(market, currency).filter((s) => !onlyStates || onlyStates.includes(s.name))) {
          const id = await createApplication(app.url, cookie, state.body);
          if (state.onboard) {
            const res = await fetch(`${app.url}/api/v2/applications/${id}/onboard`, {
              method: 'POST',
              headers: { cookie, 'x-requested-with': 'XMLHttpRequest' },
            });
            if (!res.ok) console.warn(`screenshots: onboarding ${state.name} in ${market} answered ${res.status}`);
          }
          states[state.name] = id;
        }
        for (const width of widths) {
          const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 }, locale });
          await context.addCookies([
            { name, value, url: app.url },
            { name: 'locale', value: locale, url: app.url },
            { name: 'currency', value: currency, url: app.url },
          ]);
          for (const [id, screen] of Object.entries(bundle.screens)) {
            if (onlyScreens && !onlyScreens.includes(id)) continue;
            const params = [...screen.path.matchAll(/:(\w+)/g)].map((m) => m[1]).filter((p) => p !== 'applicationId');
            if (params.length) {
              skipped.add(`${id} (:${params.join(', :')})`);
              continue;
            }
            const wanted = (readsApplication(screen) ? Object.keys(states) : ['new']).filter((s) => s in states);
            for (const state of wanted) {
              const path = screen.path.replace(':applicationId', states[state]);
              const base = `${id}--${state}--${locale}--${width}`.replace(/[^\w.-]+/g, '_');
              for (const shot of await photograph(
                context,
                `${app.url}${path}`,
                base,
                Boolean(screen.form) && state === 'new',
              )) {
                shots.push({
                  screen: id,
                  state: `${state}${shot.suffix}`,
                  locale,
                  width,
                  file: shot.file,
                  note: shot.note,
                });
              }
            }
          }
          await context.close();
          // The index is rewritten after each locale and width, so an interrupted run still leaves a gallery.
          writeFileSync(join(out, 'index.html'), galleryHtml(shots, { started, skipped: [...skipped], narrowed }));
          console.log(`screenshots: ${market} ${locale} ${width} px done (${shots.length} so far)`);
        }
      }
    }
  } finally {
    await browser.close();
    await app.stop();
    rmSync(work, { recursive: true, force: true });
  }
  writeFileSync(join(out, 'index.html'), galleryHtml(shots, { started, skipped: [...skipped], narrowed }));
  const problems = shots.filter((s) => s.note);
  console.log(
    `screenshots: ${shots.length} images in ${join(out, 'index.html')}${problems.length ? `; ${problems.length} with notes (see the gallery)` : ''}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
