/**
 * Debian's Chromium through Playwright (never a downloaded browser), with the flags NOTES.md gives, and a
 * signed-in sandbox user on the app server for pages that need one.
 */
import { chromium, type Browser } from '@playwright/test';
import { signUpThroughApi } from '../lib/sign-up.ts';

/** Chromium's path (CHROMIUM_PATH overrides). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The launch flags that keep Chromium quiet on a closed network. */
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Launches Chromium. */
export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
}

/** Registers a sandbox user on the app server and returns the session cookie (`name=value`): the journeys' helper. */
export const signUp = signUpThroughApi;

/** Creates an application (empty, or with `body`) and returns its id. */
export async function createApplication(baseUrl: string, cookie: string, body: unknown = {}): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v2/applications`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`bench create failed: ${res.status} ${await res.text()}`);
  return (await res.json()).application.id as string;
}

/** Chromium's version string. */
export async function chromiumVersion(): Promise<string> {
  const browser = await launch();
  try {
    return browser.version();
  } finally {
    await browser.close();
  }
}
