import type { FastifyInstance, FastifyRequest } from 'fastify';
import { marketOf, type ApplicationDocument, type StepUpType } from '../domain/document.ts';
import { identityTemplate } from '../../domain/services/identity-template.ts';
import type { IdentityTemplateRules } from '../../domain/services/types.ts';
import { hasStepUp } from '../domain/step-ups.ts';
import { ApiError } from '../http/errors.ts';
import { requireUser } from '../http/request-context.ts';
import type { IdentityInquiryProvider, Inquiry, InquiryKind } from '../sandbox/identity/provider.ts';
import type { Database } from '../storage/index.ts';
import { findApplication } from '../storage/applications.ts';
import { assertOwned } from './owned-application.ts';
import { assertOwnerAccess } from './owner-access.ts';
import { api, errorResponses } from './schema-refs.ts';

/** The step-up each inquiry kind answers (doc1 §4.2): photo ID and selfie, or business documents. */
export const inquiryStepUp: Record<InquiryKind, StepUpType> = {
  identification: 'GOV_ID_SELFIE',
  verification: 'EIN_DOC',
};

/**
 * The step-ups an inquiry answering `type` answers (doc1 §2.7 'switch to photo ID'): the type itself, and for the
 * photo ID with selfie every kind of rules/identity-templates.json photoIdInstead.
 */
export function answeredBy(type: StepUpType, rules: IdentityTemplateRules): StepUpType[] {
  const instead = (rules as IdentityTemplateRules & { photoIdInstead?: StepUpType[] }).photoIdInstead ?? [];
  return type === inquiryStepUp.identification ? [type, ...instead.filter((t) => t !== type)] : [type];
}

/** The answer of every session call. */
export function sessionView(inquiry: Inquiry, url: string) {
  return {
    inquiryId: inquiry.id,
    sessionToken: inquiry.sessionToken,
    isInquiryCompleted: inquiry.status === 'RECEIVED',
    inquirySessionStatus: inquiry.status,
    templateId: inquiry.templateId,
    url,
  };
}

/** Why an inquiry cannot answer a step-up: unknown or someone else's (400), or not completed (409). */
export function assertInquiryCompleted(
  inquiry: Inquiry | undefined,
  applicationId: string,
  kind: InquiryKind,
  ownerId: string | null,
): void {
  if (!inquiry || inquiry.applicationId !== applicationId || inquiry.kind !== kind || inquiry.ownerId !== ownerId)
    throw new ApiError('VALIDATION_FAILED', [{ field: '/inquiryId', key: 'errors.inquiryUnknown' }]);
  if (inquiry.status !== 'RECEIVED')
    throw new ApiError('CONFLICT', [{ field: '/inquiryId', key: 'errors.inquiryNotCompleted' }]);
}

/**
 * Identity sessions (doc2 §7 Step-ups: `.../step-ups/{identification|verification}/sessions`, optionally under
 * `owners/{ownerId}`; body inquiryId; answers sessionToken and isInquiryCompleted). Without an inquiryId a new
 * inquiry starts and `url` is where the browser captures the documents; with one, its session is answered.
 * `GET .../sessions/{inquiryId}` is the long-poll of doc1 §4.5 (every second until RECEIVED or TIMEOUT).
 */
