import { Ajv } from 'ajv';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SharedValidation } from '../../http/shared-validation.ts';
import { endSession, startSession } from '../../http/session-cookie.ts';
import type { Database } from '../../storage/index.ts';
import { rateLimited } from '../../http/rate-limit.ts';
import {
  checkEmailPage,
  confirmFailedPage,
  loginPage,
  minPasswordLength,
  registerPage,
  type FieldError,
} from './pages.ts';
import { registrationTtlMs, type IdentityProvider } from './provider.ts';
import { registrationOf, renewRegistration } from './registration-cookie.ts';
import type { Messenger } from '../outbox/messenger.ts';
import { safeReturnPath } from './safe-path.ts';
import { locales, type Catalogues, type Locale, type Translator } from '../../i18n/index.ts';
import { findInvitation } from '../../storage/owner-access.ts';
import { findApplication } from '../../storage/applications.ts';
import type { ApplicationDocument } from '../../domain/document.ts';
import { csrfHolds, csrfToken, csrfTokenForPost } from './csrf.ts';
import { sandboxStylesheet } from '../page.ts';

/** Options of the sign-on routes. */
export interface SsoRouteOptions {
  db: Database;
  provider: IdentityProvider;
  shared: SharedValidation;
  sessionTtlMs: number;
  /** Sign-in and registration attempts allowed per client address per minute. */
  attemptsPerMinute: number;
  /** Emails a new address its confirmation link, and the holder of a taken one a note (issue 23). */
  messenger: Messenger;
  /** Whether the sandbox outbox answers (the "check your email" page links to it); default true. */
  sandboxOutbox?: boolean;
  /** The catalogues, to show a partner's sign-in in the language of their invitation (issue 27.3). */
  catalogues?: Catalogues;
}

const stylesheet = sandboxStylesheet(new URL('./sso.css', import.meta.url));

const formSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    email: { type: 'string', maxLength: 254 },
    password: { type: 'string', maxLength: 1024 },
    confirmPassword: { type: 'string', maxLength: 1024 },
    path: { type: 'string', maxLength: 2048 },
    realm: { type: 'string', maxLength: 64 },
    app: { type: 'string', maxLength: 64 },
    csrf: { type: 'string', maxLength: 128 },
  },
} as const;

const pageQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    path: { type: 'string', maxLength: 2048 },
    realm: { type: 'string', maxLength: 64 },
    app: { type: 'string', maxLength: 64 },
  },
} as const;

type Form = {
  email?: string;
  password?: string;
  confirmPassword?: string;
  path?: string;
  realm?: string;
  app?: string;
  csrf?: string;
};

// Pages are HTML strings, sent as they are. Refusals of malformed requests (schema errors) are the common JSON
// error body: declaring 4xx as strings here made Fastify serialise that body to "[object Object]".
const htmlResponse = { 200: { type: 'string' } };

