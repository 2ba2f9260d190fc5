import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Content } from '../content.ts';
import { marketOf, type ApplicationDocument, type JsonObject, type Market } from '../domain/document.ts';
import { priceOrder, type Catalogue, type OrderTime, type PricedOrder } from '../domain/orders.ts';
import { ApiError } from '../http/errors.ts';
import { requireUser } from '../http/request-context.ts';
import type { SharedValidation } from '../http/shared-validation.ts';
import type { Database, Queryable } from '../storage/types.ts';
import { findApplication, updateApplication } from '../storage/applications.ts';
import { applicationStartedAt, attachPayment, findPayment } from '../storage/payments.ts';
import { documentProblems } from './document-checks.ts';
import { assertOwned } from './owned-application.ts';
import { api, errorResponses } from './schema-refs.ts';

/** The application's order as the document holds it: a quote (no id) or the created order. */
export interface StoredOrder {
  id?: string;
  paymentId?: string;
  displayBundles?: boolean;
  profiles?: Array<{ planKey: string; quantity: number }>;
  totals?: { totalCents?: number };
  submitted?: boolean;
}

export const orderOf = (doc: ApplicationDocument): StoredOrder => (doc.order ?? {}) as StoredOrder;

/** When the order is priced: now, and the application's start (the free-shipping window counts from it). */
export async function orderTime(db: Queryable, applicationId: string): Promise<OrderTime | undefined> {
  const startedAt = await applicationStartedAt(db, applicationId);
  return startedAt ? { startedAt, now: new Date() } : undefined;
}

/**
 * The application's quoted order priced again, now, by the one pricing function (server/domain/orders.ts): the stored
 * totals are never trusted. No quote: 409 `errors.orderMissing`.
 */
export async function repriceOrder(
  db: Queryable,
  content: Content,
  applicationId: string,
  doc: ApplicationDocument,
): Promise<PricedOrder> {
  const order = orderOf(doc);
  if (!Array.isArray(order.profiles) || order.profiles.length === 0)
    throw new ApiError('CONFLICT', [{ field: '/order', key: 'errors.orderMissing' }]);
  const catalogue: Catalogue = order.displayBundles === true ? 'bundles' : 'plans';
  const lines = order.profiles.map((p) => ({ planKey: String(p.planKey), quantity: Number(p.quantity) }));
  const priced = priceOrder(content.plans, marketOf(doc), lines, await orderTime(db, applicationId), catalogue);
  if ('problems' in priced) throw new ApiError('CONFLICT', [{ field: '/order', key: 'errors.orderMissing' }]);
  return priced;
}

/** An order already created (it has an id) takes no new quote and no payment: 409 `errors.orderAlreadyCreated`. */
export function assertNotCreated(doc: ApplicationDocument): void {
  if (typeof orderOf(doc).id === 'string')
    throw new ApiError('CONFLICT', [{ field: '/order', key: 'errors.orderAlreadyCreated' }]);
}

/**
 * Stores a quote as the application's order (not created: no id, `submitted` false) and answers it. `build` prices the
 * request with priceOrder; the shipping address is checked like every address (no PO box).
 */
export async function storeQuote(
  request: FastifyRequest<{ Params: { id: string } }>,
  deps: { db: Database; shared: SharedValidation },
  build: (doc: ApplicationDocument, market: Market, when: OrderTime | undefined) => JsonObject,
): Promise<JsonObject> {
  const updated = await updateApplication<ApplicationDocument>(deps.db, request.params.id, async (current, tx) => {
    const doc = assertOwned(request, current).document;
    assertNotCreated(doc);
    const market = marketOf(doc);
    const order = { ...build(doc, market, await orderTime(tx, current.id)), submitted: false };
    const { orderId: _stale, ...application } = doc.application;
    const next: ApplicationDocument = { ...doc, order, application };
    const problems = documentProblems(deps.shared, next, market, ['/order/address']).map((p) => ({
      ...p,
      field: p.field.replace(/^\/order/, ''),
    }));
    if (problems.length > 0) throw new ApiError('VALIDATION_FAILED', problems);
    return next;
  });
  if (!updated) throw new ApiError('APPLICATION_NOT_FOUND');
  return updated.document.order as JsonObject;
}

type Params = { id: string };
type QuoteBody = JsonObject & { profiles: Array<{ planKey: string; quantity: number }> };

/**
 * Orders (doc2 §7 Orders; doc1 §4.9 'payment, then order create, then submit, then verifying'):
 * - `POST .../orders/quote` `{address, profiles, feeProfiles?, type?, paymentMethod?}`: prices the order without
 *   creating it and keeps the priced choice as the application's order (no id, submitted false); answers 200 with it
 *   (its `totals` are what the payment must authorise); reseller bundles quote through `.../orders/bundles/quote`;
 * - `POST .../orders` `{paymentId?}`: creates the quoted order, priced again by the same function. A total above zero
 *   needs the application's own authorised payment of exactly that amount, not used by another order (400
 *   `errors.paymentRequired`, `errors.paymentUnknown`, `errors.paymentAmountMismatch`; 409 `errors.paymentUsed`); a
 *   zero total needs none. A retry (same payment) answers the same order (200); any other request once an order exists
 *   is 409 `errors.orderAlreadyCreated`. Refusals change nothing;
 * - `GET .../orders/{orderId}`: the created order.
 */
