/**
 * Boot (ARCHITECTURE.md "How a request flows", step 1): the configuration (cached in session storage,
 * doc2 §9), the environment, the locale and its catalogue, the signed-in user. The shell shows a plain loader
 * until this resolves.
 */
import { locales as catalogueLocales, loaders, fallbackLocale as contentFallback } from 'virtual:catalogues';
import { detectLocale } from '../i18n/detect.ts';
import { configUrl } from './config-url.ts';
import { createTranslator, missingMessagePrefix, type Translator } from '../i18n/translator.ts';
import {
  browserMarketOf,
  marketOfVisit,
  detectPortal,
  referralFromPath,
  type EngineConfig,
  type Environment,
} from '../environment/detect.ts';
import { cookieString, readCookie } from '../environment/cookies.ts';
import { writeSession } from '../state/session-store.ts';

export interface User {
  email: string;
}

export interface Booted {
  environment: Environment;
  translator: Translator;
  user: User | null;
}

const CONFIG_CACHE = 'onboarding:config';

export class BootError extends Error {
  constructor(
    readonly kind: 'config' | 'redirect' | 'unsupported',
    readonly translator: Translator,
    readonly location?: string,
  ) {
    super(kind);
  }
}

/**
 * One catalogue download: a locale's chunk carries the fallback locale's messages for the keys it lacks. Only when
 * the configuration names another fallback locale than the content's is that catalogue downloaded too.
 */
async function loadTranslator(locale: string, fallback: string): Promise<Translator> {
  const empty = { default: {}, fallback: {}, screens: {} };
  const [own, base] = await Promise.all([
    loaders[locale]?.() ?? Promise.resolve(empty),
    locale === fallback || fallback === contentFallback ? Promise.resolve(undefined) : loaders[fallback]?.(),
  ]);
  // A key no catalogue has (or a message that fails to format) is a bug: the page shows the key. It is reported on the
  // console in every build, so the journeys (tests/e2e/fixtures/transitions.ts) fail on it.
  const report = (key: string, where: string) => console.error(`${missingMessagePrefix} ${key} in ${where}`);
  const messages = base ? base.default : locale === fallback ? {} : own.fallback;
  // A screen's own messages arrive with the screen (engine/app/screen-definition.ts), with the content's fallback
  // messages for any its locale lacks (the content check holds every locale to every key, so none today).
  return createTranslator(locale, own.default, { locale: fallback, messages }, report, own.screens);
}

/**
 * The two boot reads go out as plain GETs, with no header of their own: index.html preloads `/api/v2/configs` and
 * `/api/v2/session` (`<link rel="preload" as="fetch" crossorigin>`, credentials same-origin) while the scripts
 * download, and Chromium hands a preloaded response to a fetch only when URL, mode, credentials and headers match
 * (a custom header such as X-Requested-With may send the request a second time). The server writes the
 * configuration's address for this visit (currency query or cookie, co-brand path: config-url.ts) into the page.
 */
const BOOT_READ: RequestInit = { credentials: 'same-origin' };

async function fetchConfig(
  url: URL,
  currencyQuery: string | null,
  currencyCookie: string | undefined,
): Promise<Response> {
  return fetch(configUrl(url.pathname, currencyQuery, currencyCookie), BOOT_READ);
}

/** The signed-in user, or null (no session, or the call failed). */
async function fetchUser(): Promise<User | null> {
  try {
    const session = await fetch('/api/v2/session', BOOT_READ);
    return session.ok ? (((await session.json()) as { user: User | null }).user ?? null) : null;
  } catch {
    return null;
  }
}