/** Sign-on sandbox: pages, form posts, logout, and GET /api/v2/session. */
export async function ssoRoutes(app: FastifyInstance, options: SsoRouteOptions): Promise<void> {
  const { db, provider, sessionTtlMs } = options;
  const ajv = new Ajv({ strict: true });
  options.shared.registerFormats(ajv);
  const isEmail = ajv.compile({ type: 'string', format: 'email' });
  // Kept in the database (server/storage/rate-limits.ts) so several API processes share one count per address.
  const limitLogin = rateLimited(
    db,
    { bucket: 'sign-in', max: options.attemptsPerMinute, windowMs: 60_000 },
    (r) => r.ip,
  );
  const limitRegister = rateLimited(
    db,
    { bucket: 'registration', max: options.attemptsPerMinute, windowMs: 60_000 },
    (r) => r.ip,
  );

  const sendPage = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

  app.get('/sso/assets/sso.css', { schema: { response: { 200: { type: 'string' } } } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(stylesheet),
  );

  /**
   * Issue 27.3: a partner sent here by their invitation's link (the return path carries `invitation=`) is told why
   * (the invitation, the business), in the language of the invitation unless they chose one (the locale cookie),
   * and that language is kept (the cookie) for the pages that follow.
   */
  const invitationContext = async (
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
  ): Promise<{ t: Translator; reason?: string }> => {
    const fallback = { t: request.translator };
    const token = new URL(path, 'http://x').searchParams.get('invitation');
    if (!token || token.length > 200) return fallback;
    const invitation = await findInvitation(db, token).catch(() => undefined);
    if (!invitation || invitation.expired) return fallback;
    const row = await findApplication<ApplicationDocument>(db, invitation.applicationId);
    if (!row) return fallback;
    const doc = row.document;
    const owner = doc.owners.find((o) => o.id === invitation.ownerId);
    const language = owner?.communicationLanguage;
    let t = request.translator;
    if (!request.cookies.locale && options.catalogues && (locales as readonly string[]).includes(String(language))) {
      t = options.catalogues.for(language as Locale);
      reply.setCookie('locale', String(language), { path: '/', sameSite: 'lax' });
    }
    const business = String(doc.company.dba ?? doc.company.name ?? '');
    return business ? { t, reason: t.t('sso.invitation.reason', { business }) } : { t };
  };

  app.get<{ Querystring: { path?: string } }>(
    '/sso/login',
    { schema: { querystring: pageQuery, response: htmlResponse } },
    async (request, reply) => {
      const path = safeReturnPath(request.query.path);
      const { t, reason } = await invitationContext(request, reply, path);
      return sendPage(
        reply,
        200,
        loginPage(t, { path, csrf: csrfToken(request, reply), ...(reason ? { reason } : {}) }),
      );
    },
  );

  app.get<{ Querystring: { path?: string; realm?: string; app?: string } }>(
    '/sso/register',
    { schema: { querystring: pageQuery, response: htmlResponse } },
    async (request, reply) => {
      const path = safeReturnPath(request.query.path);
      const { t, reason } = await invitationContext(request, reply, path);
      return sendPage(
        reply,
        200,
        registerPage(t, {
          path,
          csrf: csrfToken(request, reply),
          realm: request.query.realm ?? '',
          app: request.query.app ?? '',
          ...(reason ? { reason } : {}),
        }),
      );
    },
  );

  app.post<{ Body: Form }>(
    '/sso/login',
    { schema: { body: formSchema, response: htmlResponse }, preHandler: limitLogin },
    async (request: FastifyRequest<{ Body: Form }>, reply) => {
      const { email = '', password = '' } = request.body ?? {};
      const path = safeReturnPath(request.body?.path);
      const csrf = csrfTokenForPost(request, reply);
      if (!csrfHolds(request, request.body?.csrf))
        return sendPage(
          reply,
          403,
          loginPage(request.translator, { path, csrf, email, errors: [{ field: 'csrf', key: 'sso.errors.csrf' }] }),
        );
      const errors: FieldError[] = [];
      if (!isEmail(email.trim())) errors.push({ field: 'email', key: 'sso.errors.emailInvalid' });
      if (password.length === 0) errors.push({ field: 'password', key: 'sso.errors.passwordRequired' });
      if (errors.length > 0) return sendPage(reply, 400, loginPage(request.translator, { path, csrf, email, errors }));
      const identity = await provider.authenticate(email.trim(), password);
      if (!identity) {
        request.log.info('sign-in refused');
        return sendPage(
          reply,
          401,
          loginPage(request.translator, {
            path,
            csrf,
            email,
            errors: [{ field: 'email', key: 'sso.errors.credentials' }],
          }),
        );
      }
      await startSession(db, request, reply, identity.id, sessionTtlMs);
      return reply.redirect(path, 303);
    },
  );

  app.post<{ Body: Form }>(
    '/sso/register',
    { schema: { body: formSchema, response: htmlResponse }, preHandler: limitRegister },
    async (request, reply) => {
      const { email = '', password = '', confirmPassword = '', realm = '', app: appName = '' } = request.body ?? {};
      const path = safeReturnPath(request.body?.path);
      const csrf = csrfTokenForPost(request, reply);
      const errors: FieldError[] = [];
      if (!csrfHolds(request, request.body?.csrf)) errors.push({ field: 'csrf', key: 'sso.errors.csrf' });
      else if (!isEmail(email.trim())) errors.push({ field: 'email', key: 'sso.errors.emailInvalid' });
      if (errors.length > 0 && errors[0]!.field === 'csrf')
        return sendPage(
          reply,
          403,
          registerPage(request.translator, { path, csrf, realm, app: appName, email, errors }),
        );
      if (password.length < minPasswordLength)
        errors.push({ field: 'password', key: 'sso.errors.passwordTooShort', args: { minLength: minPasswordLength } });
      else if (password !== confirmPassword)
        errors.push({ field: 'confirmPassword', key: 'sso.errors.passwordsDiffer' });
      const render = (status: number, list: FieldError[]) =>
        sendPage(
          reply,
          status,
          registerPage(request.translator, { path, csrf, realm, app: appName, email, errors: list }),
        );
      if (errors.length > 0) return render(400, errors);
      // Registration never signs in, and answers the same whether the address is new or has an account (issue 23):
      // the same redirect to "check your email" with the same pending-registration cookie. The address decides what
      // is emailed: a new one gets the link that creates the account and signs in; a taken one, a note to its holder
      // with a sign-in link. Only the holder of the address reads either (the sandbox outbox shows this browser the
      // messages of its own registrations, as a tester's inbox).
      const registrationHash = renewRegistration(request, reply);
      const address = email.trim().toLowerCase();
      const result = await provider.startRegistration(address, password, registrationHash);
      const deliver = await options.messenger.send(
        db,
        result.ok
          ? {
              channel: 'email',
              recipient: address,
              key: 'outbox.email.confirmRegistration.body',
              subjectKey: 'outbox.email.confirmRegistration.subject',
              args: { hours: registrationTtlMs / 3_600_000 },
              link: `/sso/register/confirm?token=${result.token}&path=${encodeURIComponent(path)}`,
              locale: request.locale,
              registrationHash,
            }
          : {
              channel: 'email',
              recipient: address,
              key: 'outbox.email.accountExists.body',
              subjectKey: 'outbox.email.accountExists.subject',
              args: {},
              link: `/sso/login?path=${encodeURIComponent(path)}`,
              locale: request.locale,
              registrationHash,
            },
      );
      await deliver();
      return reply.redirect(`/sso/register/sent?path=${encodeURIComponent(path)}`, 303);
    },
  );

  app.get<{ Querystring: { path?: string } }>(
    '/sso/register/sent',
    { schema: { querystring: pageQuery, response: htmlResponse } },
    async (request, reply) =>
      sendPage(
        reply,
        200,
        checkEmailPage(request.translator, {
          path: safeReturnPath(request.query.path),
          outbox: options.sandboxOutbox !== false,
        }),
      ),
  );

  // The link emailed to a new address: creates the account, once. In the browser that registered, it also starts the
  // first session; opened anywhere else, it sends to sign-in (a link someone else sent cannot sign a visitor into the
  // sender's account).
  app.get<{ Querystring: { token?: string; path?: string } }>(
    '/sso/register/confirm',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { token: { type: 'string', maxLength: 128 }, path: { type: 'string', maxLength: 2048 } },
        },
        response: htmlResponse,
      },
    },
    async (request, reply) => {
      const path = safeReturnPath(request.query.path);
      const confirmed = request.query.token ? await provider.confirmRegistration(request.query.token) : undefined;
      if (!confirmed) return sendPage(reply, 410, confirmFailedPage(request.translator, { path }));
      if (confirmed.registrationHash !== registrationOf(request))
        return reply.redirect(`/sso/login?path=${encodeURIComponent(path)}`, 303);
      await startSession(db, request, reply, confirmed.identity.id, sessionTtlMs);
      return reply.redirect(path, 303);
    },
  );

  // Logout takes its return path from the query (`POST /sso/logout?path=/x`), so a body-less post works.
  app.post<{ Querystring: { path?: string } }>(
    '/sso/logout',
    { schema: { querystring: pageQuery } },
    async (request, reply) => {
      await endSession(db, request, reply);
      return reply.redirect(`/sso/login?path=${encodeURIComponent(safeReturnPath(request.query.path))}`, 303);
    },
  );

  app.get(
    '/api/v2/session',
    {
      schema: {
        response: {
          200: { $ref: 'https://schemas.onboarding.local/api/session.schema.json#' },
        },
      },
    },
    // "Who is signed in?" has an answer when nobody is: 200 with user null, so a signed-out first load asks it
    // without a failed request in the console (issue 22 item 13). Every other call still answers 401 without a session.
    async (request, reply) =>
      reply.header('cache-control', 'no-store').send({ user: request.user ? { email: request.user.email } : null }),
  );
}
