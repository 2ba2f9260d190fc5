/**
 * The application shell: routes from the content bundle (each screen path, with and without the co-brand
 * prefix), the toast area, and the incorrect-URL page for every other address.
 */
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { EngineBundle } from '../content/types.ts';
import { candidateRoutes } from '../flow/route-index.ts';
import { browserEnvironment } from '../calls/run.ts';
import { draftKey, DRAFT_CHANGED_KEY, type DraftSettings } from '../state/draft-settings.ts';
import { afterNextFrame } from './after-next-frame.ts';
import { I18nProvider } from '../i18n/context.tsx';
import type { Translator } from '../i18n/translator.ts';
import type { Environment } from '../environment/detect.ts';
import { EngineContext, useEngine, type Engine, type NoticeOrigin, type Toast } from './engine-context.tsx';
import { ScreenHost } from './screen-host.tsx';
import { Toasts } from '../shell/toasts.tsx';
import { Header } from '../shell/header.tsx';
import { Footer } from '../shell/footer.tsx';
import { NotFound } from '../shell/not-found.tsx';
import { PageLoader } from '../shell/page-loader.tsx';
import { ScreenBoundary } from '../shell/screen-boundary.tsx';
import { AfterEnvironmentRouting } from '../screens/after-environment-routing.tsx';
import { browserSinks, track, type AnalyticsSinks } from '../analytics/index.ts';
import { pathFor } from '../flow/paths.ts';
import { noticeKind, withQuery } from './shell-rules.ts';
import type { User } from './boot.ts';
import { useThirdPartyScripts } from '../third-party/use-third-party-scripts.ts';
import { useLaunchTracking } from './use-launch-tracking.ts';
import { writeSession } from '../state/session-store.ts';

export interface AppProps {
  bundle: EngineBundle;
  environment: Environment;
  translator: Translator;
  user: User | null;
  /** For tests: analytics sinks other than the browser's. */
  analyticsSinks?: AnalyticsSinks;
  /** For tests: a router other than the browser's. */
  router?: (children: React.ReactNode) => React.ReactNode;
}

/**
 * Writes a draft's deferred save when the page is hidden (another tab, the phone's home screen, where a page may be
 * discarded) or left (a reload, a link, the sign-on page), and when the store is replaced: what was typed is in
 * local storage before the page can go. Nothing to write before a form has made the store (state/draft-settings.ts).
 */
function useDraftFlush(drafts: DraftSettings): void {
  useEffect(() => {
    const flush = () => drafts.store?.flush();
    const hidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', hidden);
      flush();
    };
  }, [drafts]);
}

/**
 * doc1 §4.8: a move to an address whose `currency` query names another configured market's currency (the country
 * switcher's confirmation, a partner's link) switches the market at once: the page loads again, and boot reads the
 * configuration, writes the currency and market cookies, and picks the locale and the drafts of that market.
 */
const MARKET_SWITCH_KEY = 'onboarding:market-switch';

function MarketFollower({ children }: { children: React.ReactNode }) {
  const { environment } = useEngine();
  const { pathname, search } = useLocation();
  const wanted = new URLSearchParams(search).get('currency')?.toUpperCase();
  // Nothing of the old market runs meanwhile: no screen, no boot routing.
  // Once per currency: should the API still answer another market for it, the page stays as it is (no reload loop).
  const switching =
    !!wanted &&
    wanted !== environment.currency &&
    Object.values(environment.config.markets).some((market) => market.currency === wanted) &&
    sessionStorage.getItem(MARKET_SWITCH_KEY) !== wanted;
  useEffect(() => {
    if (wanted === environment.currency) sessionStorage.removeItem(MARKET_SWITCH_KEY);
    if (!switching) return;
    // The currency asked for, not the address (which may carry anything): one reload per switch, never a loop.
    if (!writeSession(MARKET_SWITCH_KEY, wanted)) return;
    window.location.replace(`${pathname}${search}`);
  }, [switching, wanted, environment.currency, pathname, search]);
  return switching ? null : <>{children}</>;
}

/**
 * A route per screen path (with and without the co-brand prefix) that could match this address (engine/flow/route-index.ts:
 * the router compares a few patterns, not all of them, on each render), and the incorrect-URL page for any other.
 */
