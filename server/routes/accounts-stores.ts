/**
 * Stores of a payments profile (doc1 §2.3 /accounts/{businessId}/stores, §2.7 store switcher, §4.7; doc2 §7 Accounts):
 * - GET  /api/v2/accounts/{businessId}/stores[?serviceId&serviceType]: the user's applications of that business as
 *   stores, each with its attachability for the current service (rules/accounts.json);
 * - POST /api/v2/accounts/{businessId}/stores {name, serviceId?, serviceType?}: a new store: an ADD_STORE application
 *   that copies the newest profile application of the business (applicant and company; the store name is its dba);
 * - POST /api/v2/accounts/{businessId}/stores/{storeId}/connect {serviceId, serviceType}: attaches the current
 *   service to a store (409 when the store is not attachable).
 * A business the user has no application of is 403.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { newestProfile, storeAttachable, type AccountEntry, type StoreEntry } from '../../domain/accounts.ts';
import { newApplicationId, publicView, type ApplicationDocument } from '../domain/document.ts';
import { ApiError } from '../http/errors.ts';
import { requireUser, userOf } from '../http/request-context.ts';
import type { Database } from '../storage/index.ts';
import { createApplication, listApplicationsByOwner, updateApplication } from '../storage/applications.ts';
import { accountsRules } from './accounts-rules.ts';
import { assertOwned } from './owned-application.ts';
import { api, errorResponses } from './schema-refs.ts';
import { idempotencyKeyOf, keyReused, requestFingerprint } from '../http/idempotency.ts';

const id64 = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._:-]+$' } as const;
const serviceFields = {
  serviceId: id64,
  serviceType: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._-]+$' },
} as const;
const businessParams = {
  type: 'object',
  required: ['businessId'],
  additionalProperties: false,
  properties: { businessId: id64 },
} as const;
const storeParams = {
  type: 'object',
  required: ['businessId', 'storeId'],
  additionalProperties: false,
  properties: { businessId: id64, storeId: id64 },
} as const;

const storeSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'businessId', 'attachable'],
  properties: {
    id: { type: 'string' },
    applicationId: { type: 'string' },
    businessId: { type: 'string' },
    name: { type: 'string' },
    riskDecision: { type: 'string' },
    applicationLevel: { type: 'string' },
    serviceId: { type: 'string' },
    serviceType: { type: 'string' },
    completed: { type: 'boolean' },
    attachable: { type: 'boolean' },
    enableDeposits: { type: 'boolean' },
    stepUpTypes: { type: 'array', items: { type: 'string' } },
  },
} as const;

type Rows = Array<{ document: ApplicationDocument; createdAt: string }>;

const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

async function businessRows(db: Database, request: FastifyRequest, businessId: string): Promise<Rows> {
  const rows = (await listApplicationsByOwner<ApplicationDocument>(db, userOf(request).id)).filter(
    (r) => r.document.application.businessId === businessId,
  );
  if (rows.length === 0)
    throw new ApiError('FORBIDDEN', [{ field: '/params/businessId', key: 'accounts.errors.notYourBusiness' }]);
  return rows;
}

/** A store entry of one application (the store id is the application's storeId, else its id). */
export function storeOf(doc: ApplicationDocument): StoreEntry & { businessId: string } {
  const app = doc.application;
  const entry: Record<string, unknown> = {
    id: str(app.storeId) ?? app.id,
    applicationId: app.id,
    businessId: str(app.businessId) ?? '',
    completed: app.completed === true,
  };
  const optional = {
    name: str(doc.company.dba) ?? str(doc.company.name),
    riskDecision: app.decision,
    applicationLevel: app.applicationLevel,
    serviceId: app.serviceId,
    serviceType: app.serviceType,
  };
  for (const [key, value] of Object.entries(optional)) if (str(value)) entry[key] = value;
  // Issue 27.9: what the store's status reads (rules/accounts.json storeStatus): whose step-up is open, whether payouts
  // wait for partners, so the card says the same as the owners and outcome pages.
  if (typeof app.enableDeposits === 'boolean') entry.enableDeposits = app.enableDeposits;
  entry.stepUpTypes = (app.stepUpDetails ?? []).map((s) => s.type);
  return entry as StoreEntry & { businessId: string };
}

function accountOf(row: Rows[number]): AccountEntry {
  return {
    applicationId: row.document.application.id,
    riskDecision: row.document.application.decision,
    createdAt: row.createdAt,
  };
}