export async function orderRoutes(
  app: FastifyInstance,
  { db, shared, content }: { db: Database; shared: SharedValidation; content: Content },
): Promise<void> {
  app.post<{ Params: Params; Body: QuoteBody }>(
    '/api/v2/applications/:id/orders/quote',
    {
      preHandler: requireUser,
      schema: {
        params: api('application-params'),
        body: api('order-quote'),
        response: { 200: api('order'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const order = await storeQuote(request, { db, shared }, (_doc, market, when) => {
        const priced = priceOrder(content.plans, market, body.profiles, when);
        if ('problems' in priced) throw new ApiError('VALIDATION_FAILED', priced.problems);
        // A device ships, so it needs the address; a no-device choice has none.
        const ships = priced.profiles.some((profile) => profile.device !== 'NO_DEVICE');
        if (ships && !body.address)
          throw new ApiError('VALIDATION_FAILED', [{ field: '/address', key: 'validation.required' }]);
        return {
          type: (body.type as string | undefined) ?? priced.type,
          paymentMethod: (body.paymentMethod as string | undefined) ?? content.config.defaults.paymentMethod ?? 'BANK',
          ...(ships ? { address: body.address as JsonObject } : {}),
          feeProfiles: (body.feeProfiles as JsonObject[] | undefined) ?? [],
          profiles: priced.profiles,
          totals: priced.totals,
        };
      });
      return reply.header('cache-control', 'no-store').send(order);
    },
  );

  app.post<{ Params: Params; Body: { paymentId?: string | null } }>(
    '/api/v2/applications/:id/orders',
    {
      preHandler: requireUser,
      schema: {
        params: api('application-params'),
        body: api('order-create'),
        response: { 201: api('order'), 200: api('order'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const paymentId = request.body?.paymentId ?? undefined;
      let repeated = false;
      const updated = await updateApplication<ApplicationDocument>(db, request.params.id, async (current, tx) => {
        const doc = assertOwned(request, current).document;
        const stored = orderOf(doc);
        if (typeof stored.id === 'string') {
          // A retry of the request that created it (same payment, or none for a free order) answers that order.
          if (stored.paymentId === paymentId) {
            repeated = true;
            return doc;
          }
          throw new ApiError('CONFLICT', [{ field: '/order', key: 'errors.orderAlreadyCreated' }]);
        }
        const priced = await repriceOrder(tx, content, current.id, doc);
        const id = `ord_${randomUUID()}`;
        if (paymentId !== undefined) {
          const payment = await findPayment(tx, paymentId, true);
          if (!payment || payment.applicationId !== current.id)
            throw new ApiError('VALIDATION_FAILED', [{ field: '/paymentId', key: 'errors.paymentUnknown' }]);
          if (payment.orderId !== null)
            throw new ApiError('CONFLICT', [{ field: '/paymentId', key: 'errors.paymentUsed' }]);
          if (payment.amountCents !== priced.totals.totalCents)
            throw new ApiError('VALIDATION_FAILED', [{ field: '/paymentId', key: 'errors.paymentAmountMismatch' }]);
          if (!(await attachPayment(tx, paymentId, id)))
            throw new ApiError('CONFLICT', [{ field: '/paymentId', key: 'errors.paymentUsed' }]);
        } else if (priced.totals.totalCents > 0) {
          throw new ApiError('VALIDATION_FAILED', [{ field: '/paymentId', key: 'errors.paymentRequired' }]);
        }
        const order = {
          ...(doc.order as JsonObject),
          id,
          profiles: priced.profiles,
          totals: priced.totals,
          ...(paymentId !== undefined ? { paymentId } : {}),
          submitted: true,
        };
        return { ...doc, order, application: { ...doc.application, orderId: id } } as ApplicationDocument;
      });
      if (!updated) throw new ApiError('APPLICATION_NOT_FOUND');
      return reply.code(repeated ? 200 : 201).send(updated.document.order);
    },
  );

  app.get<{ Params: Params & { orderId: string } }>(
    '/api/v2/applications/:id/orders/:orderId',
    {
      preHandler: requireUser,
      schema: { params: api('order-params'), response: { 200: api('order'), ...errorResponses } },
    },
    async (request, reply) => {
      const row = assertOwned(request, await findApplication<ApplicationDocument>(db, request.params.id));
      if (orderOf(row.document).id !== request.params.orderId) throw new ApiError('NOT_FOUND');
      return reply.header('cache-control', 'no-store').send(row.document.order);
    },
  );
}