function ScreenRoutes({ bundle }: { bundle: EngineBundle }) {
  const { pathname } = useLocation();
  return (
    <Routes>
      {candidateRoutes(bundle, pathname).map(({ screen, pattern }) => (
        <Route
          key={`${screen}:${pattern}`}
          path={pattern}
          element={
            <ScreenBoundary key={screen}>
              <Suspense fallback={<PageLoader screen={screen} />}>
                <ScreenHost screenId={screen} />
              </Suspense>
            </ScreenBoundary>
          }
        />
      ))}
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

export function App({ bundle, environment, translator, user, router, analyticsSinks }: AppProps) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const closeToast = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);
  const sinks = useMemo(() => analyticsSinks ?? browserSinks(bundle.analytics), [analyticsSinks, bundle.analytics]);
  const sessionTimeoutMs = environment.config.constants?.sessionTimeoutMs;

  // Session timeout (doc2 §9: 2 hours without activity): the applicant goes where rules/shell.json says.
  useEffect(() => {
    if (!sessionTimeoutMs || !user) return undefined;
    let timer: ReturnType<typeof setTimeout>;
    const expire = () => {
      const target = bundle.shell.sessionTimeout;
      const path = pathFor(target.to, { environment: { referralUrlId: environment.referralUrlId } }, bundle);
      window.location.assign(withQuery(path, target.query));
    };
    const reset = () => {
      clearTimeout(timer);
      timer = setTimeout(expire, sessionTimeoutMs);
    };
    const events = ['pointerdown', 'keydown', 'scroll', 'touchstart'] as const;
    for (const name of events) window.addEventListener(name, reset, { passive: true });
    reset();
    return () => {
      clearTimeout(timer);
      for (const name of events) window.removeEventListener(name, reset);
    };
  }, [sessionTimeoutMs, user, bundle, environment.referralUrlId]);

  // A notice's kind and lifetime come from rules/shell.json `notices`, over the context it was raised in (the
  // environment and flags at least) plus `notice` ({source, tone}).
  const notify = useCallback(
    (text: string, tone: Toast['tone'] = 'info', origin: NoticeOrigin = { source: 'shell' }) => {
      const { config, ...facts } = environment;
      const context = { environment: { ...facts, ...config }, flags: config.flags ?? {}, ...(origin.context ?? {}) };
      const { kind, lifetimeMs } = noticeKind(bundle.shell, context, { source: origin.source, tone });
      setToasts((list) => [...list, { id: nextId.current++, text, tone, kind, lifetimeMs }]);
    },
    [bundle.shell, environment],
  );
  const engine = useMemo<Engine>(
    () => ({
      bundle,
      environment,
      user,
      calls: browserEnvironment({ 'Accept-Language': translator.locale }),
      // A draft saved under an older shape of a form keeps what still fits; the applicant is told the rest was dropped.
      // A keystroke's save is written after the next frame (the keystroke does not wait for local storage), and at
      // once when the page is hidden or left (useDraftFlush).
      drafts: {
        storage: typeof localStorage === 'undefined' ? undefined : localStorage,
        key: draftKey(environment.referralUrlId, environment.currency),
        onDropped: () => notify(translator.t(DRAFT_CHANGED_KEY), 'info', { source: 'draftChanged' }),
        defer: (write) => void afterNextFrame(write),
      },
      toast: notify,
      dismissToasts: () => setToasts([]),
      track: (type, context, params) => track(bundle.analytics, sinks, type, context, params),
      analyticsSinks: sinks,
      signIn: () => {
        const here = `${window.location.pathname}${window.location.search}`;
        window.location.assign(`/sso/login?path=${encodeURIComponent(here)}`);
      },
    }),
    [bundle, environment, user, translator, sinks, notify],
  );
  useDraftFlush(engine.drafts);
  useThirdPartyScripts(bundle.scripts, environment); // maps, analytics tag, survey (rules/scripts.json)
  useLaunchTracking(engine); // resume and reminder email opens (rules/services.json)
  const routes = (
    <>
      {/* doc1 §2.8: on the application root, route by the user's accounts (rules/routing/after-environment.json). */}
      <MarketFollower>
        <AfterEnvironmentRouting />
        <ScreenRoutes bundle={bundle} />
      </MarketFollower>
    </>
  );
  // The header is inside the router (it links to screens of the current application), before the main landmark; the
  // footer (support contact, help, privacy, terms) after it.
  const page = (
    <>
      <a className="skip-link" href="#main">
        {translator.t('shell.skipToContent')}
      </a>
      <Header />
      <main id="main" className="main">
        {routes}
      </main>
      <Footer />
    </>
  );
  return (
    <I18nProvider translator={translator}>
      <EngineContext.Provider value={engine}>
        <SWRConfig value={{ revalidateOnFocus: true, shouldRetryOnError: false }}>
          {router ? router(page) : <BrowserRouter>{page}</BrowserRouter>}
          <Toasts toasts={toasts} onClose={closeToast} />
        </SWRConfig>
      </EngineContext.Provider>
    </I18nProvider>
  );
}
