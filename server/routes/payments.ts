import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Content } from '../content.ts';
import { marketOf, type ApplicationDocument, type JsonObject } from '../domain/document.ts';
import { priceOrder } from '../domain/orders.ts';
import { ApiError } from '../http/errors.ts';
import { requireUser } from '../http/request-context.ts';
import type { SharedValidation } from '../http/shared-validation.ts';
import type { CardVault, CardInput } from '../sandbox/vault/provider.ts';
import type { Database } from '../storage/index.ts';
import { findApplication, updateApplication } from '../storage/applications.ts';
import { insertPayment } from '../storage/payments.ts';
import { documentProblems } from './document-checks.ts';
import { assertOwned } from './owned-application.ts';
import { api, errorResponses } from './schema-refs.ts';

type Params = { id: string };
type PaymentBody = { amount: number; financialInstrumentId: string; orderId?: string };

/**
 * The amount authorised is the API's own price, never the browser's (doc2 §9 amounts in cents; doc1 §4.9 payment
 * after order create): the application must have an order (409 `errors.orderMissing`), `orderId`, when sent, must be
 * that order (400 `errors.orderUnknown`), and `amount` must equal its `totals.totalCents` to the cent
 * (400 `errors.paymentAmountMismatch`). Nothing is charged or recorded otherwise.
 */
export function assertOrderTotal(doc: ApplicationDocument, body: PaymentBody): void {
  const order = doc.order as { id?: unknown; totals?: { totalCents?: unknown } };
  if (typeof order.id !== 'string' || typeof order.totals?.totalCents !== 'number')
    throw new ApiError('CONFLICT', [{ field: '/amount', key: 'errors.orderMissing' }]);
  if (body.orderId !== undefined && body.orderId !== order.id)
    throw new ApiError('VALIDATION_FAILED', [{ field: '/orderId', key: 'errors.orderUnknown' }]);
  if (body.amount !== order.totals.totalCents)
    throw new ApiError('VALIDATION_FAILED', [{ field: '/amount', key: 'errors.paymentAmountMismatch' }]);
}

/**
 * Cards, payments and orders (doc2 §7 Financial instruments and payments, Orders; doc1 §4.9):
 * - `POST /sandbox/vault/cards`: the card vault (a separate service in real life): takes the card, answers a token;
 * - `POST .../financial-instruments/credit-cards` `{token}`: files the vaulted card; answers financial_instrument_id;
 * - `POST .../payments` `{amount (cents), financialInstrumentId, orderId?}`: authorises the card for the order's total
 *   (not charged until approval); an amount other than the order's totals.totalCents is refused;
 *   a declined card is 402 (doc2 §8 'Payment declined'); an Idempotency-Key makes retries safe;
 * - `POST .../orders` and `GET .../orders/{orderId}`: the order, priced from rules/plans.json in cents.
 */