export async function boot(): Promise<Booted> {
  // Started at once, side by side with the configuration: the session, and the catalogue of the locale the visitor
  // most likely gets (the configuration only narrows the choice to the market's locales), so the first screen does
  // not wait for three round trips in a row.
  const userLoad = fetchUser();
  const url = new URL(window.location.href);
  const referralUrlId = referralFromPath(url.pathname);
  const currencyCookie = readCookie(document.cookie, 'currency');
  const currencyQuery = url.searchParams.get('currency');
  const localeSources = {
    cookie: readCookie(document.cookie, 'locale'),
    session: sessionStorage.getItem('onboarding:locale'),
    browser: navigator.languages,
    query: url.searchParams.get('locale'),
  };
  void loaders[detectLocale(localeSources, catalogueLocales, contentFallback)]?.().catch(() => undefined);

  let config: EngineConfig | undefined;
  // An explicit ?currency= (a country switch, a partner's link) wins over the cookie, which boot then rewrites.
  const wantedCurrency = currencyQuery ?? currencyCookie;
  const cacheKey = `${CONFIG_CACHE}:${referralUrlId ?? '-'}:${wantedCurrency ?? '-'}`;
  const cached = sessionStorage.getItem(cacheKey);
  if (cached) {
    try {
      config = JSON.parse(cached) as EngineConfig;
    } catch {
      config = undefined;
    }
    // The page preloaded the configuration (index.html): read it anyway, to refresh the cache for the next page, so
    // the browser does not warn of a preload nobody used (issue 22 item 13). Nothing waits for it.
    if (config)
      void fetchConfig(url, currencyQuery, currencyCookie ?? undefined)
        .then(async (response) => {
          if (response.ok) writeSession(cacheKey, await response.json());
        })
        .catch(() => undefined);
  }
  if (!config) {
    let response: Response | undefined;
    try {
      response = await fetchConfig(url, currencyQuery, currencyCookie ?? undefined);
    } catch {
      response = undefined;
    }
    if (response?.status === 417) {
      const body = (await response.json().catch(() => ({}))) as { location?: string };
      const fallback = detectLocale(localeSources, catalogueLocales, contentFallback);
      throw new BootError(
        'redirect',
        await loadTranslator(fallback, fallback),
        `${body.location ?? ''}${url.pathname}`,
      );
    }
    if (response?.status === 400) {
      // The API does not serve this currency's market (doc2 §8 'Unsupported market').
      const body = (await response.json().catch(() => ({}))) as { error?: string };
      if (body.error === 'UNSUPPORTED_MARKET') {
        const fallback = detectLocale(localeSources, catalogueLocales, contentFallback);
        throw new BootError('unsupported', await loadTranslator(fallback, fallback));
      }
    }
    if (!response?.ok) {
      const fallback = detectLocale(localeSources, catalogueLocales, contentFallback);
      throw new BootError('config', await loadTranslator(fallback, fallback));
    }
    config = (await response.json()) as EngineConfig;
    writeSession(cacheKey, config);
  }

  // The API answers for the market of the requested currency; detect it here only if it did not say.
  const market = marketOfVisit(config, currencyQuery, currencyCookie);
  const marketConfig = config.markets[market];
  const supported = marketConfig.locales.filter((locale) => catalogueLocales.includes(locale));
  const fallbackLocale = config.fallbackLocale ?? contentFallback;
  const locale = detectLocale(localeSources, supported, supported[0] ?? fallbackLocale);
  const translator = await loadTranslator(locale, fallbackLocale);
  document.documentElement.lang = locale;
  // The currency and market cookies (doc1 §3 Cookies: path / and the parent domain when applicable).
  document.cookie = cookieString('currency', marketConfig.currency, window.location.hostname, config.cookieHost);
  document.cookie = cookieString('market', market, window.location.hostname, config.cookieHost);

  const user = await userLoad;
  const browserMarket = browserMarketOf(config, navigator.languages ?? []);

  return {
    environment: {
      market,
      currency: marketConfig.currency,
      locale,
      portal: detectPortal(config, window.location.hostname),
      host: window.location.hostname,
      referralUrlId,
      ...(browserMarket ? { browserMarket } : {}),
      locales: supported,
      config,
    },
    translator,
    user,
  };
}
