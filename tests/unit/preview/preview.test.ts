// @vitest-environment jsdom
/**
 * The preview page (engine/preview): selections survive a reload through the query, states come from the routing
 * tables' fixtures plus error states, the stand-in API answers by the call catalogue, and a screen opens through
 * the real App in any market, locale and state without walking the flow.
 */
import '@testing-library/jest-dom/vitest';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { screen, waitFor } from '@testing-library/react';
import bundle from 'virtual:content-full';
import fixtures from 'virtual:preview-fixtures';
import { readSelection, writeSelection, type Selection } from '../../../engine/preview/selection.ts';
import { deepMerge, leaves, previewStates, PREVIEW_APPLICATION_ID } from '../../../engine/preview/states.ts';
import { fakeFetch } from '../../../engine/preview/fake-api.ts';
import { renderFrame } from '../../../engine/preview/frame.tsx';
import { loadContent } from '../../../scripts/content/load.ts';
import { REPO } from '../check-content/tree.ts';

const DEFAULTS: Selection = {
  screen: 'landing',
  market: 'US',
  portal: 'domain',
  cobrand: '',
  locale: 'en-US',
  state: 'new',
  width: 390,
};

describe('selection', () => {
  it('round-trips through the query, with defaults for what is missing or wrong', () => {
    const chosen: Selection = {
      screen: 'success',
      market: 'CA',
      portal: 'terminal',
      cobrand: 'reseller-shop',
      locale: 'fr-CA',
      state: 'after-onboard#1',
      width: 0,
    };
    expect(readSelection(writeSelection(chosen), DEFAULTS)).toEqual(chosen);
    expect(writeSelection(chosen, true)).toContain('frame=1');
    expect(readSelection('?screen=bank&width=-4', DEFAULTS)).toEqual({ ...DEFAULTS, screen: 'bank' });
  });
});

describe('states', () => {
  it('offers error states and one state per routing-table fixture that sets the document', () => {
    const states = previewStates({
      pick: [{ context: { application: { decision: 'APPROVED' } } }, { context: { error: { status: 503 } } }],
    });
    expect(states.map((state) => state.id)).toEqual([
      'new',
      'validation',
      'submit-fields',
      'submit-server',
      'submit-network',
      'load-failed',
      'pick#0',
    ]);
    const approved = states.find((state) => state.id === 'pick#0');
    expect(approved?.label).toBe('pick fixture 0: application.decision = "APPROVED"');
    expect(approved?.document.application).toEqual({
      id: 'urn:app:prev0000-0000-0000-0000-000000000007',
      decision: 'APPROVED',
      stepUpDetails: [],
    });
    expect(new Set(states.map((state) => (state.document.application as { id: string }).id)).size).toBe(states.length);
    for (const state of states)
      expect((state.document.application as { id: string }).id).toMatch(/^urn:app:\w{4,12}(-\w{4,12}){4}$/);
  });

  it('covers every fixture of the real routing tables that names the document', () => {
    const tables = loadContent(REPO).tables as Record<
      string,
      { fixtures?: Array<{ context?: Record<string, unknown> }> }
    >;
    const expected = Object.entries(tables).flatMap(([name, table]) =>
      (table.fixtures ?? []).flatMap((fixture, index) =>
        Object.keys(fixture.context ?? {}).some((key) =>
          ['application', 'applicant', 'company', 'owners', 'bank', 'order'].includes(key),
        )
          ? [`${name}#${index}`]
          : [],
      ),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(
      previewStates(fixtures)
        .map((state) => state.id)
        .slice(6),
    ).toEqual(expected);
  });

  it('merges deeply and lists leaves', () => {
    expect(deepMerge({ a: { b: 1, c: 2 }, d: [1] }, { a: { c: 3 }, d: [2] })).toEqual({ a: { b: 1, c: 3 }, d: [2] });
    expect(leaves({ a: { b: 1 }, c: 'x' })).toEqual(['a.b = 1', 'c = "x"']);
  });
});

describe('fakeFetch', () => {
  const real = vi.fn(async () => new Response('{"real":true}', { status: 200 }));
  const make = (state: ReturnType<typeof previewStates>[number]) =>
    fakeFetch({
      state,
      bundle,
      fieldErrors: [{ field: '/company/name', key: 'validation.required', description: 'Required.' }],
      message: 'Something went wrong.',
      real,
    });
  const states = Object.fromEntries(previewStates({}).map((state) => [state.id, state]));
  const appUrl = `/api/v2/applications/${PREVIEW_APPLICATION_ID}`;

  it('answers document reads and writes with the state, and passes other reads to the real API', async () => {
    const fetch = make(states.new);
    expect(await (await fetch(appUrl)).json()).toEqual(states.new.document);
    expect(await (await fetch(appUrl, { method: 'PUT', body: '{}' })).json()).toEqual(states.new.document);
    expect(await (await fetch('/api/v2/session')).json()).toEqual({ user: { email: 'preview@example.com' } });
    expect(await (await fetch('/api/v2/categories')).json()).toEqual({ real: true });
    expect(real).toHaveBeenCalledTimes(1);
  });

  it('fails as the error states say', async () => {
    const refused = await make(states['submit-fields'])(appUrl, { method: 'PUT', body: '{}' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: 'VALIDATION_FAILED',
      message: 'Something went wrong.',
      details: [{ field: '/company/name', key: 'validation.required', description: 'Required.' }],
    });
    expect((await make(states['submit-server'])(appUrl, { method: 'PUT' })).status).toBe(503);
    await expect(make(states['submit-network'])(appUrl, { method: 'PUT' })).rejects.toThrow(TypeError);
    expect((await make(states['load-failed'])(appUrl)).status).toBe(500);
    expect((await make(states['load-failed'])(appUrl, { method: 'PUT' })).status).toBe(200);
  });
});

describe('renderFrame', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  async function open(selection: Partial<Selection>) {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => {
      await renderFrame(root, { ...DEFAULTS, ...selection });
    });
    return root;
  }

  it('opens a later screen in French with an approved application, without walking the flow', async () => {
    await open({ screen: 'complete', market: 'CA', locale: 'fr-CA', state: 'after-onboard#1' });
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 5000 })).toHaveTextContent(
      'Votre demande est approuvée!',
    );
    expect(document.documentElement.lang).toBe('fr-CA');
  });

  it('shows a form screen with its validation messages in the validation state', { timeout: 30_000 }, async () => {
    await open({ screen: 'applicant-info', state: 'validation' });
    // Each empty field says what to give (issue 22 item 11), not "This field is required.".
    await waitFor(() => expect(screen.getAllByText(/Enter your legal first name\./).length).toBeGreaterThan(0), {
      timeout: 20_000,
    });
    expect(screen.getAllByText(/Enter your email address\./).length).toBeGreaterThan(0);
    expect(screen.queryAllByText('This field is required.')).toEqual([]);
  });

  it('shows the read failure of the load-failed state', { timeout: 15_000 }, async () => {
    await open({ screen: 'applicant-info', state: 'load-failed' });
    await waitFor(() => expect(document.querySelector('h1')).toHaveTextContent('Something went wrong'), {
      timeout: 5000,
    });
    expect(screen.getAllByText(/^Sorry, something went wrong\./).length).toBeGreaterThan(0);
  });
});
