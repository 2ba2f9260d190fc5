import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../storage/index.ts';
import { consumeRate, type RateLimit } from '../storage/rate-limits.ts';
import { ApiError } from './errors.ts';

/**
 * A preHandler that counts one event for the request's subject (client address, application id...) in the
 * database and answers 429 RATE_LIMITED with Retry-After once the limit is reached.
 */
export function rateLimited(
  db: Database,
  limit: RateLimit,
  subjectOf: (request: FastifyRequest) => string,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  return async (request, reply) => {
    await enforceRate(db, limit, subjectOf(request), reply);
  };
}

/** Counts one event for `subject`; throws 429 (with Retry-After on `reply`) when over the limit. */
export async function enforceRate(db: Database, limit: RateLimit, subject: string, reply: FastifyReply): Promise<void> {
  const { allowed, retryAfterSeconds } = await consumeRate(db, limit, subject);
  if (!allowed) {
    reply.header('retry-after', String(retryAfterSeconds));
    throw new ApiError('RATE_LIMITED');
  }
}
