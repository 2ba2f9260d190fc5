import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Content } from '../content.ts';
import type { ApplicationDocument, Market } from '../domain/document.ts';
import { marketOf } from '../domain/document.ts';
import { predictIndustries } from '../domain/predict.ts';
import { ApiError } from '../http/errors.ts';
import { requireUser, userOf } from '../http/request-context.ts';
import type { AddressLookup } from '../sandbox/address/provider.ts';
import type { Lender } from '../sandbox/lender/provider.ts';
import { html, sandboxPage, sendHtml } from '../sandbox/page.ts';
import type { Database } from '../storage/index.ts';
import { listApplicationsByOwner } from '../storage/applications.ts';
import { api, errorResponses } from './schema-refs.ts';

/** The signed-in user's applications of one business (403 when there are none: not their business). */
async function businessApplications(
  db: Database,
  request: FastifyRequest,
  businessId: string,
): Promise<ApplicationDocument[]> {
  const rows = await listApplicationsByOwner<ApplicationDocument>(db, userOf(request).id);
  const docs = rows.map((r) => r.document).filter((d) => d.application.businessId === businessId);
  if (docs.length === 0)
    throw new ApiError('FORBIDDEN', [{ field: '/querystring/businessId', key: 'errors.forbidden' }]);
  return docs;
}

/** The business's name as its merchant knows it: the doing-business-as name, else the legal name. */
function businessNameOf(docs: ApplicationDocument[]): string {
  for (const d of docs) {
    const company = d.company as { dba?: unknown; name?: unknown } | undefined;
    for (const name of [company?.dba, company?.name]) if (typeof name === 'string' && name.trim()) return name.trim();
  }
  return '';
}

/**
 * Reference calls (doc2 §7 Configuration and reference data): plans, category prediction, cash-advance
 * offers and the lender redirect, and the address lookup (doc2 §7 Other).
 */
