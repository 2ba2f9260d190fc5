/**
 * Issue 22.10 "Where am I?": the progress bar said "Step 4 of 5" and step 5 never came. The indicator counts the
 * steps this applicant will really see: a walk of the flow from its start with the current answers
 * (engine/flow/progress.ts), on the full content and on the browser's outlines alike.
 */
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../../scripts/content/load.ts';
import { outlined } from '../../../scripts/vite/content-plugin.ts';
import { deriveContext } from '../../../engine/app/shell-rules.ts';
import { progressOf, progressWalk } from '../../../engine/flow/progress.ts';
import { returnTarget } from '../../../engine/flow/runner.ts';
import type { ContentBundle } from '../../../engine/content/types.ts';

const full = loadContent(process.cwd()) as unknown as ContentBundle;
const outlines = outlined(full as unknown as Record<string, unknown>) as unknown as ContentBundle;

function contextOf(portal: string, company: Record<string, unknown> = {}) {
  return deriveContext(
    full.shell,
    {
      environment: { portal, currency: 'USD', market: 'US' },
      flags: {},
      application: { id: 'urn:app:aaaa:bbbb:cccc:dddd:eeee', intent: 'CREATE_BUSINESS' },
      applicant: {},
      company,
      route: { applicationId: 'urn:app:aaaa:bbbb:cccc:dddd:eeee' },
    },
    full.tables,
  );
}

describe('the progress indicator counts the steps this applicant will see', () => {
  for (const [name, content] of [
    ['full content', full],
    ['browser outlines', outlines],
  ] as const) {
    it(`${name}: a sole proprietor on the domain portal sees five steps, and the last one comes`, () => {
      const context = contextOf('domain', { governmentIdentification: { type: 'INDIVIDUAL' } });
      const walk = progressWalk('signup', context, content);
      expect(walk).toEqual(['update', 'business-details', 'category', 'identity', 'review']);
      walk.forEach((id, index) =>
        expect(progressOf(content.screens[id], context, content)).toEqual({ step: index + 1, steps: 5 }),
      );
    });

    it(`${name}: a registered business gives its number on a step of its own: six steps`, () => {
      const context = contextOf('domain', { governmentIdentification: { type: 'BUSINESS' } });
      expect(progressWalk('signup', context, content)).toEqual([
        'update',
        'business-details',
        'business-id',
        'category',
        'identity',
        'review',
      ]);
      expect(progressOf(content.screens.identity, context, content)).toEqual({ step: 5, steps: 6 });
    });

    it(`${name}: the new form on the reseller portal starts with the applicant's details`, () => {
      const context = contextOf('reseller');
      expect(progressWalk('signup', context, content)[0]).toBe('applicant-info');
      expect(progressOf(content.screens['applicant-info'], context, content)).toEqual({ step: 1, steps: 5 });
    });
  }
});

describe('a change made from the review comes back to it (issue 22.8)', () => {
  it('back to the review once saved, unless the change adds a step, which comes first', () => {
    const before = contextOf('domain', { governmentIdentification: { type: 'INDIVIDUAL' } });
    expect(returnTarget('review', before, before, outlines)).toBe('/urn:app:aaaa:bbbb:cccc:dddd:eeee/review');
    const after = contextOf('domain', { governmentIdentification: { type: 'BUSINESS' } });
    expect(returnTarget('review', before, after, outlines)).toBe(
      '/urn:app:aaaa:bbbb:cccc:dddd:eeee/ein?returnTo=review',
    );
    expect(returnTarget('success', before, before, outlines)).toBeUndefined();
    expect(returnTarget(undefined, before, before, outlines)).toBeUndefined();
  });
});
