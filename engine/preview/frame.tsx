/**
 * The framed half of the preview: renders one screen through the real App (router, screen host, kinds, theme,
 * precompiled validators, catalogues) in the chosen market, portal, co-brand (its settings over the configuration,
 * as the API answers for `/r/{id}`) and locale, with the chosen state answered by
 * the preview's stand-in API, at the screen's own address, without walking the flow.
 */
import type { Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import bundle from 'virtual:content-full';
import fixtures from 'virtual:preview-fixtures';
import { wholeLoaders as loaders, fallbackLocale } from 'virtual:catalogues';
import config from '../../rules/config.json';
import accounts from '../../rules/accounts.json';
import { App } from '../app/app.tsx';
import type { AnalyticsSinks } from '../analytics/index.ts';
import type { EngineConfig, Environment } from '../environment/detect.ts';
import { pathFor } from '../flow/paths.ts';
import { createTranslator } from '../i18n/translator.ts';
import { apiFieldErrors } from './api-errors.ts';
import { fakeFetch } from './fake-api.ts';
import { portalWith, withCobrand } from './portals.ts';
import type { Cobrands } from '../../domain/cobrands.ts';
import type { Selection } from './selection.ts';
import { previewStates } from './states.ts';

/** Analytics go nowhere in the preview. */
const silentSinks: AnalyticsSinks = { push: () => {}, post: () => {}, sent: new Set<string>() };

/**
 * Clicks the screen's primary button once it shows (the validation state): at once if it is there, else when the
 * page first adds it (however long the screen's reads take), then stops watching.
 */
function submitWhenShown(): void {
  const button = () => document.querySelector<HTMLButtonElement>('main form button[type="submit"]');
  const now = button();
  if (now) {
    now.click();
    return;
  }
  const observer = new MutationObserver(() => {
    const shown = button();
    if (!shown) return;
    observer.disconnect();
    shown.click();
  });
  observer.observe(document.body, { childList: true, subtree: true });
}

/** Renders the selection into `root`. */
export async function renderFrame(root: Root, selection: Selection): Promise<void> {
  const cobrands = (accounts.cobrands ?? {}) as Cobrands;
  const engineConfig = withCobrand(
    { ...(config as EngineConfig), market: selection.market },
    cobrands,
    selection.cobrand,
  );
  const market = engineConfig.markets[selection.market] ?? engineConfig.markets[engineConfig.defaultMarket];
  const fallback = engineConfig.fallbackLocale ?? fallbackLocale;
  const [own, base] = await Promise.all([(loaders[selection.locale] ?? loaders[fallback])(), loaders[fallback]()]);
  const translator = createTranslator(
    selection.locale,
    own.default,
    { locale: fallback, messages: base.default },
    (key) => console.warn(`preview: missing message ${key}`),
  );
  const environment: Environment = {
    market: selection.market,
    currency: market.currency,
    locale: selection.locale,
    portal: portalWith(cobrands, selection.cobrand, selection.portal),
    host: window.location.hostname,
    referralUrlId: selection.cobrand && Object.hasOwn(cobrands, selection.cobrand) ? selection.cobrand : undefined,
    locales: market.locales,
    config: engineConfig,
  };
  const states = previewStates(fixtures);
  const state = states.find((candidate) => candidate.id === selection.state) ?? states[0];
  const screen = bundle.screens[selection.screen] ?? Object.values(bundle.screens)[0];
  const fieldErrors = apiFieldErrors(screen.form, selection.market, state.document, (key, args) =>
    translator.t(key, args),
  );
  window.fetch = fakeFetch({
    state,
    bundle,
    fieldErrors,
    message: translator.t('shell.error.generic'),
    real: window.fetch.bind(window),
  });
  document.documentElement.lang = selection.locale;
  // A parameter the flow does not compute from the document (an owner id) gets a stand-in id (urn: as ids are).
  const route = Object.fromEntries(
    [...screen.path.matchAll(/:([A-Za-z]\w*)/g)].map(([, name]) => [name, `urn:preview:${name}`]),
  );
  const context = { ...state.document, environment: { ...environment }, route };
  const path = pathFor(screen.id, context, bundle);
  root.render(
    <App
      bundle={bundle}
      environment={environment}
      translator={translator}
      user={{ email: 'preview@example.com' }}
      analyticsSinks={silentSinks}
      router={(children) => <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>}
    />,
  );
  if (state.validate) submitWhenShown();
}
