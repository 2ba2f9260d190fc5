/** Helpers shared by the journeys: a new user's sign-up through the sandbox sign-on, and axe. */
import axe from 'axe-core';
import { join } from 'node:path';
import { expect, type Page } from './fixtures/transitions.ts';
import { sandboxPassword } from '../../scripts/lib/sign-up.ts';

export { sandboxPassword, signUpThroughApi } from '../../scripts/lib/sign-up.ts';

let counter = 0;
export function newEmail(prefix = 'applicant'): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.com`;
}

/**
 * From any page that sends the visitor to sign-on: create a local account, open the link emailed to confirm it (the
 * sandbox outbox) and come back signed in.
 */
export async function registerFromSignOn(page: Page, email: string, password = sandboxPassword): Promise<void> {
  await expect(page).toHaveURL(/\/sso\/login/);
  await page.locator('a[href*="/sso/register"]').click();
  await expect(page).toHaveURL(/\/sso\/register/);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('#confirmPassword').fill(password);
  await page.locator('form button[type="submit"]').click();
  // Registration never signs in (issue 23): "check your email", then the email's link in the sandbox outbox.
  await expect(page).toHaveURL(/\/sso\/register\/sent/);
  await page.locator('a[href="/sandbox/outbox"]').click();
  await expect(page).toHaveURL(/\/sandbox\/outbox/);
  await page.locator('a[href^="/sso/register/confirm?"]').first().click();
}

/** The WCAG 2.2 AA rule tags every journey's pages are checked against. */
const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe's violations on the page as it is now, each as `rule: targets`. axe-core is put into every frame of the page
 * that lacks it (once per document: the app is a single page, so the journeys' many checks of one document reuse
 * it), then run from the top document, which asks each frame for its part (axe's own frame messaging).
 *
 * A frame axe could not test is a failure too (`frame-tested: <frame>`), never passed over. AxeBuilder
 * (@axe-core/playwright) was used for pages with frames until it failed on a loaded machine: it gives up on a frame
 * whose injection takes over a second, says nothing, and axe then lists the frame only as "incomplete". Here the
 * injection has no time limit, the frames get 15 s to answer axe's ping (against 500 ms), and the frame-tested rule's
 * incomplete results are counted with the violations.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  for (const frame of page.frames()) {
    if (await frame.evaluate(() => 'axe' in window)) continue;
    await frame.evaluate(axe.source);
    // The frames answer whatever their origin: a page made by setContent, and its srcdoc frames, have none.
    await frame.evaluate(() =>
      (window as unknown as { axe: typeof axe }).axe.configure({ allowedOrigins: ['<unsafe_all_origins>'] }),
    );
  }
  return page.evaluate(
    (tags) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(document, {
          runOnly: { type: 'tag', values: tags },
          rules: { 'frame-tested': { enabled: true } },
          resultTypes: ['violations', 'incomplete'],
          pingWaitTime: 15_000,
        })
        .then((results) =>
          [...results.violations, ...results.incomplete.filter((result) => result.id === 'frame-tested')].map(
            (result) => `${result.id}: ${result.nodes.map((node) => node.target.join(' ')).join(', ')}`,
          ),
        ),
    axeTags,
  );
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page)).toEqual([]);
}

/**
 * With a folder named (each spec's own variable: SHOTS_DIR, ACCOUNTS_SHOTS, OWNERS_SCREENSHOTS, EXTRAS_SHOTS), the
 * page as it is now, full length, at phone (390 px) and desktop (1280 px) widths, as `<name>-<width>.png`, for a
 * person to look at; the viewport is put back afterwards. Without one it does nothing (the gallery of every screen
 * is `npm run screenshots`).
 */
export async function photograph(page: Page, folder: string | undefined, name: string): Promise<void> {
  if (!folder) return;
  const size = page.viewportSize();
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ]) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: join(folder, `${name}-${width}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}
