/**
 * Interaction timings in Chromium, measured the same way on the app and both references, each two ways:
 * `work` ends when the page's own handlers have run and the new DOM is laid out (style and layout forced right
 * after); `painted` ends in a task after the next frame (requestAnimationFrame, then a message-channel task), so
 * it also holds the wait for the display's next frame (up to 16.7 ms at 60 Hz) that no code can remove.
 * - keystroke: from the key event's timestamp, for each character typed into the form's first text field
 *   (input, live validation if the form does it, re-render);
 * - first validation: from the submit button's click to the error summary, on a freshly loaded empty form (so
 *   every sample is a first validation, including rendering the errors); and, on the same submit, the validation
 *   alone: the User Timing measure `onboarding:validation` that the app and both references record around their
 *   validation call (the app's SplitSubmitForm, the hand-written form's `validate`, rjsf's `Form.validate`).
 */
import type { BrowserContext, Page } from '@playwright/test';
import { median, percentile } from './stats.ts';
import { validationMeasure } from '../../engine/form/validation-measure.ts';

/**
 * Samples in milliseconds with their summary: `median`/`p90` of the work, `paintedMedian` to the next frame, and
 * for a validation `validatorMedian`/`validatorP90`, the validation call alone.
 */
export interface Timing {
  samples: number;
  median: number;
  p90: number;
  paintedMedian: number;
  validatorMedian?: number;
  validatorP90?: number;
}

function summarise(work: number[], painted: number[]): Timing {
  return { samples: work.length, median: median(work), p90: percentile(work, 90), paintedMedian: median(painted) };
}

// Inside `main`: the header's sign-out is a form of its own (a submit button), which the first-validation click would
// otherwise press, signing the bench out.
const firstTextInput = 'main form input[type="text"]:visible, main form input:not([type]):visible';

async function open(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  await page.locator(firstTextInput).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  return page;
}

/** Median time from keydown to the next painted frame over `count` keystrokes. */
export async function keystroke(context: BrowserContext, url: string, count: number): Promise<Timing> {
  const page = await open(context, url);
  await page.evaluate(() => {
    const w = window as unknown as { __work: number[]; __painted: number[]; __start: number };
    w.__work = [];
    w.__painted = [];
    document.addEventListener(
      'keydown',
      (event) => {
        const start = event.timeStamp;
        w.__start = start;
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => w.__painted.push(performance.now() - start);
          channel.port2.postMessage(0);
        });
      },
      true,
    );
    // Bubble phase on the document: after React's root listener has run (and rendered, for discrete events).
    document.addEventListener('input', () => {
      void document.body.offsetHeight;
      w.__work.push(performance.now() - w.__start);
    });
  });
  const input = page.locator(firstTextInput).first();
  await input.click();
  const text = 'Acme Bakery and Coffee Roasters of Springfield Main Street';
  for (let i = 0; i < count; i += 1) {
    if (i > 0 && i % text.length === 0) await input.fill('');
    await page.keyboard.press(text[i % text.length] === ' ' ? 'Space' : text[i % text.length]);
    await page.waitForTimeout(40);
  }
  await page.waitForTimeout(200);
  const { work, painted } = await page.evaluate(() => {
    const w = window as unknown as { __work: number[]; __painted: number[] };
    return { work: w.__work, painted: w.__painted };
  });
  await page.close();
  return summarise(work.slice(3), painted.slice(3));
}

/** Median time from clicking submit on an empty, freshly loaded form to the painted error summary. */
export async function firstValidation(
  context: BrowserContext,
  url: string,
  summary: string,
  count: number,
): Promise<Timing> {
  const work: number[] = [];
  const painted: number[] = [];
  const validator: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const page = await open(context, url);
    await page.evaluate((selector) => {
      const w = window as unknown as { __validation?: number; __validationWork?: number };
      let start = 0;
      document.addEventListener('click', (event) => (start = event.timeStamp), true);
      const observer = new MutationObserver(() => {
        if (!start || !document.querySelector(selector)) return;
        observer.disconnect();
        void document.body.offsetHeight;
        w.__validationWork = performance.now() - start;
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => (w.__validation = performance.now() - start);
          channel.port2.postMessage(0);
        });
      });
      observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    }, summary);
    await page.locator('main form button[type="submit"]').first().click();
    await page.waitForFunction(
      () => (window as unknown as { __validation?: number }).__validation !== undefined,
      undefined,
      { timeout: 10_000 },
    );
    const measured = await page.evaluate((name) => {
      const w = window as unknown as { __validation: number; __validationWork: number };
      return [
        w.__validationWork,
        w.__validation,
        performance.getEntriesByName(name, 'measure')[0]?.duration ?? Number.NaN,
      ];
    }, validationMeasure);
    work.push(measured[0]);
    painted.push(measured[1]);
    // A page that records no measure fails the run rather than report a validation it did not time.
    if (!Number.isFinite(measured[2]))
      throw new Error(`${url}: no ${validationMeasure} measure after a refused submit`);
    validator.push(measured[2]);
    await page.close();
  }
  return { ...summarise(work, painted), validatorMedian: median(validator), validatorP90: percentile(validator, 90) };
}
