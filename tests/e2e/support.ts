/** Helpers shared by the journeys: a new user's sign-up through the sandbox sign-on, and axe. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from './fixtures/transitions.ts';
import { sandboxPassword } from './sign-up.ts';

export { sandboxPassword, signUpThroughApi } from './sign-up.ts';

let counter = 0;
export function newEmail(prefix = 'applicant'): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.com`;
}

/** From any page that sends the visitor to sign-on: create a local account and come back signed in. */
export async function registerFromSignOn(page: Page, email: string, password = sandboxPassword): Promise<void> {
  await expect(page).toHaveURL(/\/sso\/login/);
  await page.locator('a[href*="/sso/register"]').click();
  await expect(page).toHaveURL(/\/sso\/register/);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('#confirmPassword').fill(password);
  await page.locator('form button[type="submit"]').click();
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
