/**
 * Access before input. Fastify validates a body (and parses it, and refuses NUL bytes) before any preHandler runs,
 * so a route guarded only by `requireUser` plus an ownership check in its handler answered another user's request
 * with a garbage body 400, not 403: the refusal depended on the body, and a stranger could learn what the owner's
 * resource accepts. This hook moves the access rule in front of everything about the body, for every route that
 * requires a user (its preHandler includes `requireUser`), including routes added later:
 *
 * - no live session: 401;
 * - a path `id` naming an existing application: it must belong to the user or, on an owner call (`ownerId` in the
 *   path, or the `ownerId` query of GET /applications/{id}), the user must be the partner who claimed that owner's
 *   invitation (403 otherwise);
 * - a path `businessId` of an existing business: the user must have an application of it (403
 *   `accounts.errors.notYourBusiness`, as the stores calls answer).
 *
 * An id that names nothing is left to the usual order (the params and body schemas name what is wrong, then the
 * handler answers 404, or 403 for a business), as is a malformed one. Handlers keep their own full checks (a partner,
 * say, may read an owner record but not change the owner list); this only decides who may get that far.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ApplicationDocument } from '../domain/document.ts';
import { ApiError } from '../http/errors.ts';
import { applicationReadWithSession, requireUser } from '../http/request-context.ts';
import type { Database } from '../storage/index.ts';
import { businessUsers, findApplication, type ApplicationRow } from '../storage/applications.ts';
import { hasOwnerAccess } from '../storage/owner-access.ts';

/** The application id pattern of schemas/api/application-params (one source for what an application id looks like). */
function applicationIdPattern(root: string): RegExp {
  const schema = JSON.parse(readFileSync(join(root, 'schemas/api/application-params.schema.json'), 'utf8')) as {
    properties: { id: { pattern: string } };
  };
  return new RegExp(schema.properties.id.pattern);
}

/** A business id as the stores calls declare it. */
const businessIdPattern = /^[A-Za-z0-9._:-]{1,64}$/;

/** The owner id an owner call is about: the path's, else (GET /applications/{id}?ownerId=) the query's. */
function ownerIdOf(request: FastifyRequest): string | undefined {
  const params = request.params as Record<string, unknown>;
  const query = request.query as Record<string, unknown> | undefined;
  const value = params.ownerId ?? (request.method === 'GET' ? query?.ownerId : undefined);
  // Printable ASCII only: a NUL or other control byte never reaches the database (PostgreSQL refuses it in text).
  return typeof value === 'string' && /^[\x21-\x7e]{1,200}$/.test(value) ? value : undefined;
}

/** The application row the access check read for a GET, kept for its handler (one read per request, not two). */
const readByGuard = new WeakMap<FastifyRequest, { id: string; row: ApplicationRow<ApplicationDocument> | undefined }>();

/**
 * The application `id` as the access check of this GET request read it (a read-only request reads nothing twice);
 * a change, which reads under its own lock, or any other request: a fresh read.
 */
export async function applicationForRead(
  request: FastifyRequest,
  db: Database,
  id: string,
): Promise<ApplicationRow<ApplicationDocument> | undefined> {
  const read = readByGuard.get(request);
  if (read && read.id === id) return read.row;
  return findApplication<ApplicationDocument>(db, id);
}

/** Installs the access-first rule on every route registered after this call. */
export function installAccessFirst(app: FastifyInstance, db: Database, root: string): void {
  const appId = applicationIdPattern(root);

  /** The application id of a request's path, when it has one of the right shape. */
  const applicationIdOf = (params: unknown): string | undefined => {
    const id = (params as Record<string, unknown> | undefined)?.id;
    return typeof id === 'string' && appId.test(id) ? id : undefined;
  };

  const guard: onRequestAsyncHookHandler = async (request) => {
    const user = request.user;
    if (!user) throw new ApiError('UNAUTHENTICATED');
    const params = request.params as Record<string, unknown>;
    const id = applicationIdOf(params);
    if (id !== undefined) {
      // Read with the session (request-context.ts) in one query; a fresh read only if it was not.
      const row = (
        applicationReadWithSession(request, id) ?? { row: await findApplication<ApplicationDocument>(db, id) }
      ).row;
      if (request.method === 'GET') readByGuard.set(request, { id, row });
      if (row && row.ownerId !== user.id) {
        const ownerId = ownerIdOf(request);
        if (!ownerId || !(await hasOwnerAccess(db, row.id, ownerId, user.id))) throw new ApiError('FORBIDDEN');
      }
    }
    if (typeof params.businessId === 'string' && businessIdPattern.test(params.businessId)) {
      const users = await businessUsers(db, params.businessId);
      if (users.length > 0 && !users.includes(user.id))
        throw new ApiError('FORBIDDEN', [{ field: '/params/businessId', key: 'accounts.errors.notYourBusiness' }]);
    }
  };

  app.addHook('onRoute', (route) => {
    const preHandlers = [route.preHandler].flat().filter(Boolean);
    if (!preHandlers.includes(requireUser)) return;
    // The guard needs the application row right after the session: the session lookup reads both in one query.
    route.config = { ...route.config, applicationWithSession: applicationIdOf };
    route.onRequest = [...[route.onRequest].flat().filter((h): h is NonNullable<typeof h> => Boolean(h)), guard];
  });
}
