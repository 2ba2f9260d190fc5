import type { FastifyInstance } from 'fastify';
import { sanitiseParams } from '../domain/analytics.ts';
import { requireUser, userOf } from '../http/request-context.ts';
import type { Database } from '../storage/index.ts';
import { insertAnalyticsEvent } from '../storage/analytics.ts';
import { api, errorResponses } from './schema-refs.ts';

/** POST /api/v2/analytics (doc2 §7): stores `{type, params}` with personal data removed; answers 204. */
export async function analyticsRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  app.post<{ Body: { type: string; params?: Record<string, unknown> } }>(
    '/api/v2/analytics',
    { preHandler: requireUser, schema: { body: api('analytics-event'), response: { 204: { type: 'null' }, ...errorResponses } } },
    async (request, reply) => {
      await insertAnalyticsEvent(db, userOf(request).id, request.body.type, sanitiseParams(request.body.params ?? {}));
      return reply.code(204).send();
    },
  );
}
