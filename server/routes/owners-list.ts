/**
 * The applicant's list of business partners (doc1 §2.7 Owners list, §4.6 'Operations: create, patch, delete,
 * onboard'; doc2 §5 unique partner emails; doc2 §7 V1 individuals). While the BO_INFO step-up is pending, the
 * applicant builds the list one partner at a time; sending the invitations answers BO_INFO with the stored list.
 *
 * V2: `POST .../owners`, `PATCH|DELETE .../owners/{ownerId}`, `POST .../owners/invitations`.
 * V1 (`/api/v1/commerce/onboarding-applications/{id}/individuals[/{ownerId}]`, `POST .../individuals/{ownerId}/onboard`):
 * the same operations for applications of API version V1.
 *
 * Every answer is the whole document (the list is `owners`), so the browser's cache of the application stays true.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { marketOf, publicView, type ApplicationDocument, type JsonObject } from '../domain/document.ts';
import { newOwner } from '../domain/owners.ts';
import { ApiError, type ErrorDetail } from '../http/errors.ts';
import { requireUser } from '../http/request-context.ts';
import type { SharedValidation } from '../http/shared-validation.ts';
import type { Messenger } from '../sandbox/outbox/messenger.ts';
import type { Database } from '../storage/index.ts';
import { findApplication, updateApplication } from '../storage/applications.ts';
import { documentProblems } from './document-checks.ts';
import { deliverAll, inviteOwners } from './invitations.ts';
import { assertOwned } from './owned-application.ts';
import { api, errorResponses } from './schema-refs.ts';

/** At most this many partners (the beneficial-owners step-up accepts four: partners hold 25% or more each). */
export const MAX_OWNERS = 4;

/** The fields an owner needs before an invitation can be sent; without one the card reads 'incomplete'. */
export const REQUIRED_OWNER_FIELDS = ['firstName', 'lastName', 'email', 'ownershipPercent'] as const;

const ownerFields = {
  type: { enum: ['APPLICANT_OWNER', 'OWNER'] },
  firstName: { type: 'string', format: 'person-name-accented', maxLength: 64 },
  lastName: { type: 'string', format: 'person-name-accented', maxLength: 64 },
  email: { type: 'string', format: 'email', maxLength: 254 },
  phone: {
    type: 'object',
    additionalProperties: false,
    properties: { nationalNumber: { type: 'string', pattern: '^\\d{10}$' } },
  },
  ownershipPercent: { type: 'integer', minimum: 25, maximum: 100 },
  communicationLanguage: { enum: ['en-US', 'en-CA', 'fr-CA'] },
} as const;

/** Body of a new owner: names are needed to show the card; the rest may follow (an incomplete owner). */
export const ownerCreateSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['firstName', 'lastName'],
  properties: ownerFields,
} as const;
/** Body of an owner change: any of the fields, at least one. */
export const ownerPatchSchema = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: ownerFields,
} as const;

const idPattern = { type: 'string', pattern: '^urn:[A-Za-z0-9:_-]{1,120}$' } as const;
const v2Params = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: idPattern },
} as const;
const v2OwnerParams = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'ownerId'],
  properties: { id: idPattern, ownerId: idPattern },
} as const;

/** The card label of an owner not yet invited: incomplete until every required field is there. */
export function draftStatus(owner: JsonObject): 'INCOMPLETE' | 'REQUEST_TO_BE_SENT' {
  return REQUIRED_OWNER_FIELDS.every((k) => owner[k] !== undefined && owner[k] !== '')
    ? 'REQUEST_TO_BE_SENT'
    : 'INCOMPLETE';
}

/** Emails (trimmed, case-insensitive) may not repeat among partners, nor be the applicant's own (doc2 §5). */
function emailProblems(doc: ApplicationDocument, index: number): ErrorDetail[] {
  const email = String(doc.owners[index]?.email ?? '')
    .trim()
    .toLowerCase();
  if (!email) return [];
  const applicant = String((doc.applicant.email as JsonObject | undefined)?.emailAddress ?? '')
    .trim()
    .toLowerCase();
  const taken = doc.owners.some(
    (o, i) =>
      i !== index &&
      String(o.email ?? '')
        .trim()
        .toLowerCase() === email,
  );
  return taken || email === applicant ? [{ field: '/email', key: 'validation.emailNotUnique' }] : [];
}

