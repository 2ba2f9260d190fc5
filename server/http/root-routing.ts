/**
 * Whether the engine will keep a signed-in visitor on the application root (doc1 §2.8), told before any script
 * runs, so that the server draws the root's heading only where the visitor stays (page-preloads.ts pagePrerender).
 * Drawn where the engine then moves on, the page would show the landing and then another screen.
 *
 * The server asks what boot and the engine ask, through the same routes, and decides with the same code:
 * - the configuration at the address boot reads (engine/app/config-url.ts), the signed-in user (GET /api/v2/session)
 *   and the accounts read the engine makes at the root (the build names it: page-preloads.json `root`), each through
 *   `app.inject` with the visitor's cookies, so their answers are the ones the browser will get;
 * - the environment as boot builds it (market, portal from the host, co-brand from the path, the locales the
 *   catalogues have), and the routing context and decision of the engine (engine/screens/after-environment.ts).
 * Anything short of a clear "stays" (no session, a read that fails, no such table) is "does not stay": the page is
 * then sent without the drawn heading, as before, and the engine decides in the browser.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { configUrl } from '../../engine/app/config-url.ts';
import { BASE_HEADERS } from '../../engine/calls/run.ts';
import type { AccountEntry } from '../../domain/accounts.ts';
import type { EngineBundle } from '../../engine/content/types.ts';
import {
  detectPortal,
  marketOfVisit,
  referralFromPath,
  type EngineConfig,
  type Environment,
} from '../../engine/environment/detect.ts';
import {
  afterEnvironmentContext,
  afterEnvironmentMove,
  isApplicationRoot,
} from '../../engine/screens/after-environment.ts';
import type { PagePreloads } from './page-preloads.ts';

/** A page request for the root, as the engine will see it. */
export interface RootVisit {
  /** The address's path and its search (`?…`, or empty), as `location.pathname` and `location.search`. */
  path: string;
  search: string;
  /** The locale the page is drawn in (the engine's context carries it; no routing row reads it today). */
  locale: string;
  /** The locales the build has catalogues for (boot narrows the market's locales to these). */
  catalogueLocales: readonly string[];
}

/** True when the engine, at `visit`, keeps the signed-in visitor of `request` where they are. */
export async function rootStays(
  app: FastifyInstance,
  root: NonNullable<PagePreloads['root']>,
  request: FastifyRequest,
  visit: RootVisit,
): Promise<boolean> {
  const cookie = request.headers.cookie;
  if (!cookie || !isApplicationRoot(visit.path)) return false;
  const params = new URLSearchParams(visit.search);
  const query = Object.fromEntries(params);
  const currencyQuery = params.get('currency');
  const currencyCookie = request.cookies?.currency;
  const read = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { ...headers, cookie } });
  const answers = await Promise.all([
    read(configUrl(visit.path, currencyQuery, currencyCookie)),
    read('/api/v2/session'),
    read(root.accountsPath, { ...BASE_HEADERS }),
  ]).catch(() => undefined);
  if (!answers) return false;
  const [configAnswer, sessionAnswer, accountsAnswer] = answers;
  if (configAnswer.statusCode !== 200 || sessionAnswer.statusCode !== 200 || accountsAnswer.statusCode !== 200)
    return false;
  const config = configAnswer.json<EngineConfig>();
  const user = sessionAnswer.json<{ user?: unknown }>().user;
  const accounts = accountsAnswer.json<unknown>();
  if (!user || !Array.isArray(accounts) || !root.bundle.tables[root.table]) return false;
  const market = marketOfVisit(config, currencyQuery, currencyCookie);
  const marketConfig = config.markets[market];
  if (!marketConfig) return false;
  const host = request.hostname;
  const environment: Environment = {
    market,
    currency: marketConfig.currency,
    locale: visit.locale,
    portal: detectPortal(config, host),
    host,
    referralUrlId: referralFromPath(visit.path),
    locales: marketConfig.locales.filter((locale) => visit.catalogueLocales.includes(locale)),
    config,
  };
  const context = afterEnvironmentContext(environment, query, user);
  return (
    afterEnvironmentMove(
      root.bundle as EngineBundle,
      root.table,
      accounts as AccountEntry[],
      context,
      `${visit.path}${visit.search}`,
    ) === undefined
  );
}
