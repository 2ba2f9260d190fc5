/**
 * POST /api/v2/applications/{id}/terms (doc1 §2.7 terms-of-service view, §3 Applicant.terms): the applicant accepts
 * the current terms. The server records `signed`, `signedAt` (its own clock, not the browser's) and `version` (the
 * current version of rules/services.json), so what is stored is what was shown. Accepting again keeps the first
 * acceptance of the same version. Not in doc2 §7 (the spec names no terms call); the shape is ours.
 */
import type { FastifyInstance } from 'fastify';
import services from '../../rules/services.json' with { type: 'json' };
import { publicView, type ApplicationDocument } from '../domain/document.ts';
import { ApiError } from '../http/errors.ts';
import { requireUser } from '../http/request-context.ts';
import type { Database } from '../storage/index.ts';
import { updateApplication } from '../storage/applications.ts';
import { assertOwned } from './owned-application.ts';
import { api, errorResponses } from './schema-refs.ts';

/** The terms version the catalogues' text is. */
export const currentTermsVersion: string = services.termsVersion;

const body = {
  type: 'object',
  additionalProperties: false,
  required: ['accepted'],
  properties: { accepted: { const: true } },
} as const;

/** Registers the terms call. */
export async function termsRoutes(
  app: FastifyInstance,
  { db, now = () => new Date() }: { db: Database; now?: () => Date },
): Promise<void> {
  app.post<{ Params: { id: string }; Body: { accepted: true } }>(
    '/api/v2/applications/:id/terms',
    {
      preHandler: requireUser,
      schema: { params: api('application-params'), body, response: { 200: api('document'), ...errorResponses } },
    },
    async (request) => {
      const updated = await updateApplication<ApplicationDocument>(db, request.params.id, async (current) => {
        const doc = assertOwned(request, current).document;
        const terms = (doc.applicant as { terms?: { signed?: boolean; version?: string } }).terms;
        if (terms?.signed && terms.version === currentTermsVersion) return doc;
        return {
          ...doc,
          applicant: {
            ...doc.applicant,
            terms: { signed: true, signedAt: now().toISOString(), version: currentTermsVersion },
          },
        };
      });
      if (!updated) throw new ApiError('APPLICATION_NOT_FOUND');
      return publicView(updated.document);
    },
  );
}
