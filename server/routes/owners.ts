import type { FastifyInstance } from 'fastify';
import { publicView, type ApplicationDocument } from '../domain/document.ts';
import { settleBoVerification } from '../domain/owners.ts';
import { ApiError } from '../http/errors.ts';
import { requireUser, userOf } from '../http/request-context.ts';
import type { IdentityInquiryProvider } from '../sandbox/identity/provider.ts';
import type { Database } from '../storage/index.ts';
import { findApplication, updateApplication } from '../storage/applications.ts';
import { claimInvitation, findInvitation, hasOwnerAccess } from '../storage/owner-access.ts';
import { assertInquiryCompleted } from './identity.ts';
import { assertOwnerAccess } from './owner-access.ts';
import { api, errorResponses } from './schema-refs.ts';

type OwnerParams = { id: string; ownerId: string };

/**
 * Owner calls of V2 (doc2 §7; doc1 §2.5, §4.6, §6):
 * - `GET .../owners/{ownerId}`: the owner record, to the applicant or to that owner's partner account (403 to
 *   anyone else: the browser shows applicant-error);
 * - `POST .../owners/{ownerId}/step-ups/identification` `{inquiryId}`: the owner's completed photo-ID inquiry
 *   clears their GOV_ID_SELFIE; when no partner is left to verify, BO_VERIFICATION leaves the application;
 * - `POST /api/v2/owner-invitations/claim` `{token}`: the partner, signed in with their own account (the one the
 *   invitation was emailed to), claims the emailed link and may then see that one owner record.
 */
export async function ownerRoutes(app: FastifyInstance, { db, inquiries }: { db: Database; inquiries: IdentityInquiryProvider }): Promise<void> {
  app.get<{ Params: OwnerParams }>(
    '/api/v2/applications/:id/owners/:ownerId',
    { preHandler: requireUser, schema: { params: api('owner-params'), response: { 200: api('owner'), ...errorResponses } } },
    async (request, reply) => {
      const { row, index } = await assertOwnerAccess(db, request, await findApplication<ApplicationDocument>(db, request.params.id), request.params.ownerId);
      return reply.header('cache-control', 'no-store').send(publicView(row.document).owners[index]);
    },
  );

  app.post<{ Params: OwnerParams; Body: { inquiryId: string } }>(
    '/api/v2/applications/:id/owners/:ownerId/step-ups/identification',
    { preHandler: requireUser, schema: { params: api('owner-params'), body: api('step-up-inquiry'), response: { 200: api('owner'), ...errorResponses } } },
    async (request) => {
      const { ownerId } = request.params;
      assertInquiryCompleted(await inquiries.find(request.body.inquiryId), request.params.id, 'identification', ownerId);
      let index = -1;
      const updated = await updateApplication<ApplicationDocument>(db, request.params.id, async (current, tx) => {
        const access = await assertOwnerAccess(tx, request, current, ownerId);
        index = access.index;
        const steps = Array.isArray(access.owner.stepUpDetails) ? (access.owner.stepUpDetails as Array<{ type: string }>) : [];
        if (!steps.some((s) => s.type === 'GOV_ID_SELFIE' || s.type === 'FULL_ONBOARDING'))
          throw new ApiError('CONFLICT', [{ field: '/owners/stepUpDetails', key: 'errors.stepUpNotRequired' }]);
        const owners = current.document.owners.map((o, i) =>
          i === index ? { ...o, personaInquiryId: request.body.inquiryId, stepUpDetails: [], status: 'COMPLETED' } : o,
        );
        return settleBoVerification({ ...current.document, owners });
      });
      if (!updated) throw new ApiError('APPLICATION_NOT_FOUND');
      return publicView(updated.document).owners[index];
    },
  );

  app.post<{ Body: { token: string } }>(
    '/api/v2/owner-invitations/claim',
    { preHandler: requireUser, schema: { body: api('owner-invitation-claim'), response: { 200: api('owner-invitation-claimed'), ...errorResponses } } },
    async (request) => {
      const user = userOf(request);
      const result = await db.transaction(async (tx) => {
        const invitation = await findInvitation(tx, request.body.token);
        if (!invitation) throw new ApiError('NOT_FOUND', [{ field: '/token', key: 'errors.invitationUnknown' }]);
        if (invitation.expired) throw new ApiError('LINK_EXPIRED', [{ field: '/token', key: 'errors.linkExpired' }]);
        if (invitation.email !== user.email.toLowerCase())
          throw new ApiError('FORBIDDEN', [{ field: '/token', key: 'errors.invitationOtherAccount' }]);
        if (invitation.claimedBy && invitation.claimedBy !== user.id)
          throw new ApiError('FORBIDDEN', [{ field: '/token', key: 'errors.invitationOtherAccount' }]);
        if (!(await hasOwnerAccess(tx, invitation.applicationId, invitation.ownerId, user.id))) await claimInvitation(tx, request.body.token, invitation, user.id);
        return { applicationId: invitation.applicationId, ownerId: invitation.ownerId };
      });
      return result;
    },
  );
}