/** Market checks on one owner, reported with the owner's own field names (`/firstName`). */
function ownerProblems(shared: SharedValidation, doc: ApplicationDocument, index: number): ErrorDetail[] {
  const prefix = `/owners/${index}`;
  const market = documentProblems(shared, doc, marketOf(doc), [prefix]).map((p) => ({
    ...p,
    field: p.field.slice(prefix.length) || '/',
  }));
  return [...market, ...emailProblems(doc, index)];
}

function assertBoInfoPending(doc: ApplicationDocument): void {
  if (!doc.application.stepUpDetails.some((s) => s.type === 'BO_INFO'))
    throw new ApiError('CONFLICT', [{ field: '/application/stepUpDetails', key: 'errors.stepUpNotRequired' }]);
}

function ownerIndex(doc: ApplicationDocument, ownerId: string): number {
  const index = doc.owners.findIndex((o) => o.id === ownerId);
  if (index < 0) throw new ApiError('NOT_FOUND', [{ field: '/ownerId', key: 'errors.ownerNotFound' }]);
  return index;
}

/** The operations, shared by the V2 and V1 paths. */
function operations(
  db: Database,
  shared: SharedValidation,
  messenger: Messenger,
  invitationTtlMs: number,
  fullOnboardingWhenEmailContains: string[],
) {
  const change = async (
    request: FastifyRequest,
    id: string,
    edit: (doc: ApplicationDocument) => ApplicationDocument,
  ) => {
    const updated = await updateApplication<ApplicationDocument>(db, id, async (current) => {
      const doc = assertOwned(request, current).document;
      assertBoInfoPending(doc);
      return edit(doc);
    });
    if (!updated) throw new ApiError('APPLICATION_NOT_FOUND');
    return publicView(updated.document);
  };

  return {
    create: (request: FastifyRequest, id: string, body: JsonObject) =>
      change(request, id, (doc) => {
        if (doc.owners.length >= MAX_OWNERS)
          throw new ApiError('CONFLICT', [
            { field: '/owners', key: 'owners.errors.tooMany', args: { max: MAX_OWNERS } },
          ]);
        // doc1 §4.6: an incomplete owner blocks adding more until completed or removed.
        if (doc.owners.some((o) => o.status === 'INCOMPLETE'))
          throw new ApiError('CONFLICT', [{ field: '/owners', key: 'owners.errors.incompleteOwner' }]);
        const created = newOwner(body);
        const owners = [...doc.owners, { ...created, status: draftStatus(created) }];
        const next = { ...doc, owners };
        const problems = ownerProblems(shared, next, owners.length - 1);
        if (problems.length > 0) throw new ApiError('VALIDATION_FAILED', problems);
        return next;
      }),
    patch: (request: FastifyRequest, id: string, ownerId: string, body: JsonObject) =>
      change(request, id, (doc) => {
        const index = ownerIndex(doc, ownerId);
        const merged = { ...doc.owners[index], ...body };
        if (merged.status === 'INCOMPLETE' || merged.status === 'REQUEST_TO_BE_SENT')
          merged.status = draftStatus(merged);
        const next = { ...doc, owners: doc.owners.map((o, i) => (i === index ? merged : o)) };
        const problems = ownerProblems(shared, next, index);
        if (problems.length > 0) throw new ApiError('VALIDATION_FAILED', problems);
        return next;
      }),
    remove: (request: FastifyRequest, id: string, ownerId: string) =>
      change(request, id, (doc) => {
        const index = ownerIndex(doc, ownerId);
        return { ...doc, owners: doc.owners.filter((_o, i) => i !== index) };
      }),
    /** Answers BO_INFO with the stored partners and emails each one a secure link (doc1 §4.6). */
    invite: async (request: FastifyRequest, id: string, only?: string) => {
      let deliveries: Array<() => Promise<void>> = [];
      const updated = await updateApplication<ApplicationDocument>(db, id, async (current, tx) => {
        const doc = assertOwned(request, current).document;
        // V1 onboards one owner at a time: the first answers BO_INFO, the later ones follow under INFO_PROVIDED.
        if (only === undefined || doc.application.boStatus !== 'INFO_PROVIDED') assertBoInfoPending(doc);
        const named = only === undefined ? doc.owners : [doc.owners[ownerIndex(doc, only)]!];
        if (named.length === 0) throw new ApiError('CONFLICT', [{ field: '/owners', key: 'owners.errors.noOwners' }]);
        if (named.some((o) => o.status === 'INCOMPLETE'))
          throw new ApiError('CONFLICT', [{ field: '/owners', key: 'owners.errors.incompleteOwner' }]);
        const stepUps = doc.application.stepUpDetails.filter(
          (s) => s.type !== 'BO_INFO' && s.type !== 'BO_VERIFICATION',
        );
        const partners = doc.owners.some((o) => o.type === 'OWNER');
        const next: ApplicationDocument = {
          ...doc,
          application: {
            ...doc.application,
            boStatus: 'INFO_PROVIDED',
            stepUpDetails: partners ? [...stepUps, { type: 'BO_VERIFICATION', status: 'REQUIRED' }] : stepUps,
          },
        };
        const invited = await inviteOwners(tx, messenger, next, {
          ttlMs: invitationTtlMs,
          locale: request.locale,
          fullOnboardingWhenEmailContains,
          ...(request.user ? { userId: request.user.id } : {}),
          ...(only ? { only: [only] } : {}),
        });
        deliveries = invited.deliveries;
        return invited.doc;
      });
      if (!updated) throw new ApiError('APPLICATION_NOT_FOUND');
      await deliverAll(deliveries);
      return publicView(updated.document);
    },
    read: async (request: FastifyRequest, id: string, ownerId: string) => {
      const doc = assertOwned(request, await findApplication<ApplicationDocument>(db, id)).document;
      return publicView(doc).owners[ownerIndex(doc, ownerId)];
    },
  };
}

