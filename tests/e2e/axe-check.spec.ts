/**
 * The accessibility check the journeys rely on (support.ts axeViolations) finds what axe finds: in a page without
 * frames, after a navigation to a new document, and in a frame, where a frame it cannot test is named.
 */
import { expect, test } from './fixtures/transitions.ts';
import { axeViolations, newEmail, registerFromSignOn } from './support.ts';

const unlabelled =
  '<!doctype html><html lang="en"><head><title>Check</title></head><body><main><h1>Check</h1><input id="name"></main></body></html>';
const labelled =
  '<!doctype html><html lang="en"><head><title>Check</title></head><body><main><h1>Check</h1><label for="name">Name</label><input id="name"></main></body></html>';

test('the check names an unlabelled field, and passes the same page with its label', async ({ page }) => {
  await page.setContent(unlabelled);
  expect(await axeViolations(page)).toEqual([expect.stringMatching(/^label: #name$/)]);
  await page.evaluate(() =>
    document.querySelector('#name')!.insertAdjacentHTML('beforebegin', '<label for="name">Name</label>'),
  );
  expect(await axeViolations(page)).toEqual([]);
});

test('the check runs again in a new document (the app, then a page that fails)', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('h1')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.setContent(labelled.replace('<label for="name">Name</label>', ''));
  expect(await axeViolations(page)).toEqual([expect.stringMatching(/^label: #name$/)]);
});

test('a field in a frame is checked too', async ({ page }) => {
  await page.setContent(
    labelled.replace(
      '</main>',
      `<iframe title="Inner" srcdoc='${unlabelled.replace(/"/g, '&quot;')}'></iframe></main>`,
    ),
  );
  await expect(page.frameLocator('iframe').locator('#name')).toBeVisible();
  expect(await axeViolations(page)).toEqual([expect.stringMatching(/^label: iframe #name$/)]);
});

test('a frame axe cannot test fails the check, never passed over', async ({ page }) => {
  await page.setContent(
    labelled.replace('</main>', `<iframe title="Inner" srcdoc='${labelled.replace(/"/g, '&quot;')}'></iframe></main>`),
  );
  await expect(page.frameLocator('iframe').locator('#name')).toBeVisible();
  // A frame whose axe does not answer (as AxeBuilder left a frame on a loaded machine): after the 15 s wait, named.
  await page.frames()[1]!.evaluate(() => Object.assign(window, { axe: {} }));
  expect(await axeViolations(page)).toEqual([expect.stringMatching(/^frame-tested: iframe$/)]);
});

/**
 * Issue 22 (look and feel): the category picker is one combobox (WAI-ARIA pattern, engine/form/grouped-select.tsx).
 * axe finds nothing wrong with it closed, open with its groups, and with an option active; the page's shell (footer,
 * sign-out) is checked with it.
 */
test('the category combobox, closed, open and with an active option, has no accessibility violations', async ({
  page,
}) => {
  await page.goto('/');
  await registerFromSignOn(page, newEmail('axe'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const created = await page.request.post('/api/v2/applications', {
    headers: {
      'content-type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'Idempotency-Key': crypto.randomUUID(),
    },
    data: { company: { name: 'Jane Doe Bakery LLC' } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).application.id as string;
  await page.goto(`/${id}/applicant/category`);
  const box = page.getByRole('combobox', { name: /Business category/ });
  await expect(box).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await box.focus();
  await page.keyboard.type('bake');
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', /option/);
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Enter');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  expect(await axeViolations(page)).toEqual([]);
});
