import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Content } from '../content.ts';
import type { ApplicationDocument, JsonObject } from '../domain/document.ts';
import { ApiError } from '../http/errors.ts';
import { requireUser, userOf } from '../http/request-context.ts';
import type { SharedValidation } from '../http/shared-validation.ts';
import type { CardVault, CardInput } from '../sandbox/vault/provider.ts';
import type { Database } from '../storage/index.ts';
import { findApplication, updateApplication } from '../storage/applications.ts';
import { findPaymentByKey, insertPayment } from '../storage/payments.ts';
import { assertOwned } from './owned-application.ts';
import { assertNotCreated, orderRoutes, repriceOrder } from './orders.ts';
import { api, errorResponses } from './schema-refs.ts';
import { idempotencyHeaders, idempotencyKeyOf, keyReused, requestFingerprint } from '../http/idempotency.ts';

type Params = { id: string };
type PaymentBody = { amount: number; financialInstrumentId: string };

/**
 * Cards and payments (doc2 §7 Financial instruments and payments; doc1 §4.9 'payment, then order create, then submit,
 * then verifying'); the order calls are server/routes/orders.ts:
 * - `POST /sandbox/vault/cards`: the card vault (a separate service in real life): takes the card, answers a token;
 * - `POST .../financial-instruments/credit-cards` `{token}`: files the vaulted card; answers financial_instrument_id;
 * - `POST .../payments` `{amount (cents), financialInstrumentId}`: authorises the card for the quoted order's total
 *   (not charged until approval). The amount is the API's price, never the browser's: the application must have a
 *   quoted order (409 `errors.orderMissing`), not one already created (409 `errors.orderAlreadyCreated`), and
 *   `amount` must equal its total priced again now by the one pricing function (400 `errors.paymentAmountMismatch`),
 *   so a zero total takes no payment. A declined card is 402 (doc2 §8 'Payment declined'). An Idempotency-Key makes a
 *   retry answer the first payment without authorising again. A refused payment authorises and records nothing.
 */
export async function paymentRoutes(
  app: FastifyInstance,
  { db, shared, content, vault }: { db: Database; shared: SharedValidation; content: Content; vault: CardVault },
): Promise<void> {
  app.post<{ Body: CardInput }>(
    '/sandbox/vault/cards',
    {
      preHandler: requireUser,
      schema: { body: api('vault-card'), response: { 201: api('vault-token'), ...errorResponses } },
    },
    async (request, reply) => {
      const result = await vault.tokenize(request.body, userOf(request).id);
      if (!result.ok) throw new ApiError('SERVICE_UNAVAILABLE', [{ field: '/number', key: 'errors.cardSave' }]);
      return reply.code(201).send({ token: result.token, brand: result.brand, last4: result.last4 });
    },
  );

  app.post<{ Params: Params; Body: { token: string; primary?: boolean } }>(
    '/api/v2/applications/:id/financial-instruments/credit-cards',
    {
      preHandler: requireUser,
      schema: {
        params: api('application-params'),
        body: api('credit-card-instrument'),
        response: { 201: api('credit-card-instrument-created'), ...errorResponses },
      },
    },
    async (request, reply) => {
      // A token is this user's, for this application only (another's is as unknown as a made-up one).
      assertOwned(request, await findApplication<ApplicationDocument>(db, request.params.id));
      const card = await vault.claim(request.body.token, {
        userId: userOf(request).id,
        applicationId: request.params.id,
      });
      if (!card) throw new ApiError('VALIDATION_FAILED', [{ field: '/token', key: 'errors.cardTokenUnknown' }]);
      const instrumentId = `fi_${randomUUID()}`;
      const updated = await updateApplication<ApplicationDocument>(db, request.params.id, (current) => {
        const doc = assertOwned(request, current).document;
        const instruments = (doc.bank.financialInstruments ?? {}) as JsonObject;
        return {
          ...doc,
          bank: {
            ...doc.bank,
            creditCard: {
              token: card.token,
              brand: card.brand,
              last4: card.last4,
              primary: request.body.primary ?? false,
            },
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
        // A payment must carry an Idempotency-Key (400 without): a retry must never authorise twice.
        headers: idempotencyHeaders(true),
        response: { 201: api('payment-created'), 200: api('payment-created'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = assertOwned(request, await findApplication<ApplicationDocument>(db, request.params.id));
      const bank = row.document.bank as { financialInstruments?: { cardId?: string }; creditCard?: { token?: string } };
      if (bank.financialInstruments?.cardId !== request.body.financialInstrumentId || !bank.creditCard?.token)
        throw new ApiError('VALIDATION_FAILED', [{ field: '/financialInstrumentId', key: 'errors.instrumentUnknown' }]);
      const key = idempotencyKeyOf(request);
      if (key === undefined)
        throw new ApiError('VALIDATION_FAILED', [{ field: '/headers/idempotency-key', key: 'validation.required' }]);
      const fingerprint = requestFingerprint(request);
      const earlier = await findPaymentByKey(db, row.id, key);
      // The same key with another request (another amount or card) is refused, never answered with the first payment.
      if (earlier && earlier.requestHash && earlier.requestHash !== fingerprint) throw keyReused(key);
      if (earlier)
        return reply.code(200).send({ paymentId: earlier.id, status: earlier.status, amount: earlier.amountCents });
      assertNotCreated(row.document);
      const priced = await repriceOrder(db, content, row.id, row.document);
      if (request.body.amount !== priced.totals.totalCents)
        throw new ApiError('VALIDATION_FAILED', [{ field: '/amount', key: 'errors.paymentAmountMismatch' }]);
      const outcome = await vault.authorise(bank.creditCard.token, request.body.amount, {
        userId: userOf(request).id,
        applicationId: row.id,
      });
      if (outcome === 'UNKNOWN_TOKEN')
        throw new ApiError('VALIDATION_FAILED', [{ field: '/financialInstrumentId', key: 'errors.instrumentUnknown' }]);
      if (outcome !== 'APPROVED')
        throw new ApiError('PAYMENT_DECLINED', [{ field: '/financialInstrumentId', key: 'errors.paymentDeclined' }]);
      const { payment, created } = await insertPayment(db, {
        applicationId: row.id,
        financialInstrumentId: request.body.financialInstrumentId,
        amountCents: request.body.amount,
        status: 'AUTHORIZED',
        idempotencyKey: key,
        requestHash: fingerprint,
      });
      // Lost a race to a concurrent payment under the same key with another request: refused too.
      if (!created && payment.requestHash && payment.requestHash !== fingerprint) throw keyReused(key);
      return reply
        .code(created ? 201 : 200)
        .send({ paymentId: payment.id, status: payment.status, amount: payment.amountCents });
    },
  );

  await app.register(orderRoutes, { db, shared, content });
}