type Params = { id: string; ownerId: string };

/** Registers the owner-list calls (V2 and V1). */
export async function ownerListRoutes(
  app: FastifyInstance,
  {
    db,
    shared,
    messenger,
    invitationTtlMs,
    fullOnboardingWhenEmailContains = [],
  }: {
    db: Database;
    shared: SharedValidation;
    messenger: Messenger;
    invitationTtlMs: number;
    fullOnboardingWhenEmailContains?: string[];
  },
): Promise<void> {
  const ops = operations(db, shared, messenger, invitationTtlMs, fullOnboardingWhenEmailContains);
  const documentResponse = { 200: api('document'), 201: api('document'), ...errorResponses };

  for (const base of ['/api/v2/applications/:id/owners', '/api/v1/commerce/onboarding-applications/:id/individuals']) {
    app.post<{ Params: Params; Body: JsonObject }>(
      base,
      { preHandler: requireUser, schema: { params: v2Params, body: ownerCreateSchema, response: documentResponse } },
      async (request, reply) => reply.code(201).send(await ops.create(request, request.params.id, request.body)),
    );
    app.patch<{ Params: Params; Body: JsonObject }>(
      `${base}/:ownerId`,
      {
        preHandler: requireUser,
        schema: { params: v2OwnerParams, body: ownerPatchSchema, response: documentResponse },
      },
      async (request) => ops.patch(request, request.params.id, request.params.ownerId, request.body),
    );
    app.delete<{ Params: Params }>(
      `${base}/:ownerId`,
      { preHandler: requireUser, schema: { params: v2OwnerParams, response: documentResponse } },
      async (request) => ops.remove(request, request.params.id, request.params.ownerId),
    );
  }

  app.post<{ Params: Params }>(
    '/api/v2/applications/:id/owners/invitations',
    { preHandler: requireUser, schema: { params: v2Params, response: documentResponse } },
    async (request) => ops.invite(request, request.params.id),
  );
  app.get<{ Params: Params }>(
    '/api/v1/commerce/onboarding-applications/:id/individuals/:ownerId',
    { preHandler: requireUser, schema: { params: v2OwnerParams, response: { 200: api('owner'), ...errorResponses } } },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await ops.read(request, request.params.id, request.params.ownerId)),
  );
  app.post<{ Params: Params }>(
    '/api/v1/commerce/onboarding-applications/:id/individuals/:ownerId/onboard',
    { preHandler: requireUser, schema: { params: v2OwnerParams, response: documentResponse } },
    async (request) => ops.invite(request, request.params.id, request.params.ownerId),
  );
}
