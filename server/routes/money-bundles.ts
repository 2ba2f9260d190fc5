import type { FastifyInstance } from 'fastify';
import type { Content } from '../content.ts';
import type { JsonObject } from '../domain/document.ts';
import { priceOrder } from '../domain/orders.ts';
import { ApiError } from '../http/errors.ts';
import { requireUser } from '../http/request-context.ts';
import type { SharedValidation } from '../http/shared-validation.ts';
import type { Database } from '../storage/index.ts';
import { storeQuote } from './orders.ts';
import { api, errorResponses } from './schema-refs.ts';

interface BundleBody {
  kind: 'restaurant' | 'retail';
  twoScreens: boolean;
  quantity: number;
  licences: number;
  address: JsonObject;
}

const bodySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['kind', 'twoScreens', 'quantity', 'licences', 'address'],
  properties: {
    kind: { enum: ['restaurant', 'retail'] },
    twoScreens: { type: 'boolean' },
    quantity: { type: 'integer', minimum: 1, maximum: 10 },
    licences: { type: 'integer', minimum: 0, maximum: 20 },
    address: {
      type: 'object',
      allOf: [{ $ref: 'https://schemas.onboarding.local/api/common.schema.json#/$defs/address' }],
      required: ['line1', 'city', 'zip', 'countryCode'],
    },
  },
} as const;

/**
 * A reseller bundle quote (doc1 §2.7 'reseller bundle choice (restaurant or retail) with licence quantity, optional
 * two-screen upgrade'; doc1 §3 bundleQuantity; doc2 §9 amounts in cents, shipping added to a device order, free
 * shipping days): `POST /api/v2/applications/{id}/orders/bundles/quote` names the kind's bundle (or its two-screen
 * upgrade) and the licences, prices them with the one pricing function (server/domain/orders.ts, bundle prices of
 * rules/plans.json) and keeps the quote as the application's order like `POST .../orders/quote` does (type RENT,
 * bundleQuantity, quantity.license, displayBundles), not created: the payment and `POST .../orders` follow
 * (server/routes/orders.ts). A licence count different from the bundle count is allowed: the screen warns and the
 * applicant confirms (doc1 §4.9). Answers 200 with the quote.
 */
export async function moneyBundleRoutes(
  app: FastifyInstance,
  { shared, content, db }: { db: Database; shared: SharedValidation; content: Content },
): Promise<void> {
  app.post<{ Params: { id: string }; Body: BundleBody }>(
    '/api/v2/applications/:id/orders/bundles/quote',
    {
      preHandler: requireUser,
      schema: {
        params: api('application-params'),
        body: bodySchema,
        response: { 200: api('order'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const order = await storeQuote(request, { db, shared }, (_doc, market, when) => {
        const kind = content.plans.bundles[market].kinds[body.kind];
        const key = body.twoScreens ? kind.upgradeKey : kind.bundleKey;
        const lines = [
          { planKey: key, quantity: body.quantity },
          ...(body.licences > 0 ? [{ planKey: 'LICENSE', quantity: body.licences }] : []),
        ];
        const priced = priceOrder(content.plans, market, lines, when, 'bundles');
        if ('problems' in priced)
          throw new ApiError('VALIDATION_FAILED', [{ field: '/kind', key: 'errors.planUnknown' }]);
        return {
          type: 'RENT',
          paymentMethod: 'CARD',
          address: body.address,
          bundleQuantity: { [key]: body.quantity, LICENSE: body.licences },
          quantity: { license: body.licences, total: body.quantity },
          displayBundles: true,
          profiles: priced.profiles,
          totals: priced.totals,
        };
      });
      return reply.header('cache-control', 'no-store').send(order);
    },
  );
}
