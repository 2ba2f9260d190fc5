/**
 * The sign-on forms carry a CSRF token (issue 23): a random value in a cookie scoped to /sso, repeated in a hidden
 * field of each form the page renders (double submit). A post a browser sends (it carries `Origin` or
 * `Sec-Fetch-Site`) must repeat the cookie's value, so a page of another site, which can neither read the cookie nor
 * the form, cannot sign a visitor in or up (http/cross-site.ts refuses it by its Origin first). Posts that are not
 * from a browser (servers, scripts, tests) have no visitor's cookies to abuse and are not asked for it.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const csrfCookie = 'onb_csrf';
const shape = /^[A-Za-z0-9_-]{43}$/;

/** The request's token, or a new one set as a cookie on the reply; render it in the form's hidden `csrf` field. */
export function csrfToken(request: FastifyRequest, reply: FastifyReply): string {
  const current = request.cookies[csrfCookie];
  if (typeof current === 'string' && shape.test(current)) return current;
  const token = randomBytes(32).toString('base64url');
  reply.setCookie(csrfCookie, token, {
    path: '/sso',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
  return token;
}

/**
 * The token to render again in a form answering a post: the cookie's, or for a browser without one a new one (set
 * on the reply); a post that is not from a browser gets none and no cookie.
 */
export function csrfTokenForPost(request: FastifyRequest, reply: FastifyReply): string {
  const current = request.cookies[csrfCookie];
  if (typeof current === 'string' && shape.test(current)) return current;
  return isBrowser(request) ? csrfToken(request, reply) : '';
}

const isBrowser = (request: FastifyRequest) =>
  request.headers.origin !== undefined || request.headers['sec-fetch-site'] !== undefined;

/** True when a form post may proceed: not from a browser, or its `csrf` field repeats the cookie. */
export function csrfHolds(request: FastifyRequest, field: string | undefined): boolean {
  if (!isBrowser(request)) return true;
  const cookie = request.cookies[csrfCookie];
  if (typeof cookie !== 'string' || typeof field !== 'string' || !shape.test(cookie) || field.length !== cookie.length)
    return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(field));
}
