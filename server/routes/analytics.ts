import type { FastifyInstance } from 'fastify';
import { sanitiseParams } from '../domain/analytics.ts';
import { enforceRate } from '../http/rate-limit.ts';
import type { Database } from '../storage/index.ts';
import { insertAnalyticsEvent } from '../storage/analytics.ts';
import { api, errorResponses } from './schema-refs.ts';

/** Events one client address may post without a session per minute (a signed-out page sends a handful). */
const signedOutLimit = { bucket: 'analytics-signed-out', max: 60, windowMs: 60_000 };

/** The parameters whose name, or whose name's part before the first dot, is one of `allowed`. */
export function signedOutParams(params: Record<string, unknown>, allowed: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).filter(([name]) => allowed.includes(name.split('.')[0]!)));
}

/**
 * POST /api/v2/analytics (doc2 §7): stores `{type, params}` with personal data removed; answers 204. A page that
 * needs no sign-in (the second device of a phone link, issue 27.13) posts without a session: its event is stored
 * under no user with only the parameters of rules/analytics.json `signedOut`, which the page itself can vouch for.
 */
export async function analyticsRoutes(
  app: FastifyInstance,
  { db, signedOut = [] }: { db: Database; signedOut?: string[] },
): Promise<void> {
  app.post<{ Body: { type: string; params?: Record<string, unknown> } }>(
    '/api/v2/analytics',
    { schema: { body: api('analytics-event'), response: { 204: { type: 'null' }, ...errorResponses } } },
    async (request, reply) => {
      const params = request.body.params ?? {};
      if (request.user) {
        await insertAnalyticsEvent(db, request.user.id, request.body.type, sanitiseParams(params));
      } else {
        await enforceRate(db, signedOutLimit, request.ip, reply);
        await insertAnalyticsEvent(
          db,
          undefined,
          request.body.type,
          sanitiseParams(signedOutParams(params, signedOut)),
        );
      }
      return reply.code(204).send();
    },
  );
}
