import type { FastifyInstance } from 'fastify';
import {
  marketOf,
  publicView,
  type ApplicationDocument,
  type JsonObject,
  type StepUpDetail,
} from '../domain/document.ts';
import { settleBoVerification } from '../domain/owners.ts';
import { ApiError } from '../http/errors.ts';
import { enforceRate } from '../http/rate-limit.ts';
import { requireUser, userOf } from '../http/request-context.ts';
import type { SharedValidation } from '../http/shared-validation.ts';
import type { Messenger } from '../sandbox/outbox/messenger.ts';
import type { IdentityInquiryProvider } from '../sandbox/identity/provider.ts';
import type { Database } from '../storage/index.ts';
import { findApplication, updateApplication } from '../storage/applications.ts';
import { claimInvitation, findInvitation, hasOwnerAccess } from '../storage/owner-access.ts';
import { documentProblems } from './document-checks.ts';
import { assertInquiryCompleted } from './identity.ts';
import { cobrandPrefix, marketQuery } from './invitations.ts';
import { assertOwnerAccess } from './owner-access.ts';
import { api, errorResponses } from './schema-refs.ts';

type OwnerParams = { id: string; ownerId: string };

/** The complete-owner form (FULL_ONBOARDING): the partner's own names, mobile phone and preferred language. */
const fullOnboardingBody = {
  type: 'object',
  additionalProperties: false,
  required: ['firstName', 'lastName', 'phone', 'communicationLanguage'],
  properties: {
    firstName: { type: 'string', format: 'person-name-accented', maxLength: 64 },
    lastName: { type: 'string', format: 'person-name-accented', maxLength: 64 },
    phone: {
      type: 'object',
      additionalProperties: false,
      required: ['nationalNumber'],
      properties: { nationalNumber: { type: 'string', pattern: '^\\d{10}$' } },
    },
    communicationLanguage: { enum: ['en-US', 'en-CA', 'fr-CA'] },
  },
} as const;

const emailSentResponse = {
  type: 'object',
  additionalProperties: false,
  required: ['email'],
  properties: { email: { type: 'string' } },
} as const;

/**
 * Owner calls of V2 (doc2 §7; doc1 §2.5, §4.6, §6):
 * - `GET .../owners/{ownerId}`: the owner record, to the applicant or to that owner's partner account (403 to
 *   anyone else: the browser shows applicant-error);
 * - `POST .../owners/{ownerId}/step-ups/identification` `{inquiryId}`: the owner's completed photo-ID inquiry
 *   clears their GOV_ID_SELFIE; when no partner is left to verify, BO_VERIFICATION leaves the application;
 * - `POST /api/v2/owner-invitations/claim` `{token}`: the partner, signed in with their own account (the one the
 *   invitation was emailed to), claims the emailed link and may then see that one owner record;
 * - `POST .../owners/{ownerId}/step-ups/full-onboarding` `{firstName, lastName, phone, communicationLanguage}`: the
 *   partner completes their own details (the complete-owner form, doc1 §2.7), which answers their FULL_ONBOARDING;
 * - `POST .../owners/{ownerId}/step-ups/identification/email` `{}`: the confirm-ownership choice 'send me an email'
 *   (doc1 §2.7, §6): the partner's steps and a link back to the photo-ID page, by email (at most 3 per 10 minutes).
 */
