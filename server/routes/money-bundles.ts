import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Content } from '../content.ts';
import { marketOf, type ApplicationDocument, type JsonObject } from '../domain/document.ts';
import { ApiError } from '../http/errors.ts';
import { requireUser } from '../http/request-context.ts';
import type { SharedValidation } from '../http/shared-validation.ts';
import type { Database } from '../storage/index.ts';
import { updateApplication } from '../storage/applications.ts';
import { documentProblems } from './document-checks.ts';
import { assertOwned } from './owned-application.ts';
import { api, errorResponses } from './schema-refs.ts';

/** One bundle price of rules/plans.json `bundles.<market>.prices`. */
interface BundlePlan {
  planKey: string;
  planName: string;
  device: string;
  perUnit: number;
  trialPeriodDays: number;
  frequency?: 'MONTHLY';
}

/** rules/plans.json `bundles` (checked against its meta-schema when the content loads). */
type BundleRules = Record<'US' | 'CA', { kinds: Record<'restaurant' | 'retail', { bundleKey: string; upgradeKey: string }>; prices: BundlePlan[] }>;

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
    address: { type: 'object', allOf: [{ $ref: 'https://schemas.onboarding.local/api/common.schema.json#/$defs/address' }], required: ['line1', 'city', 'zip', 'countryCode'] },
  },
} as const;

const cents = (units: number) => Math.round(units * 100);

/**
 * A reseller bundle order (doc1 §2.7 'reseller bundle choice (restaurant or retail) with licence quantity, optional
 * two-screen upgrade'; doc1 §3 bundleQuantity; doc2 §9 amounts in cents, shipping added to a device order):
 * `POST /api/v2/applications/{id}/orders/bundles` prices the kind's bundle (or its two-screen upgrade) and the
 * licences from rules/plans.json and stores the order like `POST .../orders` does (type RENT, profiles priced in
 * cents, totals), with bundleQuantity and quantity.license. A licence count different from the bundle count is
 * allowed: the screen warns and the applicant confirms (doc1 §4.9). Answers 201 with the order.
 */
export async function moneyBundleRoutes(
  app: FastifyInstance,
  { shared, content, db }: { db: Database; shared: SharedValidation; content: Content },
): Promise<void> {
  const bundles = (content.plans as unknown as { bundles: BundleRules }).bundles;
  app.post<{ Params: { id: string }; Body: BundleBody }>(
    '/api/v2/applications/:id/orders/bundles',
    { preHandler: requireUser, schema: { params: api('application-params'), body: bodySchema, response: { 201: api('order'), ...errorResponses } } },
    async (request, reply) => {
      const body = request.body;
      const updated = await updateApplication<ApplicationDocument>(db, request.params.id, (current) => {
        const doc = assertOwned(request, current).document;
        const market = marketOf(doc);
        const rules = bundles[market];
        const kind = rules.kinds[body.kind];
        const key = body.twoScreens ? kind.upgradeKey : kind.bundleKey;
        const price = (planKey: string) => {
          const plan = rules.prices.find((p) => p.planKey === planKey);
          if (!plan) throw new ApiError('VALIDATION_FAILED', [{ field: '/kind', key: 'errors.planUnknown' }]);
          return plan;
        };
        const lines = [{ plan: price(key), quantity: body.quantity }, ...(body.licences > 0 ? [{ plan: price('LICENSE'), quantity: body.licences }] : [])];
        const profiles = lines.map(({ plan, quantity }) => ({
          planKey: plan.planKey,
          planName: plan.planName,
          device: plan.device,
          quantity,
          perUnitCents: cents(plan.perUnit),
          upfrontCents: plan.trialPeriodDays > 0 ? 0 : cents(plan.perUnit) * quantity,
          trialPeriodDays: plan.trialPeriodDays,
          ...(plan.frequency ? { frequency: plan.frequency } : {}),
        }));
        const subtotalCents = profiles.reduce((sum, p) => sum + p.upfrontCents, 0);
        const shippingCents = cents(content.plans.shipping[market]);
        const order = {
          id: `ord_${randomUUID()}`,
          type: 'RENT',
          paymentMethod: 'CARD',
          address: body.address,
          bundleQuantity: { [key]: body.quantity, LICENSE: body.licences },
          quantity: { license: body.licences, total: body.quantity },
          displayBundles: true,
          profiles,
          totals: { subtotalCents, shippingCents, totalCents: subtotalCents + shippingCents },
          submitted: true,
        };
        const next = { ...doc, order, application: { ...doc.application, orderId: order.id } };
        const problems = documentProblems(shared, next, market, ['/order/address']).map((p) => ({ ...p, field: p.field.replace(/^\/order/, '') }));
        if (problems.length > 0) throw new ApiError('VALIDATION_FAILED', problems);
        return next;
      });
      if (!updated) throw new ApiError('APPLICATION_NOT_FOUND');
      return reply.code(201).send(updated.document.order);
    },
  );
}
