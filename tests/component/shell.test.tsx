/**
 * Shell behaviour every screen gets from content: malformed ids, failed reads, the blocking modal, secondary
 * actions, background watches and analytics events.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import outlines from 'virtual:content';
import { loaders } from 'virtual:catalogues';
import { applicationId, bundle, fakeApi, holdRequest, renderScreen } from './render-screen.tsx';
import type { ContentBundle, Screen } from '../../engine/content/types.ts';

function withScreen(extra: Screen, calls: ContentBundle['calls'] = {}): ContentBundle {
  const copy = structuredClone(bundle) as ContentBundle;
  copy.screens[extra.id] = { flow: 'signup', ...extra };
  copy.calls = { ...copy.calls, ...calls };
  return copy;
}

const waiting: Screen = {
  id: 'test-waiting',
  path: '/:applicationId/test-waiting',
  kind: 'message',
  messages: 'signup.verifying',
  load: ['getApplication'],
  final: true,
  secondary: [
    {
      id: 'later',
      labelKey: 'signup.landing.submit',
      actions: [{ call: 'saveApplication' }],
      next: [{ to: 'bank-complete' }],
    },
  ],
  watch: {
    call: 'getStatus',
    everyMs: 1000,
    until: { '==': [{ var: 'response.status' }, 'SUCCESS'] },
    next: [{ to: 'bank-options' }],
  },
  analytics: { show: 'TEST_started' },
};
const statusCall = {
  getStatus: {
    method: 'GET' as const,
    path: '/api/v2/applications/{applicationId}/status',
    params: { applicationId: { var: 'application.id' } },
  },
};

describe('shell', () => {
  it("on the browser's bundle of screen outlines and its catalogue, a screen loads its own definition and its own messages, then its reads, and shows", async () => {
    expect(Object.keys(outlines.screens)).toEqual(Object.keys(bundle.screens));
    expect('form' in outlines.screens['applicant-info']).toBe(false);
    // The screen's title and labels are its own messages: not in the locale's catalogue, in the screen's chunk.
    const catalogue = await loaders['en-US']();
    expect(catalogue.default['signup.applicantInfo.title']).toBeUndefined();
    expect((await catalogue.screens['applicant-info']()).default['signup.applicantInfo.title']).toBe(
      'Tell us about yourself',
    );
    const api = fakeApi({ application: { id: applicationId }, applicant: {}, company: { currency: 'USD' } });
    const missing: string[] = [];
    // The screen suspends (React `use`) on its definition's chunk: in a test, React retries it only after an awaited act.
    await act(async () => {
      // The messages arrive after the definition: the screen waits for both instead of showing their keys meanwhile.
      await renderScreen(`/${applicationId}/applicant`, {
        bundle: outlines as unknown as ContentBundle,
        splitCatalogue: { delayMs: 1500 },
        onMissing: (key) => missing.push(key),
      });
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tell us about yourself' })).toBeInTheDocument();
    expect(await screen.findByLabelText(/^Legal first name/)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.url === `/api/v2/applications/${applicationId}`)).toHaveLength(1);
    expect(missing).toEqual([]);
  });

  it("on the browser's bundle, a screen's submit runs a call the start bundle leaves out: its chunk brought it", async () => {
    const api = fakeApi({ application: { id: applicationId }, applicant: {}, company: { currency: 'USD' } });
    await act(async () => {
      await renderScreen(`/${applicationId}/applicant`, { bundle: outlines as unknown as ContentBundle });
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Legal first name/), 'Jane');
    await user.type(screen.getByLabelText(/^Legal last name/), 'Doe');
    await user.type(screen.getByLabelText(/^Email/), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(api.calls.filter((call) => call.method === 'PUT').map((call) => call.url)).toContain(
        `/api/v2/applications/${applicationId}`,
      ),
    );
  });

  it('an application id that is not urn:app plus five groups shows the incorrect-URL page, and asks the API nothing', async () => {
    const api = fakeApi({});
    await renderScreen('/urn:app:nope/applicant');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oops! Looks like the URL is incorrect' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back to the start' })).toHaveAttribute('href', '/');
    expect(api.calls).toEqual([]);
  });

  // doc2 §8: 'error events exist for ... incorrect URL': the incorrect-URL page sends its error event.
  it('the incorrect-URL page sends the incorrect-URL error event (doc2 §8)', async () => {
    fakeApi({});
    const pushed: Array<Record<string, unknown>> = [];
    await renderScreen('/no/such/address', {
      sinks: { push: (event) => pushed.push(event), post: () => {}, sent: new Set<string>() },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oops! Looks like the URL is incorrect' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(pushed.map((event) => event.event)).toContain('incorrect_url_error'));
  });

  it('a 403 on the application read goes to the root with completed=true (doc1 §2.5)', async () => {
    fakeApi({}, (method, url) =>
      url.startsWith('/api/v2/applications/') ? { status: 403, body: { error: 'FORBIDDEN' } } : undefined,
    );
    await renderScreen(`/${applicationId}/applicant`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Get paid your way' })).toBeInTheDocument();
    expect(screen.getByText(/You’ve already signed up\. Check your email/)).toBeInTheDocument();
  });

  it('?timeout on the landing page says the session expired (doc1 §2.5)', async () => {
    fakeApi({});
    await renderScreen('/?timeout=true');
    expect(await screen.findByText(/Your session expired/)).toBeInTheDocument();
  });

  it('a gopay. service on V2 without a website id is blocked by the modal', async () => {
    fakeApi({ application: { id: applicationId, serviceType: 'gopay.pos', apiVersion: 'V2' } });
    await renderScreen(`/${applicationId}/applicant`);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('This business can’t continue here');
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: 'This business can’t continue here' })).toHaveFocus(),
    );
  });

  it('a secondary action runs its own calls and rows', async () => {
    const api = fakeApi({ application: { id: applicationId } });
    await renderScreen(`/${applicationId}/test-waiting`, { bundle: withScreen(waiting, statusCall) });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Get started' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You’re all set' })).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(true);
  });

  it('a watch polls every interval and moves on when its condition holds; the show event is sent', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let polls = 0;
    fakeApi({ application: { id: applicationId } }, (_method, url) => {
      if (!url.endsWith('/status')) return undefined;
      polls += 1;
      return { status: 200, body: { status: polls >= 3 ? 'SUCCESS' : 'IN_PROGRESS' } };
    });
    const pushed: Array<Record<string, unknown>> = [];
    await renderScreen(`/${applicationId}/test-waiting`, {
      bundle: withScreen(waiting, statusCall),
      sinks: { push: (event) => pushed.push(event), post: () => {}, sent: new Set<string>() },
    });
    await screen.findByRole('heading', { level: 1, name: 'Verifying your details' });
    for (let i = 0; i < 3; i += 1) await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(await screen.findByRole('heading', { level: 1, name: 'Link your bank account' })).toBeInTheDocument();
    expect(polls).toBe(3);
    expect(pushed.map((event) => event.event)).toContain('TEST_started');
    vi.useRealTimers();
  });
});

describe('languages', () => {
  it('a market with two languages offers the other one, named in its own language, and the screen is in French', async () => {
    fakeApi({ application: { id: applicationId } });
    await renderScreen('/', {
      locale: 'fr-CA',
      environment: {
        market: 'CA',
        currency: 'CAD',
        locale: 'fr-CA',
        portal: 'domain',
        host: 'localhost',
        locales: ['en-CA', 'fr-CA'],
        config: { markets: { CA: { currency: 'CAD', locales: ['en-CA', 'fr-CA'] } }, defaultMarket: 'CA', flags: {} },
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Faites-vous payer à votre façon' }),
    ).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'English' });
    expect(toggle).toHaveAttribute('lang', 'en-CA');
    expect(screen.queryByRole('button', { name: 'Français' })).toBeNull();
  });

  it('a market with one language offers no switch', async () => {
    fakeApi({ application: { id: applicationId } });
    await renderScreen('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: /English|Français/ })).toBeNull();
  });
});

describe('an action under way', () => {
  it('disables the row’s buttons and marks the row busy until the answer comes, then frees it', async () => {
    fakeApi({ application: { id: applicationId } });
    // The landing page's action (createApplication) is held until the test lets it answer.
    const release = holdRequest('POST', '/api/v2/applications');
    await renderScreen('/');
    const start = await screen.findByRole('button', { name: 'Get started' });
    const row = start.closest('.actions')!;
    expect(row).not.toHaveAttribute('aria-busy');
    await userEvent.setup().click(start);
    await waitFor(() => expect(row).toHaveAttribute('aria-busy', 'true'));
    expect(start).toBeDisabled();
    release();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Get started' })).toBeNull());
  });
});
