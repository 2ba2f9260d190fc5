/**
 * Sales channels (doc1 §3 Channel, §4.3 add-channel, §4.7; doc2 §7, §8):
 * POST /api/v2/applications/{id}/channels {name, type?, externalId?, externalType?} on an APPROVED or APPROVED_PENDING
 * application. A type outside rules/accounts.json channelTypes is cleared (doc2 §8 'Unknown channel type: silently
 * cleared'). The same Idempotency-Key answers the same channel (the browser retries up to 5 times, 1 s apart).
 *
 * Sandbox triggers (a word in capitals in the channel name, like a payments provider's test values):
 * - FAILTWICE: the first two attempts with one idempotency key answer 503, the third creates the channel;
 * - NOTAUTHORIZED: 403 'It seems like you are not authorized to create a channel.'
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { channelType } from '../../domain/accounts.ts';
import type { ApplicationDocument } from '../domain/document.ts';
import { ApiError } from '../http/errors.ts';
import { requireUser } from '../http/request-context.ts';
import type { Database } from '../storage/index.ts';
import { findApplication } from '../storage/applications.ts';
import { accountsRules } from './accounts-rules.ts';
import { assertOwned } from './owned-application.ts';
import { api, errorResponses } from './schema-refs.ts';

const channelSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    type: { type: 'string' },
    requested: { type: 'boolean' },
  },
} as const;

interface Body {
  name: string;
  type?: string;
  externalId?: string;
  externalType?: string;
}

/** The sandbox outcome of one attempt for a channel name and the attempts already failed. */
export function channelTrigger(name: string, failedAttempts: number): 'fail' | 'forbidden' | 'create' {
  if (name.includes('NOTAUTHORIZED')) return 'forbidden';
  if (name.includes('FAILTWICE') && failedAttempts < 2) return 'fail';
  return 'create';
}

export async function accountChannelRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  const rules = accountsRules();
  app.post<{ Params: { id: string }; Body: Body }>(
    '/api/v2/applications/:id/channels',
    {
      preHandler: requireUser,
      schema: {
        params: api('application-params'),
        headers: {
          type: 'object',
          properties: {
            'idempotency-key': { type: 'string', minLength: 1, maxLength: 200, pattern: '^[\\x21-\\x7e]+$' },
          },
        },
        body: {
          type: 'object',
          required: ['name'],
          additionalProperties: false,
          properties: {
            name: { type: 'string', format: 'store-name' },
            type: { type: 'string', maxLength: 32 },
            externalId: { type: 'string', minLength: 1, maxLength: 64 },
            externalType: { type: 'string', minLength: 1, maxLength: 64 },
          },
        },
        response: { 201: channelSchema, 200: channelSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = assertOwned(request, await findApplication<ApplicationDocument>(db, request.params.id));
      const decision = row.document.application.decision;
      if (!decision || !rules.openDecisions.includes(decision)) {
        throw new ApiError('CONFLICT', [{ field: '/params/id', key: 'accounts.errors.channelNeedsProfile' }]);
      }
      const header = request.headers['idempotency-key'];
      const key = typeof header === 'string' ? header : randomUUID();
      const { name } = request.body;
      const type = channelType(request.body.type, rules.channelTypes);
      const outcome = await db.transaction(async (tx) => {
        const existing = (
          await tx.query<{ id: string; name: string; type: string | null; attempts: number; created: boolean }>(
            'SELECT id, name, type, attempts, created FROM account_channels WHERE application_id = $1 AND idempotency_key = $2 FOR UPDATE',
            [row.id, key],
          )
        ).rows[0];
        if (existing?.created) return { status: 200, channel: existing };
        const failed = existing?.attempts ?? 0;
        const trigger = channelTrigger(name, failed);
        if (trigger === 'forbidden') return { status: 403 as const };
        const id = existing?.id ?? `ch-${randomUUID()}`;
        if (!existing) {
          await tx.query(
            'INSERT INTO account_channels (id, application_id, idempotency_key, name, type) VALUES ($1, $2, $3, $4, $5)',
            [id, row.id, key, name, type ?? null],
          );
        }
        if (trigger === 'fail') {
          await tx.query('UPDATE account_channels SET attempts = attempts + 1 WHERE id = $1', [id]);
          return { status: 503 as const };
        }
        await tx.query('UPDATE account_channels SET created = true WHERE id = $1', [id]);
        return { status: 201, channel: { id, name, type } };
      });
      if (outcome.status === 403)
        throw new ApiError('FORBIDDEN', [{ field: '/body/name', key: 'accounts.errors.channelNotAuthorized' }]);
      if (outcome.status === 503) {
        const message = request.translator.t('accounts.errors.channelUnavailable');
        return reply.code(503).header('retry-after', '1').send({ error: 'SERVICE_UNAVAILABLE', message, details: [] });
      }
      const channel = outcome.channel!;
      return reply
        .code(outcome.status)
        .send({ id: channel.id, name: channel.name, ...(channel.type ? { type: channel.type } : {}), requested: true });
    },
  );
}
