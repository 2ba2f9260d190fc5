import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Content } from '../content.ts';
import type { ApplicationDocument } from '../domain/document.ts';
import { ApiError } from '../http/errors.ts';
import { requireUser } from '../http/request-context.ts';
import type { Database } from '../storage/index.ts';
import { findApplication } from '../storage/applications.ts';
import { assertOwned } from './owned-application.ts';
import { api, errorResponses } from './schema-refs.ts';

type Params = { id: string };
const hashCode = (code: string) => createHash('sha256').update(code).digest('base64url');
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/**
 * Smaller application calls of doc2 §7: basic-information, the notification beacon, the auth code for a
 * partner-site redirect (and its one-time redemption). Permissions are answered by server/routes/accounts-permissions.ts.
 */
export async function applicationExtraRoutes(
  app: FastifyInstance,
  { db, content }: { db: Database; content: Content },
): Promise<void> {
  app.get<{ Params: Params }>(
    '/api/v2/applications/:id/basic-information',
    {
      preHandler: requireUser,
      schema: { params: api('application-params'), response: { 200: api('basic-information'), ...errorResponses } },
    },
    async (request, reply) => {
      const doc = assertOwned(request, await findApplication<ApplicationDocument>(db, request.params.id)).document;
      const company = Object.fromEntries(
        ['name', 'dba', 'currency'].filter((k) => str(doc.company[k])).map((k) => [k, doc.company[k]]),
      );
      return reply.header('cache-control', 'no-store').send({
        applicationId: doc.application.id,
        applicationLevel: doc.application.applicationLevel,
        intent: doc.application.intent,
        completed: doc.application.completed === true,
        stepUpTypes: doc.application.stepUpDetails.map((s) => s.type),
        company,
        ...(doc.application.decision ? { decision: doc.application.decision } : {}),
        ...(str(doc.application.businessId) ? { businessId: doc.application.businessId } : {}),
      });
    },
  );

  // navigator.sendBeacon posts text/plain (or nothing): this route alone reads such bodies, and ignores them
  // (doc2 §7: payload not shown). The exit is recorded for the team that follows unfinished applications up.
  await app.register(async (beacon) => {
    beacon.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) =>
      done(null, undefined),
    );
    beacon.post<{ Params: Params }>(
      '/api/v2/applications/:id/notification',
      // navigator.sendBeacon posts text/plain (http/cross-site.ts: /api/ bodies are JSON unless a route says so).
      {
        preHandler: requireUser,
        config: { bodyTypes: ['text/plain'] },
        schema: { params: api('application-params'), response: { 204: { type: 'null' }, ...errorResponses } },
      },
      async (request, reply) => {
        const row = assertOwned(request, await findApplication<ApplicationDocument>(db, request.params.id));
        await db.query("INSERT INTO notifications (application_id, kind) VALUES ($1, 'exit')", [row.id]);
        return reply.code(204).send();
      },
    );
  });

  const authCodeTtlMs = content.config.constants.authCodeExpiryMs ?? 60_000;
  app.get<{ Params: Params; Querystring: { context: string; channelId?: string } }>(
    '/api/v2/applications/:id/auth-code',
    {
      preHandler: requireUser,
      schema: {
        params: api('application-params'),
        querystring: api('auth-code-query'),
        response: { 200: api('auth-code'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = assertOwned(request, await findApplication<ApplicationDocument>(db, request.params.id));
      const code = randomBytes(32).toString('base64url');
      await db.query(
        "INSERT INTO auth_codes (code_hash, application_id, context, channel_id, expires_at) VALUES ($1, $2, $3, $4, now() + ($5::bigint * interval '1 millisecond'))",
        [hashCode(code), row.id, request.query.context, request.query.channelId ?? null, authCodeTtlMs],
      );
      return reply.header('cache-control', 'no-store').send({ code, expiresInMs: authCodeTtlMs });
    },
  );

  // The partner site's side (server to server): a code works once and for a minute.
  app.post<{ Body: { code: string } }>(
    '/api/v2/auth-codes/redeem',
    { schema: { body: api('auth-code-redeem'), response: { 200: api('auth-code-redeemed'), ...errorResponses } } },
    async (request) => {
      const { rows } = await db.query<{
        application_id: string;
        context: string;
        channel_id: string | null;
        expired: boolean;
      }>(
        'DELETE FROM auth_codes WHERE code_hash = $1 RETURNING application_id, context, channel_id, expires_at <= now() AS expired',
        [hashCode(request.body.code)],
      );
      const row = rows[0];
      if (!row || row.expired) throw new ApiError('LINK_EXPIRED', [{ field: '/code', key: 'errors.linkExpired' }]);
      const app = await findApplication<ApplicationDocument>(db, row.application_id);
      const businessId = str(app?.document.application.businessId);
      return {
        applicationId: row.application_id,
        context: row.context,
        ...(row.channel_id ? { channelId: row.channel_id } : {}),
        ...(businessId ? { businessId } : {}),
      };
    },
  );
}
