/**
 * The category screen's prediction (doc2 §7 categories/predict, doc2 §9 4000 ms timeout): the industries the API
 * ranks for the business name and doing-business-as come first, in their own group, in the answer's order, and as
 * buttons above the list; a
 * predicted restricted industry still warns; a failed or slow prediction leaves the full list, and nothing blocks.
 */
import { readFileSync } from 'node:fs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationId, fakeApi, renderScreen, type Answer } from './render-screen.tsx';

const categories = JSON.parse(readFileSync('rules/categories.json', 'utf8')) as { groups: unknown[] };
const config = JSON.parse(readFileSync('rules/config.json', 'utf8')) as {
  constants: { categoryPredictionTimeoutMs: number; categorySearchDebounceMs: number };
};
const stored = {
  application: { id: applicationId },
  company: { name: 'Jane Doe Bakery LLC', dba: 'Racetrack Treats' },
};

function api(predict: () => Answer | Promise<Answer>) {
  const answers = fakeApi(stored, (method, url) => {
    if (url.startsWith('/api/v2/categories')) return { status: 200, body: { groups: categories.groups } };
    return undefined;
  });
  const inner = globalThis.fetch;
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    if (String(url).startsWith('/api/v2/categories/predict')) {
      answers.calls.push({ method: 'GET', url: String(url), body: undefined });
      const chosen = await predict();
      if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
      return new Response(JSON.stringify(chosen.body ?? {}), {
        status: chosen.status,
        headers: { 'content-type': 'application/json' },
      });
    }
    return inner(url, init);
  }) as typeof fetch;
  return answers;
}

/** The suggestion buttons' group (the list's first group has the same name). */
const chips = () =>
  screen
    .queryAllByRole('group', { name: 'Suggested for your business' })
    .find((group) => group.classList.contains('grouped-select__suggestions')) ?? null;

/** The category combobox, its list (shown or not), the list's groups and the labels of a group's options. */
const findBox = () => screen.findByRole('combobox', { name: /Business category/ });
const listOf = (box: HTMLElement) => document.getElementById(box.getAttribute('aria-controls')!)!;
const groupsOf = (box: HTMLElement) => [...listOf(box).querySelectorAll<HTMLElement>('[role="group"]')];
const labelsIn = (group: Element) => [...group.querySelectorAll('[role="option"]')].map((option) => option.textContent);

/** Opens the list and presses the option labelled `label`. */
async function choose(user: ReturnType<typeof userEvent.setup>, box: HTMLElement, label: string) {
  await user.click(box);
  const option = [...listOf(box).querySelectorAll<HTMLElement>('[role="option"]')].find(
    (candidate) => candidate.textContent === label,
  )!;
  await user.click(option);
}

const ranked = {
  top10LabelMlType: [
    { id: 18, score: 4 },
    { id: 300, score: 2 },
    { id: 5, score: 2 },
    { id: 99999, score: 1 },
  ],
};

