/**
 * buildApp: the reference onboarding API (doc2 §7) as a Fastify instance that does not listen.
 * `server/main.ts` opens storage, builds it and listens; tests call `app.inject()`.
 */
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadContent, type Content } from './content.ts';
import { refuseNulCharacters } from './http/no-nul.ts';
import { installJsonDepthLimit } from './http/json-depth.ts';
import { installCrossSiteRules } from './http/cross-site.ts';
import { createValidator, readSchemas } from './http/ajv.ts';
import { installErrorHandling } from './http/error-handler.ts';
import { ApiError } from './http/errors.ts';
import { lazyChildLoggerFactory, loggerOptions } from './http/logging.ts';
import { installRequestContext } from './http/request-context.ts';
import { installSecurityHeaders, readScriptRules } from './http/security.ts';
import { installOpenApi } from './http/openapi.ts';
import { engineValidation, type SharedValidation } from './http/shared-validation.ts';
import { Catalogues } from './i18n/index.ts';
import { repoRoot } from './paths.ts';
import { accountRoutes } from './routes/accounts.ts';
import { accountsExtendedRoutes } from './routes/accounts-index.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { applicationRoutes } from './routes/applications.ts';
import { categoryRoutes } from './routes/categories.ts';
import { configRoutes } from './routes/configs.ts';
import { financialInstrumentRoutes } from './routes/financial-instruments.ts';
import { onboardRoutes } from './routes/onboard.ts';
import { otpRoutes } from './routes/otp.ts';
import { outboxPageRoutes } from './sandbox/outbox/page.ts';
import { defaultProviders, type ProviderConfig, type Providers } from './sandbox/providers.ts';
import { ssoRoutes, type IdentityProvider } from './sandbox/sso/index.ts';
import { registerExtendedRoutes } from './routes/index.ts';
import { installAccessFirst } from './routes/access-first.ts';
import { websiteRoutes } from './routes/websites.ts';
import { serviceRoutes } from './routes/services.ts';
import { sandboxServices } from './sandbox/services/provider.ts';
import type { Database } from './storage/index.ts';

/** Options of buildApp. Only `db` is required. */
export interface AppOptions {
  /** Open, migrated storage (see server/storage). The app does not close it. */
  db: Database;
  /** Rules content; default: loaded from rules/ of this repository. */
  content?: Content;
  /** The shared validation (default: engine/validation). */
  shared?: SharedValidation;
  /** Sign-on provider; default: the sandbox (same as `providers.identity`). */
  identityProvider?: IdentityProvider;
  /** Third parties replacing the sandbox ones (server/sandbox/providers.ts). */
  providers?: Partial<Providers>;
  /** Configuration of the built-in providers (SMTP, public address). */
  providerConfig?: ProviderConfig;
  /** Log level (`silent` turns logging off); default `info`. */
  logLevel?: string;
  /** Where log lines go (tests capture them); default stdout. */
  logStream?: NodeJS.WritableStream;
  /** Trust X-Forwarded-* from a proxy in front (decides Secure cookies behind TLS termination). */
  trustProxy?: boolean;
  /**
   * Whether the sandbox pages and calls under /sandbox answer (outbox, vault, bank picker, inquiry, lender, carrier,
   * seeded accounts); default on. Off in production (server/main.ts: NODE_ENV=production or SANDBOX=off): then
   * nothing under /sandbox answers but 404.
   */
  sandbox?: boolean;
  /** Sign-in and registration attempts per client address per minute; default 10. */
  signInAttemptsPerMinute?: number;
  /** Repository root for schemas/ and locales/; default this repository. */
  root?: string;
  /**
   * Keys of the third-party scripts of rules/scripts.json (`maps`, `analyticsTag`): served to the browser as
   * `keys` in GET /api/v2/configs and allowed in the CSP. None by default: the app works without them.
   */
  scriptKeys?: Record<string, string>;
}