export async function paymentRoutes(
  app: FastifyInstance,
  { db, shared, content, vault }: { db: Database; shared: SharedValidation; content: Content; vault: CardVault },
): Promise<void> {
  app.post<{ Body: CardInput }>(
    '/sandbox/vault/cards',
    { preHandler: requireUser, schema: { body: api('vault-card'), response: { 201: api('vault-token'), ...errorResponses } } },
    async (request, reply) => {
      const result = await vault.tokenize(request.body);
      if (!result.ok) throw new ApiError('SERVICE_UNAVAILABLE', [{ field: '/number', key: 'errors.cardSave' }]);
      return reply.code(201).send({ token: result.token, brand: result.brand, last4: result.last4 });
    },
  );

  app.post<{ Params: Params; Body: { token: string; primary?: boolean } }>(
    '/api/v2/applications/:id/financial-instruments/credit-cards',
    { preHandler: requireUser, schema: { params: api('application-params'), body: api('credit-card-instrument'), response: { 201: api('credit-card-instrument-created'), ...errorResponses } } },
    async (request, reply) => {
      const card = await vault.describe(request.body.token);
      if (!card) throw new ApiError('VALIDATION_FAILED', [{ field: '/token', key: 'errors.cardTokenUnknown' }]);
      const instrumentId = `fi_${randomUUID()}`;
      const updated = await updateApplication<ApplicationDocument>(db, request.params.id, (current) => {
        const doc = assertOwned(request, current).document;
        const instruments = (doc.bank.financialInstruments ?? {}) as JsonObject;
        return {
          ...doc,
          bank: {
            ...doc.bank,
            creditCard: { token: card.token, brand: card.brand, last4: card.last4, primary: request.body.primary ?? false },
            financialInstruments: { ...instruments, cardId: instrumentId },
          },
        };
      });
      if (!updated) throw new ApiError('APPLICATION_NOT_FOUND');
      return reply.code(201).send({ financial_instrument_id: instrumentId, brand: card.brand, last4: card.last4 });
    },
  );

  app.post<{ Params: Params; Body: PaymentBody }>(
    '/api/v2/applications/:id/payments',
    {
      preHandler: requireUser,
      schema: {
        params: api('application-params'),
        body: api('payment'),
        headers: { type: 'object', properties: { 'idempotency-key': { type: 'string', minLength: 1, maxLength: 200, pattern: '^[\\x21-\\x7e]+$' } } },
        response: { 201: api('payment-created'), 200: api('payment-created'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = assertOwned(request, await findApplication<ApplicationDocument>(db, request.params.id));
      const bank = row.document.bank as { financialInstruments?: { cardId?: string }; creditCard?: { token?: string } };
      if (bank.financialInstruments?.cardId !== request.body.financialInstrumentId || !bank.creditCard?.token)
        throw new ApiError('VALIDATION_FAILED', [{ field: '/financialInstrumentId', key: 'errors.instrumentUnknown' }]);
      assertOrderTotal(row.document, request.body);
      const outcome = await vault.charge(bank.creditCard.token, request.body.amount);
      if (outcome !== 'APPROVED') throw new ApiError('PAYMENT_DECLINED', [{ field: '/financialInstrumentId', key: 'errors.paymentDeclined' }]);
      const key = request.headers['idempotency-key'];
      const { payment, created } = await insertPayment(db, {
        applicationId: row.id,
        financialInstrumentId: request.body.financialInstrumentId,
        amountCents: request.body.amount,
        status: 'AUTHORIZED',
        ...(typeof key === 'string' ? { idempotencyKey: key } : {}),
      });
      return reply.code(created ? 201 : 200).send({ paymentId: payment.id, status: payment.status, amount: payment.amountCents });
    },
  );

  app.post<{ Params: Params; Body: JsonObject & { profiles: Array<{ planKey: string; quantity: number }> } }>(
    '/api/v2/applications/:id/orders',
    { preHandler: requireUser, schema: { params: api('application-params'), body: api('order-create'), response: { 201: api('order'), ...errorResponses } } },
    async (request, reply) => {
      const body = request.body;
      const updated = await updateApplication<ApplicationDocument>(db, request.params.id, (current) => {
        const doc = assertOwned(request, current).document;
        const market = marketOf(doc);
        const priced = priceOrder(content.plans, market, body.profiles);
        if ('problems' in priced) throw new ApiError('VALIDATION_FAILED', priced.problems);
        const order = {
          id: `ord_${randomUUID()}`,
          type: body.type ?? priced.type,
          paymentMethod: body.paymentMethod ?? content.config.defaults.paymentMethod ?? 'BANK',
          address: body.address,
          feeProfiles: body.feeProfiles ?? [],
          profiles: priced.profiles,
          totals: priced.totals,
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

  app.get<{ Params: Params & { orderId: string } }>(
    '/api/v2/applications/:id/orders/:orderId',
    { preHandler: requireUser, schema: { params: api('order-params'), response: { 200: api('order'), ...errorResponses } } },
    async (request, reply) => {
      const row = assertOwned(request, await findApplication<ApplicationDocument>(db, request.params.id));
      if (row.document.order.id !== request.params.orderId) throw new ApiError('NOT_FOUND');
      return reply.header('cache-control', 'no-store').send(row.document.order);
    },
  );
}
