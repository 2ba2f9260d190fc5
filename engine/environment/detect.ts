/**
 * The environment of a visit, from the configuration and the page (doc1 §1, §2.1, §4.8): market and currency
 * (currency cookie, then `currency` query, then the configured default country), portal (the page host against
 * the configured host rules), co-brand (`/r/{referralUrlId}`). Which markets, currencies and portals exist is
 * configuration, never code. Pure.
 */
export interface MarketConfig {
  currency: string;
  locales: string[];
}

export interface EngineConfig {
  markets: Record<string, MarketConfig>;
  /** The market the API chose for the requested currency. */
  market?: string;
  defaultMarket: string;
  fallbackLocale?: string;
  constants?: Record<string, number>;
  cookieHost?: string;
  /** Ordered: the first rule whose text is contained in the host names the portal. `{cookieHost}` is replaced. */
  portalRules?: Array<{ hostContains: string; portal: string }>;
  defaultPortal?: string;
  flags: Record<string, boolean>;
  [key: string]: unknown;
}

export interface Environment {
  market: string;
  currency: string;
  locale: string;
  portal: string;
  host: string;
  referralUrlId?: string;
  /** The market whose locales name the browser's language exactly (fr-CA, en-CA: Canada), when one does. */
  browserMarket?: string;
  locales: string[];
  config: EngineConfig;
}

/**
 * The visit's market: the one the API answered for the requested currency, else the one the currency query or
 * cookie names, else the default (boot.ts; the server asks the same in server/http/root-routing.ts).
 */
export function marketOfVisit(
  config: EngineConfig,
  currencyQuery: string | null | undefined,
  currencyCookie: string | null | undefined,
): string {
  return typeof config.market === 'string' && config.markets[config.market]
    ? config.market
    : detectMarket(config, currencyQuery, currencyCookie);
}

export function detectMarket(
  config: EngineConfig,
  currencyCookie?: string | null,
  currencyQuery?: string | null,
): string {
  for (const wanted of [currencyCookie, currencyQuery]) {
    if (!wanted) continue;
    const found = Object.entries(config.markets).find(([, market]) => market.currency === wanted.toUpperCase());
    if (found) return found[0];
  }
  return config.defaultMarket;
}

export function detectPortal(config: EngineConfig, host: string): string {
  for (const rule of config.portalRules ?? []) {
    const needle = rule.hostContains.replace('{cookieHost}', config.cookieHost ?? '');
    if (needle && host.includes(needle)) return rule.portal;
  }
  return config.defaultPortal ?? 'default';
}

/** `/r/{referralUrlId}` at the start of a path, or undefined. */
export function referralFromPath(pathname: string): string | undefined {
  const match = /^\/r\/([^/]+)/.exec(pathname);
  return match ? decodeURIComponent(match[1]) : undefined;
}

/**
 * The market a browser's languages point to (issue 22.6: a fr-CA or en-CA browser is offered Canada): the market of
 * the first language that a market's locales name exactly (a bare `fr` or `en` points nowhere). Pure.
 */
export function browserMarketOf(
  config: Pick<EngineConfig, 'markets'>,
  languages: readonly string[],
): string | undefined {
  for (const language of languages) {
    const found = Object.entries(config.markets).find(([, market]) =>
      market.locales.some((locale) => locale.toLowerCase() === language.toLowerCase()),
    );
    if (found) return found[0];
  }
  return undefined;
}
