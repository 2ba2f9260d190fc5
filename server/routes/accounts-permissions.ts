/**
 * POST /api/v2/applications/{id}/permissions {type} (doc2 §7; doc1 §6: after onboarding with the eHopper flow on,
 * SSO permissions of type ehopper are set). Only an onboarded (decided) application can get one; setting the same
 * type twice is the same permission (200), a new one 201.
 */
import type { FastifyInstance } from 'fastify';
import type { ApplicationDocument } from '../domain/document.ts';
import { ApiError } from '../http/errors.ts';
import { requireUser } from '../http/request-context.ts';
import type { Database } from '../storage/index.ts';
import { findApplication } from '../storage/applications.ts';
import { assertOwned } from './owned-application.ts';
import { api, errorResponses } from './schema-refs.ts';

/** Permission types the API grants (doc1 §6). */
export const permissionTypes = ['ehopper'] as const;

const permission = {
  type: 'object',
  additionalProperties: false,
  required: ['type'],
  properties: { type: { type: 'string' } },
} as const;

export async function accountPermissionRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  app.post<{ Params: { id: string }; Body: { type: string } }>(
    '/api/v2/applications/:id/permissions',
    {
      preHandler: requireUser,
      schema: {
        params: api('application-params'),
        body: {
          type: 'object',
          required: ['type'],
          additionalProperties: false,
          properties: { type: { enum: [...permissionTypes] } },
        },
        response: { 200: permission, 201: permission, ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = assertOwned(request, await findApplication<ApplicationDocument>(db, request.params.id));
      if (!row.document.application.decision)
        throw new ApiError('CONFLICT', [{ field: '/params/id', key: 'accounts.errors.notOnboarded' }]);
      const inserted = await db.query(
        'INSERT INTO account_permissions (application_id, type) VALUES ($1, $2) ON CONFLICT (application_id, type) DO NOTHING RETURNING type',
        [row.id, request.body.type],
      );
      return reply.code(inserted.rows.length > 0 ? 201 : 200).send({ type: request.body.type });
    },
  );
}