/** Builds the API. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const root = options.root ?? repoRoot;
  const shared = options.shared ?? engineValidation;
  const content = options.content ?? loadContent(root);
  const catalogues = new Catalogues(join(root, 'locales'));
  const bodyLimit = 64 * 1024;
  const app = Fastify({
    logger: loggerOptions(options.logLevel ?? 'info', options.logStream),
    childLoggerFactory: lazyChildLoggerFactory,
    trustProxy: options.trustProxy ?? false,
    bodyLimit,
  });
  // Deeply nested JSON is refused on its text, before it is parsed or walked (http/json-depth.ts).
  installJsonDepthLimit(app, bodyLimit);

  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  refuseNulCharacters(app);
  const scriptKeys = Object.fromEntries(Object.entries(options.scriptKeys ?? {}).filter(([, value]) => value !== ''));
  await installSecurityHeaders(app, { scripts: readScriptRules(root), keys: scriptKeys, flags: content.config.flags });

  // Entity and API schemas are added once by $id: to the validator (which compiles request schemas) and to
  // Fastify's store (which the response serializer resolves $refs from).
  const schemas = [...readSchemas(join(root, 'schemas/entities')), ...readSchemas(join(root, 'schemas/api'))];
  const validator = createValidator(shared, schemas);
  for (const { schema } of schemas) app.addSchema(schema);
  app.setValidatorCompiler(({ schema }) => {
    const id = (schema as { $id?: string }).$id;
    return (id ? validator.getSchema(id) : undefined) ?? validator.compile(schema);
  });

  await installOpenApi(app);
  installRequestContext(app, options.db, catalogues);
  installErrorHandling(app, shared);
  // Cross-site requests are refused, and /api/ bodies must be JSON (after the request context: refusals are localised).
  installCrossSiteRules(app);
  if (options.sandbox === false) {
    // Before anything else about the request: no sandbox route, page or asset answers, whatever it is.
    app.addHook('onRequest', async (request) => {
      const path = request.url.split('?')[0]!;
      if (path === '/sandbox' || path.startsWith('/sandbox/')) throw new ApiError('NOT_FOUND');
    });
  }

  const db = options.db;
  // Before any route: who may reach a resource is decided before its body is parsed or validated.
  installAccessFirst(app, db, root);
  const providers = defaultProviders(db, content, catalogues, options.providerConfig, {
    ...options.providers,
    ...(options.identityProvider ? { identity: options.identityProvider } : {}),
  });
  await app.register(ssoRoutes, {
    db,
    catalogues,
    provider: providers.identity,
    messenger: providers.messenger,
    shared,
    sessionTtlMs: content.config.constants.sessionTimeoutMs,
    attemptsPerMinute: options.signInAttemptsPerMinute ?? 10,
  });
  await app.register(configRoutes, { content, keys: scriptKeys });
  await app.register(categoryRoutes, { content });
  await app.register(accountRoutes, { db });
  await app.register(accountsExtendedRoutes, { db });
  await app.register(applicationRoutes, { db, shared, content });
  await app.register(onboardRoutes, { db, shared, content });
  await app.register(otpRoutes, { db, content, messenger: providers.messenger });
  await app.register(financialInstrumentRoutes, { db });
  await app.register(analyticsRoutes, { db, signedOut: content.analyticsSignedOut });
  await app.register(outboxPageRoutes, { db, catalogues });
  await registerExtendedRoutes(app, { db, shared, content, providers });
  await app.register(websiteRoutes, { websites: providers.websites });
  await app.register(serviceRoutes, { services: sandboxServices() });
  return app;
}

/** Whether /sandbox answers: SANDBOX=on or off decides; otherwise on, except with NODE_ENV=production. */
export function sandboxEnabled(env: NodeJS.ProcessEnv): boolean {
  if (env.SANDBOX === 'on') return true;
  if (env.SANDBOX === 'off') return false;
  return env.NODE_ENV !== 'production';
}
