/**
 * Issue 22: the header at phone width. At 390 px it wrapped to three lines (the brand, then the country link, the
 * language switch and sign out, then what did not fit), worst in French. It now takes two tidy lines at most in every
 * locale, signed out and signed in, on the landing page and on a form step, with nothing wider than the page; every
 * control keeps its words as its accessible name and is reached with the Tab key. At desktop width it is one line.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/transitions.ts';
import { arrive, expectHeading, origin, text, type Persona } from './journey.ts';

const personas: Persona[] = [
  { market: 'US', locale: 'en-US', portal: 'domain', businessName: '', governmentId: '' },
  { market: 'CA', locale: 'en-CA', portal: 'terminal', businessName: '', governmentId: '' },
  { market: 'CA', locale: 'fr-CA', portal: 'terminal', businessName: '', governmentId: '' },
];

/** The header's controls (links and buttons) as drawn: each one's name, and the lines they are laid out on. */
async function headerLayout(page: Page): Promise<{ names: string[]; lines: number; overflow: boolean }> {
  return page.getByRole('banner').evaluate((header) => {
    const controls = [...header.querySelectorAll<HTMLElement>('a, button')].filter(
      (element) => element.getClientRects().length > 0,
    );
    const boxes = controls.map((element) => element.getBoundingClientRect()).sort((a, b) => a.top - b.top);
    // A control starts a new line when it begins below the bottom of every control of the line before.
    let lines = 0;
    let bottom = -Infinity;
    for (const box of boxes) {
      if (box.top >= bottom) {
        lines += 1;
        bottom = box.bottom;
      } else bottom = Math.max(bottom, box.bottom);
    }
    return {
      // A control's words as a screen reader has them: what is aria-hidden (a phone's short label) left out.
      names: controls.map((element) => {
        const copy = element.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
        return copy.textContent?.trim() ?? '';
      }),
      lines,
      overflow: header.scrollWidth > header.clientWidth,
    };
  });
}

/** Tab from the skip link at the top of the page: the header's controls that take the focus, in order. */
async function tabbedThrough(page: Page, count: number): Promise<string[]> {
  await page.locator('.skip-link').focus();
  const reached: string[] = [];
  for (let step = 0; step < count; step += 1) {
    await page.keyboard.press('Tab');
    reached.push(
      await page.evaluate(() => {
        const focused = document.activeElement;
        if (!focused?.closest('header')) return '';
        const copy = focused.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
        return copy.textContent?.trim() ?? '';
      }),
    );
  }
  return reached;
}

async function expectTidyHeader(page: Page, names: string[]): Promise<void> {
  const banner = page.getByRole('banner');
  // Every control expected is drawn (the engine's, not the first paint's labels) before the lines are counted.
  for (const name of names) {
    await expect(
      banner.getByRole('link', { name, exact: true }).or(banner.getByRole('button', { name, exact: true })),
    ).toBeVisible();
  }
  const layout = await headerLayout(page);
  for (const name of names) expect(layout.names).toContain(name);
  const wide = page.viewportSize()!.width >= 1000;
  expect(layout.lines, `${layout.names.join(' | ')} on ${layout.lines} lines`).toBeLessThanOrEqual(wide ? 1 : 2);
  expect(layout.overflow).toBe(false);
  for (const name of layout.names) {
    expect(name).not.toBe('');
    // The words drawn are the control's accessible name, as a link or a button.
    await expect(
      banner.getByRole('link', { name, exact: true }).or(banner.getByRole('button', { name, exact: true })),
    ).toHaveCount(1);
  }
  expect(await tabbedThrough(page, layout.names.length)).toEqual(layout.names);
}

for (const persona of personas) {
  const { locale } = persona;
  const others =
    persona.market === 'CA' ? [text(locale, locale === 'fr-CA' ? 'shell.locale.en-CA' : 'shell.locale.fr-CA')] : [];

  test(`the header signed out: at most two lines at phone width, one at desktop (${locale})`, async ({ browser }) => {
    const url = origin(persona.portal);
    const context = await browser.newContext({ viewport: test.info().project.use.viewport ?? undefined });
    await context.addCookies([
      { name: 'currency', value: persona.market === 'CA' ? 'CAD' : 'USD', url },
      { name: 'locale', value: locale, url },
    ]);
    const page = await context.newPage();
    // The privacy notice is a page a visitor reads without signing in.
    await page.goto(`${url}/privacy`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: text(locale, 'shell.signOut') })).toHaveCount(0);
    await expectTidyHeader(page, [text(locale, 'shell.productName'), text(locale, 'shell.chooseCountry'), ...others]);
    await context.close();
  });

  test(`the header signed in, on the landing page and on a form step (${locale})`, async ({ page }) => {
    await arrive(page, persona);
    const names = [
      text(locale, 'shell.productName'),
      text(locale, 'shell.chooseCountry'),
      ...others,
      text(locale, 'shell.signOut'),
    ];
    await expectTidyHeader(page, names);
    await page.getByRole('button', { name: text(locale, 'signup.landing.fees') }).click();
    await expectHeading(page, locale, 'signup.getStarted.title');
    await page.getByRole('button', { name: text(locale, 'signup.getStarted.submit') }).click();
    await expectHeading(page, locale, 'signup.update.title');
    await expectTidyHeader(page, names);
  });
}
