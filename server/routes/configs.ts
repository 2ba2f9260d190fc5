import type { FastifyInstance } from 'fastify';
import { evaluate } from '../../engine/conditions/index.ts';
import type { Content } from '../content.ts';
import type { Market } from '../domain/document.ts';
import { ApiError } from '../http/errors.ts';
import { api } from './schema-refs.ts';
import { cobrandSettings, type Cobrands } from '../../domain/cobrands.ts';

type Query = { currency?: string; referralUrlId?: string };

/**
 * The visitor's market: the one whose currency the `currency` query names, else the `currency` cookie, else the
 * default market. Undefined when the query names a currency no market has (an unknown cookie falls back).
 */
export function chooseMarket(
  config: Pick<Content['config'], 'markets' | 'defaultMarket'>,
  currencyQuery: string | undefined,
  currencyCookie: string | undefined,
): Market | undefined {
  const requested = (currencyQuery ?? currencyCookie ?? '').toUpperCase();
  const found = requested
    ? (Object.entries(config.markets) as Array<[Market, (typeof config.markets)[Market]]>).find(
        ([, m]) => m.currency === requested,
      )
    : undefined;
  if (found) return found[0];
  return currencyQuery !== undefined && requested ? undefined : config.defaultMarket;
}

/**
 * GET /api/v2/configs[/{referralUrlId}] (doc2 §7): the environment configuration for the visitor's market,
 * chosen by the `currency` query, else the `currency` cookie, else the default market. A redirect row of
 * rules/config.json that holds answers 417 with its `location` (the browser goes there plus its path). `keys`: the
 * configured third-party script keys (AppOptions.scriptKeys), only when there are some. While the sandbox is on,
 * `defaults.pricing` is the market's example pricing of rules/sandbox.json (the configuration's, doc2 §9, is zero).
 */
export async function configRoutes(
  app: FastifyInstance,
  { content, keys = {}, sandbox = false }: { content: Content; keys?: Record<string, string>; sandbox?: boolean },
): Promise<void> {
  const { config } = content;
  const defaultsOf = (market: Market) => {
    const example = sandbox ? content.sandbox.pricing?.[market] : undefined;
    return example ? { ...config.defaults, pricing: example } : config.defaults;
  };
  const cobrands: Cobrands = content.accounts.cobrands ?? {};
  const schema = {
    querystring: api('configs-query'),
    response: { 200: api('configs'), '4xx': api('error') },
  };
  const handler = async (
    request: import('fastify').FastifyRequest<{ Querystring: Query; Params: { referralUrlId?: string } }>,
  ) => {
    const market = chooseMarket(config, request.query.currency, request.cookies.currency);
    if (!market)
      throw new ApiError('UNSUPPORTED_MARKET', [{ field: '/querystring/currency', key: 'errors.unsupportedMarket' }]);
    const referralUrlId = request.params.referralUrlId ?? request.query.referralUrlId;
    const context = { query: { ...request.query, referralUrlId }, market, currency: config.markets[market].currency };
    const redirect = config.redirects.find((row) => evaluate(row.when, context));
    if (redirect) throw new ApiError('REDIRECT_REQUIRED', [], { location: redirect.location });
    return {
      environment: config.environment,
      market,
      currency: config.markets[market].currency,
      locales: config.markets[market].locales,
      defaultMarket: config.defaultMarket,
      fallbackLocale: config.fallbackLocale,
      markets: config.markets,
      cookieHost: config.cookieHost,
      portalRules: config.portalRules,
      defaultPortal: config.defaultPortal,
      flags: config.flags,
      defaults: defaultsOf(market),
      constants: config.constants,
      ...(referralUrlId ? { referralUrlId } : {}),
      // doc1 §1, §4.4: the co-brand's portal, standalone flow, organisation, partner redirects and flags.
      ...cobrandSettings(cobrands, referralUrlId, config.flags),
      // The configured third-party script keys (rules/scripts.json reads environment.keys.*); absent when none.
      ...(Object.keys(keys).length ? { keys } : {}),
    };
  };
  app.get('/api/v2/configs', { schema }, handler);
  app.get(
    '/api/v2/configs/:referralUrlId',
    {
      schema: {
        ...schema,
        params: {
          type: 'object',
          additionalProperties: false,
          required: ['referralUrlId'],
          properties: { referralUrlId: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } },
        },
      },
    },
    handler,
  );
}
