import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../storage/index.ts';
import { deleteSession, insertSession } from '../storage/sessions.ts';
import { sessionCookie } from './request-context.ts';

/**
 * Starts a database-backed session for `userId` and sets its cookie: HttpOnly, SameSite=Lax, path /,
 * Secure when the request came over TLS (directly or through a trusted proxy), lifetime `ttlMs`
 * (doc2 §9: 7,200,000 ms).
 */
export async function startSession(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  ttlMs: number,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await insertSession(db, token, userId, ttlMs);
  reply.setCookie(sessionCookie, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: Math.floor(ttlMs / 1000),
  });
}

/** Ends the request's session, if any, and clears its cookie. */
export async function endSession(db: Database, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[sessionCookie];
  if (token) await deleteSession(db, token);
  reply.clearCookie(sessionCookie, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}