export async function accountStoreRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  const rules = accountsRules();

  app.get<{ Params: { businessId: string }; Querystring: { serviceId?: string; serviceType?: string } }>(
    '/api/v2/accounts/:businessId/stores',
    {
      preHandler: requireUser,
      schema: {
        params: businessParams,
        querystring: { type: 'object', additionalProperties: false, properties: serviceFields },
        response: { 200: { type: 'array', items: storeSchema }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const rows = await businessRows(db, request, request.params.businessId);
      const stores = rows.map((row) => {
        const store = storeOf(row.document);
        return { ...store, attachable: storeAttachable(store, request.query, rules.attachability) };
      });
      return reply.header('cache-control', 'no-store').send(stores);
    },
  );

  app.post<{ Params: { businessId: string }; Body: { name: string; serviceId?: string; serviceType?: string } }>(
    '/api/v2/accounts/:businessId/stores',
    {
      preHandler: requireUser,
      schema: {
        params: businessParams,
        body: {
          type: 'object',
          required: ['name'],
          additionalProperties: false,
          properties: { name: { type: 'string', format: 'store-name' }, ...serviceFields },
        },
        response: { 201: api('document'), 200: api('document'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { businessId } = request.params;
      const rows = await businessRows(db, request, businessId);
      const newest = newestProfile(rows.map(accountOf), rules.openDecisions);
      const parent = newest ? rows.find((row) => row.document.application.id === newest.applicationId) : undefined;
      if (!parent) throw new ApiError('CONFLICT', [{ field: '/params/businessId', key: 'accounts.errors.noProfile' }]);
      const from = parent.document;
      const applicationId = newApplicationId();
      const application: ApplicationDocument['application'] = {
        id: applicationId,
        intent: 'ADD_STORE',
        originalIntent: 'ADD_STORE',
        applicationLevel: from.application.applicationLevel ?? 'FULL',
        stepUpDetails: [],
        boStatus: 'NONE',
        apiVersion: 'V2',
        completed: false,
        businessId,
        parentApplication: from.application.id,
        storeId: `store-${randomUUID().slice(0, 12)}`,
        createStore: true,
      };
      for (const key of ['referralUrlId', 'organizationId'] as const)
        if (str(from.application[key])) application[key] = from.application[key];
      if (request.body.serviceId) application.serviceId = request.body.serviceId;
      if (request.body.serviceType) application.serviceType = request.body.serviceType;
      const { submitted: _a, ...applicant } = from.applicant as Record<string, unknown>;
      const { submitted: _c, ...company } = from.company as Record<string, unknown>;
      const document: ApplicationDocument = {
        application,
        applicant,
        company: { ...company, dba: request.body.name },
        owners: [],
        bank: {},
        order: {},
      };
      const header = idempotencyKeyOf(request);
      const key = header !== undefined && header.length <= 200 ? header : undefined;
      const created = await createApplication<ApplicationDocument>(
        db,
        { id: applicationId, ownerId: userOf(request).id, document },
        key,
        requestFingerprint(request),
      );
      if (created.keyReused && key) throw keyReused(key);
      return reply.code(created.created ? 201 : 200).send(publicView(created.application.document));
    },
  );

  app.post<{ Params: { businessId: string; storeId: string }; Body: { serviceId: string; serviceType: string } }>(
    '/api/v2/accounts/:businessId/stores/:storeId/connect',
    {
      preHandler: requireUser,
      schema: {
        params: storeParams,
        body: {
          type: 'object',
          required: ['serviceId', 'serviceType'],
          additionalProperties: false,
          properties: serviceFields,
        },
        response: { 200: api('document'), ...errorResponses },
      },
    },
    async (request) => {
      const rows = await businessRows(db, request, request.params.businessId);
      const row = rows.find((candidate) => storeOf(candidate.document).id === request.params.storeId);
      if (!row) throw new ApiError('NOT_FOUND', [{ field: '/params/storeId', key: 'accounts.errors.storeNotFound' }]);
      const updated = await updateApplication<ApplicationDocument>(db, row.document.application.id, (current) => {
        const doc = assertOwned(request, current).document;
        if (!storeAttachable(storeOf(doc), request.body, rules.attachability)) {
          throw new ApiError('CONFLICT', [{ field: '/params/storeId', key: 'accounts.errors.notAttachable' }]);
        }
        return {
          ...doc,
          application: { ...doc.application, serviceId: request.body.serviceId, serviceType: request.body.serviceType },
        };
      });
      if (!updated) throw new ApiError('APPLICATION_NOT_FOUND');
      return publicView(updated.document);
    },
  );
}
