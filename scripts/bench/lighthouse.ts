/**
 * Lighthouse 13 (mobile, its default emulation and simulated throttling) on Debian's Chromium: performance and
 * accessibility scores, FCP, LCP and TBT, median of `runs` runs per page. The session cookie is put in the browser's
 * cookie jar before each run, so signed-in screens are audited as an applicant sees them. (Lighthouse's
 * `extraHeaders` Cookie reached the page and its preloads but not the app's own fetch() reads, which answered 401:
 * the applicant and category audits measured the sign-on page the app then redirected to.) Each run checks that
 * the page it audited is the one asked for.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { chromiumFlags, chromiumPath } from './browser.ts';
import { median } from './stats.ts';

/** The medians for one page. */
export interface LighthouseResult {
  runs: number;
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** Accessibility audits that failed in any run. */
  failedAudits: string[];
}

/** Puts the session cookie (`name=value`) for `url`'s origin into the cookie jar of the Chromium on `port`. */
async function addSessionCookie(port: number, url: string, cookie: string): Promise<void> {
  const separator = cookie.indexOf('=');
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    await browser.contexts()[0].addCookies([
      {
        name: cookie.slice(0, separator),
        value: cookie.slice(separator + 1),
        url: new URL(url).origin,
        httpOnly: true,
        sameSite: 'Lax',
      },
    ]);
  } finally {
    await browser.close(); // disconnects; the browser itself stays for Lighthouse
  }
}

/** Audits `url` `runs` times and returns the medians; `cookie` undefined for a page that needs none (a reference). */
export async function audit(url: string, cookie: string | undefined, runs: number): Promise<LighthouseResult> {
  const samples: Array<{ performance: number; accessibility: number; fcp: number; lcp: number; tbt: number }> = [];
  const failed = new Set<string>();
  let attempts = 0;
  // A run that fails to record (NO_NAVSTART and the like, common on a busy machine) is retried, twice per run.
  for (let i = 0; i < runs; i += 1) {
    attempts += 1;
    const userDataDir = mkdtempSync(join(tmpdir(), 'bench-lh-'));
    const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags, userDataDir });
    try {
      if (cookie) await addSessionCookie(chrome.port, url, cookie);
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      if (!result) throw new Error(`lighthouse gave no result for ${url}`);
      const { lhr } = result;
      if (lhr.runtimeError) {
        if (attempts < runs * 3) {
          i -= 1;
          continue;
        }
        throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
      }
      // A signed-in screen that sends the browser elsewhere (the sign-on page) would be measured as that page.
      if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
        throw new Error(`lighthouse: ${url} ended on ${lhr.finalDisplayedUrl}`);
      // BENCH_LIGHTHOUSE_DIR keeps each run's full report (long tasks, the main thread's work by script) to look into.
      const keep = process.env.BENCH_LIGHTHOUSE_DIR;
      if (keep) {
        mkdirSync(keep, { recursive: true });
        const name = cookie ? (new URL(url).pathname.split('/').filter(Boolean).pop() ?? 'landing') : 'reference';
        writeFileSync(join(keep, `${name}-${i + 1}.json`), JSON.stringify(lhr));
      }
      const audits = lhr.audits;
      samples.push({
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
        fcp: audits['first-contentful-paint'].numericValue ?? Number.NaN,
        lcp: audits['largest-contentful-paint'].numericValue ?? Number.NaN,
        tbt: audits['total-blocking-time'].numericValue ?? Number.NaN,
      });
      for (const ref of lhr.categories.accessibility.auditRefs) {
        const a = audits[ref.id];
        if (ref.weight > 0 && a.score !== null && a.score < 1) failed.add(ref.id);
      }
    } finally {
      await chrome.kill();
      rmSync(userDataDir, { recursive: true, force: true });
    }
  }
  return {
    runs,
    performance: median(samples.map((s) => s.performance)),
    accessibility: median(samples.map((s) => s.accessibility)),
    fcpMs: median(samples.map((s) => s.fcp)),
    lcpMs: median(samples.map((s) => s.lcp)),
    tbtMs: median(samples.map((s) => s.tbt)),
    failedAudits: [...failed].sort(),
  };
}
