/** Helpers shared by the journeys: a new user's sign-up through the sandbox sign-on, and axe. */
import AxeBuilder from '@axe-core/playwright';
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
 * axe's violations on the page as it is now, each as `rule: targets`. A page without frames is checked by axe-core
 * in the page itself, injected once per document: the app is a single page, so the journeys' many checks of one
 * document reuse it. AxeBuilder injects axe into every frame and into a second blank page for each check (about
 * 300 ms a check here against 20 ms), so it is kept for the case it exists for: a page with frames.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  type Violation = { id: string; nodes: Array<{ target: unknown[] }> };
  let violations: Violation[];
  if (page.frames().length > 1) {
    violations = (await new AxeBuilder({ page }).withTags(axeTags).analyze()).violations;
  } else {
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
    violations = await page.evaluate(
      (tags) =>
        (window as unknown as { axe: typeof axe }).axe
          .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
          .then((results) =>
            results.violations.map((v) => ({
              id: v.id,
              nodes: v.nodes.map((n) => ({ target: n.target as unknown[] })),
            })),
          ),
      axeTags,
    );
  }
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
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
