/**
 * Focus moves to the new heading on every step (WCAG 2.4.3): also when the next step is the same screen at the
 * same path with a new query string (e.g. /verifying?step-up=...), where nothing but the address changes.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationId, bundle, fakeApi, renderScreen } from './render-screen.tsx';
import type { ContentBundle, Screen } from '../../engine/content/types.ts';

/** One screen, two steps told apart by the query: part 1 goes on to the same path with ?part=2. */
const steps: Screen = {
  id: 'test-steps',
  flow: 'signup',
  path: '/:applicationId/test-steps',
  kind: 'message',
  messages: 'signup.landing',
  load: ['getApplication'],
  next: [{ to: 'test-steps', query: { part: '2' } }],
  variants: [
    {
      when: { '==': [{ var: 'query.part' }, '2'] },
      merge: { messages: 'signup.approved', next: null, final: true },
    },
  ],
} as Screen;

function withSteps(): ContentBundle {
  const copy = structuredClone(bundle) as ContentBundle;
  copy.screens[steps.id] = steps;
  return copy;
}

describe('focus on each step', () => {
  it('a step to the same path with a new query moves focus to the new heading', async () => {
    fakeApi({ application: { id: applicationId } });
    const { container } = await renderScreen(`/${applicationId}/test-steps`, { bundle: withSteps() });
    const first = await screen.findByRole('heading', { level: 1, name: 'Get paid your way' });
    await waitFor(() => expect(first).toHaveFocus());
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Get started' }));
    const second = await screen.findByRole('heading', { level: 1, name: 'You’re approved!' });
    // The same screen stayed mounted: the heading element is the one that had focus before, now it has it again.
    await waitFor(() => expect(second).toHaveFocus());
    expect(container.querySelectorAll('h1')).toHaveLength(1);
  });

  it('focus leaves the button the applicant pressed, which stays on the page, for the new heading', async () => {
    fakeApi({ application: { id: applicationId } });
    const staying = withSteps();
    // Part 2 keeps a primary action: the pressed button stays mounted and would keep focus if nothing moved it.
    staying.screens['test-steps'].variants = [
      {
        when: { '==': [{ var: 'query.part' }, '2'] },
        merge: { messages: 'signup.approved', next: [{ to: 'landing' }] },
      },
    ];
    await renderScreen(`/${applicationId}/test-steps`, {
      bundle: staying,
      messages: { 'signup.approved.submit': 'Carry on' },
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Get paid your way' });
    const button = screen.getByRole('button', { name: 'Get started' });
    await user.click(button);
    const heading = await screen.findByRole('heading', { level: 1, name: 'You’re approved!' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(button).toBeInTheDocument();
    expect(button).toHaveTextContent('Carry on');
    expect(button).not.toHaveFocus();
  });
});
