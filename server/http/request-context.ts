import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Catalogues, Locale, Translator } from '../i18n/index.ts';
import { negotiateLocale } from '../i18n/index.ts';
import type { Database } from '../storage/index.ts';
import { findSessionUser, type SessionUser } from '../storage/sessions.ts';
import { ApiError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The negotiated locale (cookie `locale`, then Accept-Language, then en-US). */
    locale: Locale;
    /** Messages in that locale. */
    translator: Translator;
    /** The signed-in user, when the session cookie is live. */
    user: SessionUser | undefined;
  }
}

/** The session cookie's name. */
export const sessionCookie = 'onb_session';

/** Decorates every request with its locale, translator and (for API, sign-on and sandbox paths) its user. */
export function installRequestContext(app: FastifyInstance, db: Database, catalogues: Catalogues): void {
  app.decorateRequest('locale', 'en-US');
  app.decorateRequest('translator', null as unknown as Translator);
  app.decorateRequest('user', undefined);
  app.addHook('onRequest', async (request) => {
    request.locale = negotiateLocale(request.cookies.locale, request.headers['accept-language']);
    request.translator = catalogues.for(request.locale);
    const path = request.url;
    if (!path.startsWith('/api/') && !path.startsWith('/sso/') && !path.startsWith('/sandbox/')) return;
    const token = request.cookies[sessionCookie];
    if (token && token.length <= 128) request.user = await findSessionUser(db, token);
  });
}

/** A preHandler that answers 401 unless the request has a live session. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw new ApiError('UNAUTHENTICATED');
}

/** The signed-in user of a request that passed `requireUser`. */
export function userOf(request: FastifyRequest): SessionUser {
  if (!request.user) throw new ApiError('UNAUTHENTICATED');
  return request.user;
}
