/**
 * Notices (doc1 §2.7, doc2 §8, §9): a failed call's message shows as a growl (closes after 2000 ms) unless the
 * application uses the new signup form, where it is a toast of the top-right area (closes after 5000 ms). Which
 * notice is which kind, and each kind's lifetime, are content (rules/shell.json `notices`), tested with fake timers.
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import config from '../../rules/config.json' with { type: 'json' };
import { applicationId, bundle, fakeApi, renderScreen, usEnvironment } from './render-screen.tsx';
import type { ContentBundle } from '../../engine/content/types.ts';
import type { Environment } from '../../engine/environment/detect.ts';

const FAILURE = 'Application update Error, please reload the page.';

function environment(portal: string): Environment {
  const us = usEnvironment();
  return { ...us, portal, config: { ...us.config, constants: config.constants } };
}

/**
 * The applicant form with a refused save, submitted with valid answers; resolves when the notice shows. The save's
 * answer is held until the clock is faked, so the notice's timer starts on the fake clock.
 */
async function failSave(options: { portal: string; intent?: string; bundle?: ContentBundle }): Promise<HTMLElement> {
  fakeApi({ application: { id: applicationId, intent: options.intent } }, (method) =>
    method === 'PUT' ? { status: 500, body: { error: 'SERVER', message: FAILURE } } : undefined,
  );
  const answer = globalThis.fetch;
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    if (init?.method === 'PUT') await held;
    return answer(url, init);
  }) as typeof fetch;
  await renderScreen(`/${applicationId}/applicant`, {
    environment: environment(options.portal),
    bundle: options.bundle,
  });
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Legal first name/), 'Ann');
  await user.type(screen.getByLabelText(/Legal last name/), 'Lee');
  await user.type(screen.getByLabelText(/Email address/), 'ann@example.com');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  // From here on the clock moves only when the test says: only setTimeout, which the notices use.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  await act(async () => {
    release();
  });
  const text = await shown(() => screen.queryByText(FAILURE));
  return text.closest('.toast') as HTMLElement;
}

/**
 * Waits (on the real clock, by turns of the event loop) until `find` gives an element. findBy* cannot be used while
 * setTimeout is faked: Testing Library drains with a setTimeout(0) that only a jest clock would run.
 */
async function shown(find: () => HTMLElement | null, limitMs = 15_000): Promise<HTMLElement> {
  const start = Date.now();
  for (;;) {
    const element = find();
    if (element) return element;
    if (Date.now() - start > limitMs) throw new Error('the notice did not show');
    await act(async () => {
      await new Promise((resolve) => setImmediate(resolve));
    });
  }
}

async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

describe('notices: growl and toast', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('with the older signup form a failed save is a growl: it closes after 2000 ms', async () => {
    const notice = await failSave({ portal: 'domain', intent: 'CREATE_BUSINESS' });
    expect(notice).toHaveAttribute('data-kind', 'growl');
    expect(notice).toHaveClass('toast--kind-growl', 'toast--error');
    await advance(1999);
    expect(screen.getByText(FAILURE)).toBeInTheDocument();
    await advance(1);
    expect(screen.queryByText(FAILURE)).toBeNull();
  });

  it('with the new signup form it is a toast of the top-right area: still there at 2000 ms, gone at 5000 ms', async () => {
    const notice = await failSave({ portal: 'reseller', intent: 'CREATE_BUSINESS' });
    expect(notice).toHaveAttribute('data-kind', 'toast');
    await advance(2000);
    expect(screen.getByText(FAILURE)).toBeInTheDocument();
    await advance(2999);
    expect(screen.getByText(FAILURE)).toBeInTheDocument();
    await advance(1);
    expect(screen.queryByText(FAILURE)).toBeNull();
  });

  it('the close button closes a notice at once', async () => {
    await failSave({ portal: 'domain', intent: 'CREATE_BUSINESS' });
    await act(async () => {
      screen.getByRole('button', { name: /close/i }).click();
    });
    expect(screen.queryByText(FAILURE)).toBeNull();
  });

  it('which notice is a growl, and how long it lasts, is content', async () => {
    const edited = structuredClone(bundle) as ContentBundle;
    edited.shell.notices = {
      kinds: {
        growl: { lifetimeMs: 700 },
        toast: { lifetimeMs: { var: 'environment.constants.toastAreaLifetimeMs' } },
      },
      rows: [{ when: { '==': [{ var: 'notice.source' }, 'callError'] }, kind: 'growl' }, { kind: 'toast' }],
    };
    const notice = await failSave({ portal: 'reseller', intent: 'CREATE_BUSINESS', bundle: edited });
    expect(notice).toHaveAttribute('data-kind', 'growl');
    await advance(699);
    expect(screen.getByText(FAILURE)).toBeInTheDocument();
    await advance(1);
    expect(screen.queryByText(FAILURE)).toBeNull();
  });
});