describe('category prediction', () => {
  it('asks with the business name and dba, and offers the ranked industries first, in order', async () => {
    const calls = api(() => ({ status: 200, body: ranked }));
    await renderScreen(`/${applicationId}/applicant/category`);
    const box = await findBox();
    const group = await waitFor(() => {
      const first = groupsOf(box)[0];
      expect(first?.getAttribute('aria-label')).toBe('Suggested for your business');
      return first!;
    });
    // An id the list does not know (99999) is dropped; the others keep the answer's order.
    expect(labelsIn(group)).toEqual(['Bakery', 'Horse or dog racing', 'Donut shop']);
    const predict = calls.calls.find((call) => call.url.startsWith('/api/v2/categories/predict'))!;
    expect(new URL(predict.url, 'http://x').searchParams.get('inputs')).toBe('Jane Doe Bakery LLC Racetrack Treats');
    // The full list is still there after the suggestions.
    expect(groupsOf(box).length).toBeGreaterThan(20);
  });

  it('a predicted restricted industry still shows its warning, and the chosen id is sent', async () => {
    const calls = api(() => ({ status: 200, body: ranked }));
    await renderScreen(`/${applicationId}/applicant/category`);
    const box = await findBox();
    await waitFor(() => expect(groupsOf(box)[0]?.getAttribute('aria-label')).toBe('Suggested for your business'));
    const user = userEvent.setup();
    // The suggestions also show as buttons above the list; one press chooses one.
    const buttons = within(chips()!).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Bakery', 'Horse or dog racing', 'Donut shop']);
    await user.click(buttons[1]!);
    expect(buttons[1]).toHaveAttribute('aria-pressed', 'true');
    expect(box).toHaveValue('Horse or dog racing');
    // doc2 §9: a PROHIBITED industry goes to manual review (a warning); a SUPER_PROHIBITED one is refused (an error).
    expect(await screen.findByText(/manual review/i)).toHaveClass('notice--warning');
    await choose(user, box, 'Escort service');
    expect(await screen.findByText(/unable to process payments/i)).toHaveClass('notice--error');
    await choose(user, box, 'Horse or dog racing');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(calls.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(
      (calls.calls.find((call) => call.method === 'PUT')!.body as { company: { mccDetails: { industryId: number } } })
        .company.mccDetails.industryId,
    ).toBe(300);
  });

  it('searching hides the suggestion buttons and filters the suggested group like the others', async () => {
    api(() => ({ status: 200, body: ranked }));
    await renderScreen(`/${applicationId}/applicant/category`);
    const box = await findBox();
    await waitFor(() => expect(chips()).not.toBeNull());
    const user = userEvent.setup();
    await user.type(box, 'donut');
    expect(chips()).toBeNull();
    await waitFor(() => expect(labelsIn(groupsOf(box)[0]!)).toEqual(['Donut shop']), {
      timeout: config.constants.categorySearchDebounceMs + 2000,
    });
    expect(groupsOf(box)[0]!.getAttribute('aria-label')).toBe('Suggested for your business');
  });

  // doc2 §9: 'Category search debounce 650 ms (default 500)': the list filters once typing has paused that long.
  it(`filters the list only after rules/config.json's ${config.constants.categorySearchDebounceMs} ms pause in typing`, async () => {
    expect(config.constants.categorySearchDebounceMs).toBe(650);
    api(() => ({ status: 503, body: {} }));
    await renderScreen(`/${applicationId}/applicant/category`);
    const box = await findBox();
    await waitFor(() => expect(groupsOf(box).length).toBe(categories.groups.length));
    const user = userEvent.setup();
    const typed = Date.now();
    await user.type(box, 'donut');
    expect(groupsOf(box).length).toBe(categories.groups.length);
    await waitFor(() => expect(groupsOf(box).length).toBeLessThan(categories.groups.length), {
      timeout: 3000,
    });
    expect(Date.now() - typed).toBeGreaterThanOrEqual(config.constants.categorySearchDebounceMs);
  });

  it('a failed prediction shows the plain list, without a suggestions group', async () => {
    api(() => ({ status: 503, body: {} }));
    await renderScreen(`/${applicationId}/applicant/category`);
    const box = await findBox();
    await waitFor(() => expect(groupsOf(box).length).toBe(categories.groups.length));
    expect(groupsOf(box).map((g) => g.getAttribute('aria-label'))).not.toContain('Suggested for your business');
    expect(chips()).toBeNull();
  });

  it(`gives up after rules/config.json's ${config.constants.categoryPredictionTimeoutMs} ms and keeps the plain list`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let release: () => void = () => {};
      api(() => new Promise<Answer>((resolve) => (release = () => resolve({ status: 200, body: ranked }))));
      await renderScreen(`/${applicationId}/applicant/category`);
      const box = await findBox();
      await vi.advanceTimersByTimeAsync(config.constants.categoryPredictionTimeoutMs + 10);
      release(); // the answer arrives after the budget: it is not used
      await vi.advanceTimersByTimeAsync(50);
      expect(groupsOf(box).map((g) => g.getAttribute('aria-label'))).not.toContain('Suggested for your business');
    } finally {
      vi.useRealTimers();
    }
  });
});
