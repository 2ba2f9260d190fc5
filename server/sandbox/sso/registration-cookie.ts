/**
 * The pending-registration cookie (issue 23): every registration that passes the form's checks answers the same
 * redirect with this cookie, whether the address is new or taken. It names the registering browser: the confirmation
 * link starts a session only in it, and the sandbox outbox shows it the messages its registrations sent. Stored
 * only hashed.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hashBearer } from '../../storage/registrations.ts';

export const registrationCookie = 'onb_registration';
const shape = /^[A-Za-z0-9_-]{43}$/;
const maxAgeSeconds = 24 * 60 * 60;

/** The hash of the request's pending-registration cookie, if it has a well-formed one. */
export function registrationOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[registrationCookie];
  return typeof value === 'string' && shape.test(value) ? hashBearer(value) : undefined;
}

/** Sets (or renews) the pending-registration cookie on the reply, the same way every time; returns its hash. */
export function renewRegistration(request: FastifyRequest, reply: FastifyReply): string {
  const current = request.cookies[registrationCookie];
  const value = typeof current === 'string' && shape.test(current) ? current : randomBytes(32).toString('base64url');
  reply.setCookie(registrationCookie, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: maxAgeSeconds,
  });
  return hashBearer(value);
}
