import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from './types.ts';

/** A recorded payment (amount in cents). */
export interface PaymentRow {
  id: string;
  amountCents: number;
  status: string;
  /** The fingerprint of the request that made it (server/http/idempotency.ts), when it was kept. */
  requestHash?: string | null;
}

/**
 * Records a payment once per (application, idempotency key): a retry with the same key answers the first payment
 * and `created: false`.
 */
export async function insertPayment(
  db: Database,
  p: {
    applicationId: string;
    financialInstrumentId: string;
    amountCents: number;
    status: string;
    idempotencyKey?: string;
    requestHash?: string;
  },
): Promise<{ payment: PaymentRow; created: boolean }> {
  try {
    return await insertOnce(db, p);
  } catch (error) {
    // Lost a race with a concurrent retry using the same key: the winner's payment is now visible.
    if (p.idempotencyKey && (error as { code?: string }).code === '23505') return insertOnce(db, p);
    throw error;
  }
}

async function insertOnce(
  db: Database,
  p: {
    applicationId: string;
    financialInstrumentId: string;
    amountCents: number;
    status: string;
    idempotencyKey?: string;
    requestHash?: string;
  },
): Promise<{ payment: PaymentRow; created: boolean }> {
  return db.transaction(async (tx) => {
    if (p.idempotencyKey) {
      const { rows } = await tx.query<{
        id: string;
        amount_cents: string | number;
        status: string;
        request_hash: string | null;
      }>(
        'SELECT id, amount_cents, status, request_hash FROM payments WHERE application_id = $1 AND idempotency_key = $2',
        [p.applicationId, p.idempotencyKey],
      );
      if (rows[0])
        return {
          payment: {
            id: rows[0].id,
            amountCents: Number(rows[0].amount_cents),
            status: rows[0].status,
            requestHash: rows[0].request_hash,
          },
          created: false,
        };
    }
    const id = `pay_${randomUUID()}`;
    await tx.query(
      'INSERT INTO payments (id, application_id, financial_instrument_id, amount_cents, status, idempotency_key, request_hash) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [
        id,
        p.applicationId,
        p.financialInstrumentId,
        p.amountCents,
        p.status,
        p.idempotencyKey ?? null,
        p.requestHash ?? null,
      ],
    );
    return {
      payment: { id, amountCents: p.amountCents, status: p.status, requestHash: p.requestHash ?? null },
      created: true,
    };
  });
}

/** Payments of an application (tests). */
export async function listPayments(db: Database, applicationId: string): Promise<PaymentRow[]> {
  const { rows } = await db.query<{ id: string; amount_cents: string | number; status: string }>(
    'SELECT id, amount_cents, status FROM payments WHERE application_id = $1 ORDER BY created_at',
    [applicationId],
  );
  return rows.map((r) => ({ id: r.id, amountCents: Number(r.amount_cents), status: r.status }));
}

/** A payment as an order sees it: whose it is, how much, and which order (if any) it already paid for. */
export interface StoredPayment extends PaymentRow {
  applicationId: string;
  orderId: string | null;
}

/** Reads one payment, or undefined. `forUpdate` locks it inside a transaction. */
export async function findPayment(db: Queryable, id: string, forUpdate = false): Promise<StoredPayment | undefined> {
  const { rows } = await db.query<{
    id: string;
    application_id: string;
    amount_cents: string | number;
    status: string;
    order_id: string | null;
  }>(
    `SELECT id, application_id, amount_cents, status, order_id FROM payments WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  const row = rows[0];
  return row
    ? {
        id: row.id,
        applicationId: row.application_id,
        amountCents: Number(row.amount_cents),
        status: row.status,
        orderId: row.order_id,
      }
    : undefined;
}

/** Marks a payment as the one that paid for `orderId` (inside the order's transaction). False when another order has it. */
export async function attachPayment(db: Queryable, paymentId: string, orderId: string): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    'UPDATE payments SET order_id = $2 WHERE id = $1 AND order_id IS NULL RETURNING id',
    [paymentId, orderId],
  );
  return rows.length === 1;
}

/** When an application started (the free-shipping window counts from it), or undefined. */
export async function applicationStartedAt(db: Queryable, applicationId: string): Promise<Date | undefined> {
  const { rows } = await db.query<{ created_at: Date | string }>('SELECT created_at FROM applications WHERE id = $1', [
    applicationId,
  ]);
  return rows[0] ? new Date(rows[0].created_at) : undefined;
}

/** The payment an application already recorded under an idempotency key, or undefined. */
export async function findPaymentByKey(
  db: Queryable,
  applicationId: string,
  key: string,
): Promise<PaymentRow | undefined> {
  const { rows } = await db.query<{
    id: string;
    amount_cents: string | number;
    status: string;
    request_hash: string | null;
  }>('SELECT id, amount_cents, status, request_hash FROM payments WHERE application_id = $1 AND idempotency_key = $2', [
    applicationId,
    key,
  ]);
  return rows[0]
    ? {
        id: rows[0].id,
        amountCents: Number(rows[0].amount_cents),
        status: rows[0].status,
        requestHash: rows[0].request_hash,
      }
    : undefined;
}
