/**
 * Renders the real app (router, content bundle, precompiled validators, catalogues) at one address, with the
 * API answered by a fake fetch. Every component test goes through here.
 */
import { render, screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import bundle from 'virtual:content-full';
import { loaders, wholeLoaders } from 'virtual:catalogues';
import { App } from '../../engine/app/app.tsx';
import { createTranslator, type CatalogueModule } from '../../engine/i18n/translator.ts';
import type { ContentBundle } from '../../engine/content/types.ts';
import type { Environment } from '../../engine/environment/detect.ts';
import type { AnalyticsSinks } from '../../engine/analytics/index.ts';

export const applicationId = 'urn:app:1a2b3c4d-aaaa-bbbb-cccc-1234567890ab';

export function usEnvironment(): Environment {
  return {
    market: 'US',
    currency: 'USD',
    locale: 'en-US',
    portal: 'domain',
    host: 'localhost',
    locales: ['en-US'],
    config: {
      markets: { US: { currency: 'USD', locales: ['en-US'] } },
      defaultMarket: 'US',
      flags: {},
    },
  };
}

/** The Canadian market in `locale`, with both of its locales configured (for screens with a Canada variant). */
export function canadaEnvironment(locale: 'en-CA' | 'fr-CA'): Environment {
  const us = usEnvironment();
  return {
    ...us,
    market: 'CA',
    currency: 'CAD',
    locale,
    locales: ['en-CA', 'fr-CA'],
    config: { ...us.config, markets: { ...us.config.markets, CA: { currency: 'CAD', locales: ['en-CA', 'fr-CA'] } } },
  };
}

/**
 * One row of GET /api/v2/accounts: test application `n` (`urn:app:0000aaaa-0000-0000-0000-00000000000<n>`), a full
 * application without step-ups unless `row` says otherwise. The account-list, store-switcher and switcher tests
 * build their lists from it.
 */
export function accountRow(
  n: number,
  riskDecision: string,
  company: { name: string; currency: string },
  createdAt: string,
  row: Record<string, unknown> = {},
): { applicationId: string; company: { name: string; currency: string }; [key: string]: unknown } {
  return {
    applicationId: `urn:app:0000aaaa-0000-0000-0000-${String(n).padStart(12, '0')}`,
    riskDecision,
    applicationLevel: 'FULL',
    stepUpDetails: [],
    company,
    createdAt,
    ...row,
  };
}

export interface FakeApi {
  calls: Array<{ method: string; url: string; body: unknown }>;
}

export type Answer = { status: number; body?: unknown };

/** Answers every request with the document, or with what `answer` says for that request. */
export function fakeApi(
  document: Record<string, unknown>,
  answer?: (method: string, url: string, body: unknown) => Answer | undefined,
): FakeApi {
  const api: FakeApi = { calls: [] };
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const method = init?.method ?? 'GET';
    api.calls.push({ method, url, body });
    const chosen = answer?.(method, url, body) ?? { status: 200, body: document };
    return new Response(chosen.body === undefined ? '' : JSON.stringify(chosen.body), {
      status: chosen.status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return api;
}

/**
 * Holds the answer to `method path` (the path without its query) until the returned `release` is called: an action or
 * a read under way. Call it after fakeApi, whose answers it passes on.
 */
export function holdRequest(method: string, path: string): () => void {
  const answered = globalThis.fetch;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  globalThis.fetch = (async (url: string, init?: RequestInit) => {
    if ((init?.method ?? 'GET') === method && new URL(url, 'http://localhost').pathname === path) await held;
    return answered(url, init);
  }) as typeof fetch;
  return () => release();
}

export async function renderScreen(
  path: string,
  options: {
    bundle?: ContentBundle;
    messages?: Record<string, string>;
    sinks?: AnalyticsSinks;
    environment?: Environment;
    locale?: string;
    /**
     * The browser's catalogue (each screen's own messages left to a chunk of their own), as boot loads it, each
     * screen's messages arriving `delayMs` later than they would (a slow network).
     */
    splitCatalogue?: { delayMs: number };
    /** Told of each message key the translator lacks. */
    onMissing?: (key: string) => void;
  } = {},
) {
  const locale = options.locale ?? 'en-US';
  const split = options.splitCatalogue;
  const catalogue = split ? await loaders[locale]() : undefined;
  const messages = { ...(catalogue ?? (await wholeLoaders[locale]())).default, ...(options.messages ?? {}) };
  const later = (load: () => Promise<CatalogueModule>) => () =>
    new Promise((resolve) => setTimeout(resolve, split?.delayMs)).then(load);
  const screenLoaders =
    catalogue && Object.fromEntries(Object.entries(catalogue.screens).map(([id, load]) => [id, later(load)]));
  const translator = createTranslator(locale, messages, undefined, options.onMissing, screenLoaders);
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <App
        bundle={options.bundle ?? bundle}
        environment={options.environment ?? usEnvironment()}
        translator={translator}
        user={{ email: 'applicant@example.com' }}
        analyticsSinks={options.sinks ?? { push: () => {}, post: () => {}, sent: new Set<string>() }}
        router={(routes) => <MemoryRouter initialEntries={[path]}>{routes}</MemoryRouter>}
      />
    </SWRConfig>,
  );
}

export { bundle };

/** Fills the US identity step with valid values (doc2 §5); the caller submits or ticks what it tests. */
export async function fillUsIdentity(user: ReturnType<typeof userEvent.setup>): Promise<void> {
  await user.type(await screen.findByLabelText(/^Date of birth/), '04/12/1985');
  await user.type(screen.getByLabelText(/^Last 4 digits of your SSN/), '4321');
  await user.type(screen.getByLabelText(/^Mobile phone number/), '(512) 555-0147');
  await user.type(screen.getByLabelText(/^Home street address/), '456 Oak Avenue');
  await user.type(screen.getByLabelText(/^City/), 'Austin');
  await user.selectOptions(screen.getByLabelText(/^State/), 'Texas');
  await user.type(screen.getByLabelText(/^ZIP code/), '78702');
}