export async function identityRoutes(
  app: FastifyInstance,
  { db, inquiries, templates }: { db: Database; inquiries: IdentityInquiryProvider; templates: IdentityTemplateRules },
): Promise<void> {
  const sessionResponse = { 200: api('identity-session'), 201: api('identity-session'), ...errorResponses };

  /** Starts or resumes an inquiry for the application (ownerId null) or one owner. */
  // doc2 §9: the template of the application's country (its market) and the kind: business documents, or photo ID
  // with selfie (the applicant and partners alike).
  const session = async (
    row: { id: string; document: ApplicationDocument },
    ownerId: string | null,
    kind: InquiryKind,
    inquiryId: string | undefined,
  ) => {
    const applicationId = row.id;
    if (inquiryId) {
      const inquiry = await inquiries.find(inquiryId);
      if (!inquiry || inquiry.applicationId !== applicationId || inquiry.kind !== kind || inquiry.ownerId !== ownerId)
        throw new ApiError('VALIDATION_FAILED', [{ field: '/inquiryId', key: 'errors.inquiryUnknown' }]);
      return { status: 200, body: sessionView(inquiry, inquiries.urlOf(inquiry)) };
    }
    const templateId = identityTemplate(
      templates,
      marketOf(row.document),
      kind === 'verification' ? 'verification' : 'identification',
    );
    const started = await inquiries.start({ applicationId, kind, templateId, ...(ownerId ? { ownerId } : {}) });
    return { status: 201, body: sessionView(started, started.url) };
  };

  const applicantRow = async (request: FastifyRequest<{ Params: { id: string; kind: InquiryKind } }>) => {
    const row = assertOwned(request, await findApplication<ApplicationDocument>(db, request.params.id));
    // doc1 §2.7: photo ID may also stand in for the step-ups rules/identity-templates.json photoIdInstead lists.
    const answers = answeredBy(inquiryStepUp[request.params.kind], templates);
    if (!answers.some((type) => hasStepUp(row.document, type)))
      throw new ApiError('CONFLICT', [{ field: '/application/stepUpDetails', key: 'errors.stepUpNotRequired' }]);
    return row;
  };

  app.post<{ Params: { id: string; kind: InquiryKind }; Body: { inquiryId?: string } | undefined }>(
    '/api/v2/applications/:id/step-ups/:kind/sessions',
    {
      preHandler: requireUser,
      schema: {
        params: api('identity-session-params'),
        body: api('identity-session-request'),
        response: sessionResponse,
      },
    },
    async (request, reply) => {
      const row = await applicantRow(request);
      const { status, body } = await session(row, null, request.params.kind, request.body?.inquiryId);
      return reply.code(status).header('cache-control', 'no-store').send(body);
    },
  );

  app.get<{ Params: { id: string; kind: InquiryKind; inquiryId: string } }>(
    '/api/v2/applications/:id/step-ups/:kind/sessions/:inquiryId',
    { preHandler: requireUser, schema: { params: api('identity-session-poll-params'), response: sessionResponse } },
    async (request, reply) => {
      const row = assertOwned(request, await findApplication<ApplicationDocument>(db, request.params.id));
      const { body } = await session(row, null, request.params.kind, request.params.inquiryId);
      return reply.header('cache-control', 'no-store').send(body);
    },
  );

  const ownerStepUpPending = (owner: Record<string, unknown>) =>
    Array.isArray(owner.stepUpDetails) &&
    owner.stepUpDetails.some((s: { type?: string }) => s.type === 'GOV_ID_SELFIE' || s.type === 'FULL_ONBOARDING');

  app.post<{ Params: { id: string; ownerId: string }; Body: { inquiryId?: string } | undefined }>(
    '/api/v2/applications/:id/owners/:ownerId/step-ups/identification/sessions',
    {
      preHandler: requireUser,
      schema: {
        params: api('owner-identity-session-params'),
        body: api('identity-session-request'),
        response: sessionResponse,
      },
    },
    async (request, reply) => {
      const { row, owner } = await assertOwnerAccess(
        db,
        request,
        await findApplication<ApplicationDocument>(db, request.params.id),
        request.params.ownerId,
      );
      if (!ownerStepUpPending(owner))
        throw new ApiError('CONFLICT', [{ field: '/owners/stepUpDetails', key: 'errors.stepUpNotRequired' }]);
      const { status, body } = await session(row, request.params.ownerId, 'identification', request.body?.inquiryId);
      return reply.code(status).header('cache-control', 'no-store').send(body);
    },
  );

  app.get<{ Params: { id: string; ownerId: string; inquiryId: string } }>(
    '/api/v2/applications/:id/owners/:ownerId/step-ups/identification/sessions/:inquiryId',
    {
      preHandler: requireUser,
      schema: { params: api('owner-identity-session-poll-params'), response: sessionResponse },
    },
    async (request, reply) => {
      const { row } = await assertOwnerAccess(
        db,
        request,
        await findApplication<ApplicationDocument>(db, request.params.id),
        request.params.ownerId,
      );
      const { body } = await session(row, request.params.ownerId, 'identification', request.params.inquiryId);
      return reply.header('cache-control', 'no-store').send(body);
    },
  );
}
