import type { FastifyInstance } from 'fastify';
import type { Content } from '../content.ts';
import { publicView, type ApplicationDocument } from '../domain/document.ts';
import { onboardDocument } from '../domain/onboarding.ts';
import { ApiError } from '../http/errors.ts';
import { applicationReadWithSession, requireUser } from '../http/request-context.ts';
import type { SharedValidation } from '../http/shared-validation.ts';
import type { Database } from '../storage/index.ts';
import { updateApplicationAsRead } from '../storage/applications.ts';
import { assertOwned } from './owned-application.ts';
import { api, errorResponses } from './schema-refs.ts';

/**
 * POST /api/v2/applications/{id}/onboard (doc2 §7; doc1 §4.1, §4.4): see server/domain/onboarding.ts. Onboarding
 * is idempotent: an application already decided answers its stored decision again.
 */
export async function onboardRoutes(app: FastifyInstance, deps: OnboardDeps): Promise<void> {
  onboardRoute(app, '/api/v2/applications/:id/onboard', deps);
}

/** What onboarding reads: the store, the shared validation and the content. */
export interface OnboardDeps {
  db: Database;
  shared: SharedValidation;
  content: Content;
}

/** The onboard call at `path` (`:id` the application): /api/v2 above, and /api/v1's in server/routes/v1-commerce.ts. */
export function onboardRoute(app: FastifyInstance, path: string, { db, shared, content }: OnboardDeps): void {
  app.post<{ Params: { id: string } }>(
    path,
    {
      preHandler: requireUser,
      schema: { params: api('application-params'), response: { 200: api('document'), ...errorResponses } },
    },
    async (request) => {
      // From the row read with the session, saved if still that row; else under its lock (updateApplicationAsRead).
      const read = applicationReadWithSession(request, request.params.id)?.row;
      const updated = await updateApplicationAsRead<ApplicationDocument>(db, request.params.id, read, (current) =>
        onboardDocument(assertOwned(request, current).document, content, shared),
      );
      if (!updated) throw new ApiError('APPLICATION_NOT_FOUND');
      return publicView(updated.document);
    },
  );
}