export async function referenceRoutes(
  app: FastifyInstance,
  {
    db,
    content,
    lender,
    addressLookup,
  }: { db: Database; content: Content; lender: Lender; addressLookup: AddressLookup },
): Promise<void> {
  const marketOfCurrency = (currency: string | undefined): Market | undefined =>
    (Object.entries(content.config.markets) as Array<[Market, { currency: string }]>).find(
      ([, m]) => m.currency === currency?.toUpperCase(),
    )?.[0];

  app.get<{ Querystring: { businessId?: string; currency?: string } }>(
    '/api/v2/configs/plans',
    { schema: { querystring: api('plans-query'), response: { 200: api('plans'), ...errorResponses } } },
    async (request, reply) => {
      let market: Market = content.config.defaultMarket;
      if (request.query.businessId) {
        if (!request.user) throw new ApiError('UNAUTHENTICATED');
        market = marketOf((await businessApplications(db, request, request.query.businessId))[0]!);
      } else if (request.query.currency) {
        const found = marketOfCurrency(request.query.currency);
        if (!found)
          throw new ApiError('UNSUPPORTED_MARKET', [
            { field: '/querystring/currency', key: 'errors.unsupportedMarket' },
          ]);
        market = found;
      } else market = marketOfCurrency(request.cookies.currency) ?? market;
      const plans = content.plans.markets[market].map((p) => ({ ...p, perUnitCents: Math.round(p.perUnit * 100) }));
      return reply.send({
        market,
        currency: content.config.markets[market].currency,
        plans,
        shippingCents: Math.round(content.plans.shipping[market] * 100),
      });
    },
  );

  app.get<{ Querystring: { inputs: string } }>(
    '/api/v2/categories/predict',
    {
      schema: {
        querystring: api('category-predict-query'),
        response: { 200: api('category-prediction'), ...errorResponses },
      },
    },
    async (request) => {
      const t = request.translator;
      const labelOf = (id: number) => t.t(`categories.industry.${id}`);
      return { top10LabelMlType: predictIndustries(content.categories, request.query.inputs, labelOf) };
    },
  );

  app.get<{ Querystring: { businessId: string } }>(
    '/api/v2/cash-advance-offers',
    {
      preHandler: requireUser,
      schema: { querystring: api('offers-query'), response: { 200: api('offers'), ...errorResponses } },
    },
    async (request, reply) => {
      const docs = await businessApplications(db, request, request.query.businessId);
      const decision = docs
        .map((d) => d.application.decision)
        .find((d) => d && content.offers.eligibleDecisions.includes(d));
      const currency = content.config.markets[marketOf(docs[0]!)].currency;
      const businessName = businessNameOf(docs);
      const offers = lender.offers(request.query.businessId, decision).map((o) => ({ ...o, currency, businessName }));
      return reply.header('cache-control', 'no-store').send({ offers });
    },
  );

  app.get<{ Params: { offerId: string } }>(
    '/api/v2/cash-advance-offers/:offerId/redirect',
    {
      preHandler: requireUser,
      schema: { params: api('offer-params'), response: { 200: api('redirect'), ...errorResponses } },
    },
    async (request) => {
      const businessId = request.params.offerId.replace(/^off_[a-z]+_/, '');
      const docs = await businessApplications(db, request, businessId);
      const decision = docs
        .map((d) => d.application.decision)
        .find((d) => d && content.offers.eligibleDecisions.includes(d));
      const offer = lender.offers(businessId, decision).find((o) => o.offerId === request.params.offerId);
      if (!offer) throw new ApiError('NOT_FOUND', [{ field: '/offerId', key: 'errors.offerUnknown' }]);
      return { location: lender.redirectUrl(offer) };
    },
  );

  app.get<{ Querystring: { offerId: string; businessId?: string } }>(
    '/sandbox/lender',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['offerId'],
          properties: {
            offerId: { type: 'string', maxLength: 100 },
            businessId: { type: 'string', maxLength: 100 },
          },
        },
      },
    },
    async (request, reply) => {
      const t = request.translator;
      const { offerId } = request.query;
      const businessId = request.query.businessId ?? offerId.replace(/^off_[a-z]+_/, '');
      // The lender says who it is and what the merchant is accepting (doc1 §2.7: up to an amount, repaid as a share
      // of daily sales) for which business, when the signed-in merchant owns it; Back keeps the business.
      let terms: string | undefined;
      let back = '/accounts';
      if (request.user) {
        const docs = await businessApplications(db, request, businessId).catch(() => []);
        const decision = docs
          .map((d) => d.application.decision)
          .find((d) => d && content.offers.eligibleDecisions.includes(d));
        const offer = docs.length ? lender.offers(businessId, decision).find((o) => o.offerId === offerId) : undefined;
        if (offer) {
          const currency = content.config.markets[marketOf(docs[0]!)].currency;
          const amount = new Intl.NumberFormat(t.locale, {
            style: 'currency',
            currency,
            maximumFractionDigits: offer.amountCents % 100 === 0 ? 0 : 2,
          }).format(offer.amountCents / 100);
          terms = t.t('sandbox.lender.terms', {
            lenderName: offer.lenderName,
            businessName: businessNameOf(docs) || t.t('sandbox.lender.yourBusiness'),
            amount,
            dailySalesPercent: offer.dailySalesPercent,
          });
          back = `/cashadvanceoffers?businessId=${encodeURIComponent(businessId)}`;
        }
      }
      return sendHtml(
        reply,
        200,
        sandboxPage(
          t,
          t.t('sandbox.lender.title', { lenderName: content.offers.lenderName }),
          html`${terms ? html`<p>${terms}</p>` : ''}<p>${t.t('sandbox.lender.body')}</p><p><a href="${back}">${t.t(terms ? 'sandbox.lender.back' : 'sandbox.lender.accounts')}</a></p>`,
        ),
      );
    },
  );

  app.get<{ Querystring: { q: string; country?: 'US' | 'CA' } }>(
    '/api/v2/address-lookup',
    {
      preHandler: requireUser,
      schema: { querystring: api('address-lookup-query'), response: { 200: api('address-lookup'), ...errorResponses } },
    },
    async (request) => ({ results: await addressLookup.search(request.query.q, request.query.country) }),
  );
}
