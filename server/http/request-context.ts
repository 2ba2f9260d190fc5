import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Catalogues, Locale, Translator } from '../i18n/index.ts';
import { negotiateLocale } from '../i18n/index.ts';
import type { ApplicationDocument } from '../domain/document.ts';
import type { ApplicationRow } from '../storage/applications.ts';
import type { Database } from '../storage/index.ts';
import { sessionReader, type SessionUser } from '../storage/sessions.ts';
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
  interface FastifyContextConfig {
    /**
     * The application a request of this route is about (its path `id`), read in the same query as the session, or
     * undefined for none. Set by the access-first rule (routes/access-first.ts), which needs that row first.
     */
    applicationWithSession?: (params: unknown) => string | undefined;
  }
}

/** The application row read together with the session, by request. */
const readWithSession = new WeakMap<
  FastifyRequest,
  { id: string; row: ApplicationRow<ApplicationDocument> | undefined }
>();

/** The application `id` as the session lookup of this request read it, if it did (`{ row: undefined }`: there is none). */
export function applicationReadWithSession(
  request: FastifyRequest,
  id: string,
): { row: ApplicationRow<ApplicationDocument> | undefined } | undefined {
  const read = readWithSession.get(request);
  return read && read.id === id ? read : undefined;
}

/** The session cookie's name. */
export const sessionCookie = 'onb_session';

/**
 * Decorates every request with its locale, translator and (for API, sign-on and sandbox paths) its user. A route
 * whose config names an application (`applicationWithSession`) has that row read in the same query as the session.
 */
export function installRequestContext(app: FastifyInstance, db: Database, catalogues: Catalogues): void {
  app.decorateRequest('locale', 'en-US');
  // Set on every request by the hook below; Fastify wants a reference-typed decoration to start as null.
  app.decorateRequest('translator', null, []);
  app.decorateRequest('user', undefined);
  const sessions = sessionReader(db);
  app.addHook('onRequest', async (request) => {
    request.locale = negotiateLocale(request.cookies.locale, request.headers['accept-language']);
    request.translator = catalogues.for(request.locale);
    const path = request.url;
    if (!path.startsWith('/api/') && !path.startsWith('/sso/') && !path.startsWith('/sandbox/')) return;
    const token = request.cookies[sessionCookie];
    if (!token || token.length > 128) return;
    const applicationId = request.routeOptions.config.applicationWithSession?.(request.params);
    if (applicationId === undefined) {
      request.user = await sessions.user(token);
      return;
    }
    // One round trip for both: the session and the application the route is about (the access rule reads it next).
    const { user, application } = await sessions.userWithApplication<ApplicationDocument>(token, applicationId);
    request.user = user;
    if (user) readWithSession.set(request, { id: applicationId, row: application });
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