export async function ownerRoutes(
  app: FastifyInstance,
  {
    db,
    shared,
    inquiries,
    messenger,
  }: { db: Database; shared: SharedValidation; inquiries: IdentityInquiryProvider; messenger: Messenger },
): Promise<void> {
  /** The applicant's email that a partner verified, and whether payouts are now enabled (doc1 §4.6). */
  const partnerVerifiedEmail = async (
    tx: Parameters<Messenger['send']>[0],
    applicantUserId: string,
    doc: ApplicationDocument,
    owner: JsonObject,
  ): Promise<(() => Promise<void>) | undefined> => {
    const given = doc.applicant.email as { emailAddress?: unknown } | string | undefined;
    const email = typeof given === 'string' ? given : given?.emailAddress;
    if (typeof email !== 'string' || !email) return undefined;
    const partner = [owner.firstName, owner.lastName].filter((n) => typeof n === 'string' && n).join(' ');
    const language = doc.applicant.communicationLanguage;
    return messenger.send(tx, {
      userId: applicantUserId,
      channel: 'email',
      recipient: email,
      key:
        doc.application.enableDeposits === true
          ? 'outbox.email.partnerVerified.allBody'
          : 'outbox.email.partnerVerified.body',
      subjectKey: 'outbox.email.partnerVerified.subject',
      args: { partnerName: partner, companyName: String(doc.company.dba ?? doc.company.name ?? '') },
      locale: typeof language === 'string' ? language : marketOf(doc) === 'CA' ? 'en-CA' : 'en-US',
    });
  };

  app.get<{ Params: OwnerParams }>(
    '/api/v2/applications/:id/owners/:ownerId',
    {
      preHandler: requireUser,
      schema: { params: api('owner-params'), response: { 200: api('owner'), ...errorResponses } },
    },
    async (request, reply) => {
      const { row, index } = await assertOwnerAccess(
        db,
        request,
        await findApplication<ApplicationDocument>(db, request.params.id),
        request.params.ownerId,
      );
      return reply.header('cache-control', 'no-store').send(publicView(row.document).owners[index]);
    },
  );

  app.post<{ Params: OwnerParams; Body: { inquiryId: string } }>(
    '/api/v2/applications/:id/owners/:ownerId/step-ups/identification',
    {
      preHandler: requireUser,
      schema: {
        params: api('owner-params'),
        body: api('step-up-inquiry'),
        response: { 200: api('owner'), ...errorResponses },
      },
    },
    async (request) => {
      const { ownerId } = request.params;
      assertInquiryCompleted(
        await inquiries.find(request.body.inquiryId),
        request.params.id,
        'identification',
        ownerId,
      );
      let index = -1;
      let delivery: (() => Promise<void>) | undefined;
      const updated = await updateApplication<ApplicationDocument>(db, request.params.id, async (current, tx) => {
        const access = await assertOwnerAccess(tx, request, current, ownerId);
        index = access.index;
        const steps = Array.isArray(access.owner.stepUpDetails)
          ? (access.owner.stepUpDetails as Array<{ type: string }>)
          : [];
        if (!steps.some((s) => s.type === 'GOV_ID_SELFIE' || s.type === 'FULL_ONBOARDING'))
          throw new ApiError('CONFLICT', [{ field: '/owners/stepUpDetails', key: 'errors.stepUpNotRequired' }]);
        const owners = current.document.owners.map((o, i) =>
          i === index ? { ...o, personaInquiryId: request.body.inquiryId, stepUpDetails: [], status: 'COMPLETED' } : o,
        );
        const settled = settleBoVerification({ ...current.document, owners });
        // Issue 27.9: the partner's page says "we've let the applicant know": the applicant gets that email, in
        // their language, in the same transaction (nothing is sent when the change is rolled back).
        delivery = await partnerVerifiedEmail(tx, current.ownerId, settled, access.owner);
        return settled;
      });
      if (!updated) throw new ApiError('APPLICATION_NOT_FOUND');
      await delivery?.();
      return publicView(updated.document).owners[index];
    },
  );

  app.post<{ Params: OwnerParams; Body: JsonObject }>(
    '/api/v2/applications/:id/owners/:ownerId/step-ups/full-onboarding',
    {
      preHandler: requireUser,
      schema: {
        params: api('owner-params'),
        body: fullOnboardingBody,
        response: { 200: api('owner'), ...errorResponses },
      },
    },
    async (request) => {
      let index = -1;
      const updated = await updateApplication<ApplicationDocument>(db, request.params.id, async (current, tx) => {
        const access = await assertOwnerAccess(tx, request, current, request.params.ownerId);
        // doc1 §6: the partner completes their own details; the applicant cannot answer for them.
        if (access.viewer !== 'partner')
          throw new ApiError('FORBIDDEN', [{ field: '/ownerId', key: 'owners.errors.partnerOnly' }]);
        index = access.index;
        const steps = Array.isArray(access.owner.stepUpDetails) ? (access.owner.stepUpDetails as StepUpDetail[]) : [];
        if (!steps.some((s) => s.type === 'FULL_ONBOARDING'))
          throw new ApiError('CONFLICT', [{ field: '/owners/stepUpDetails', key: 'errors.stepUpNotRequired' }]);
        const owner = {
          ...access.owner,
          ...request.body,
          stepUpDetails: steps.filter((s) => s.type !== 'FULL_ONBOARDING'),
        };
        const next = { ...current.document, owners: current.document.owners.map((o, i) => (i === index ? owner : o)) };
        const prefix = `/owners/${index}`;
        const problems = documentProblems(shared, next, marketOf(next), [prefix]).map((p) => ({
          ...p,
          field: p.field.slice(prefix.length) || '/',
        }));
        if (problems.length > 0) throw new ApiError('VALIDATION_FAILED', problems);
        return next;
      });
      if (!updated) throw new ApiError('APPLICATION_NOT_FOUND');
      return publicView(updated.document).owners[index];
    },
  );

  app.post<{ Params: OwnerParams }>(
    '/api/v2/applications/:id/owners/:ownerId/step-ups/identification/email',
    {
      preHandler: requireUser,
      schema: { params: api('owner-params'), response: { 202: emailSentResponse, ...errorResponses } },
    },
    async (request, reply) => {
      const { row, owner, viewer } = await assertOwnerAccess(
        db,
        request,
        await findApplication<ApplicationDocument>(db, request.params.id),
        request.params.ownerId,
      );
      if (viewer !== 'partner')
        throw new ApiError('FORBIDDEN', [{ field: '/ownerId', key: 'owners.errors.partnerOnly' }]);
      const steps = Array.isArray(owner.stepUpDetails) ? (owner.stepUpDetails as JsonObject[]) : [];
      if (!steps.some((s) => s.type === 'GOV_ID_SELFIE'))
        throw new ApiError('CONFLICT', [{ field: '/owners/stepUpDetails', key: 'errors.stepUpNotRequired' }]);
      await enforceRate(
        db,
        { bucket: 'owner-steps-email', max: 3, windowMs: 600_000 },
        `${row.id}/${request.params.ownerId}`,
        reply,
      );
      const email = String(owner.email ?? userOf(request).email);
      const deliver = await db.transaction((tx) =>
        messenger.send(tx, {
          userId: userOf(request).id,
          channel: 'email',
          recipient: email,
          key: 'outbox.email.ownerSteps.body',
          subjectKey: 'outbox.email.ownerSteps.subject',
          args: { firstName: String(owner.firstName ?? ''), companyName: String(row.document.company.name ?? '') },
          link: `${cobrandPrefix(row.document)}/${row.id}/owners/${request.params.ownerId}/identification${marketQuery(row.document, '?')}`,
          locale: typeof owner.communicationLanguage === 'string' ? owner.communicationLanguage : request.locale,
        }),
      );
      await deliver();
      return reply.code(202).send({ email });
    },
  );

  app.post<{ Body: { token: string } }>(
    '/api/v2/owner-invitations/claim',
    {
      preHandler: requireUser,
      schema: {
        body: api('owner-invitation-claim'),
        response: { 200: api('owner-invitation-claimed'), ...errorResponses },
      },
    },
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
        if (!(await hasOwnerAccess(tx, invitation.applicationId, invitation.ownerId, user.id)))
          await claimInvitation(tx, request.body.token, invitation, user.id);
        return { applicationId: invitation.applicationId, ownerId: invitation.ownerId };
      });
      return result;
    },
  );
}
