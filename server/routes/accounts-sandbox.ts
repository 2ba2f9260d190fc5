/**
 * POST /sandbox/accounts (sandbox only, signed in): gives the signed-in user existing accounts on purpose, so the
 * account list, store switcher and add-channel flows can be reached without onboarding several businesses by hand.
 * Body: {accounts: [{decision?, level?, currency?, name?, businessId?, serviceId?, serviceType?, completed?}]}, at most 10.
 * Each becomes a complete application (valid applicant and company for its market) with that decision and level, as if
 * onboarded. Answers 201 with the account list entries created, in the order given.
 */
import type { FastifyInstance } from 'fastify';
import { newApplicationId, type ApplicationDocument, type Decision } from '../domain/document.ts';
import { requireUser, userOf } from '../http/request-context.ts';
import type { Database } from '../storage/index.ts';
import { businessUsers, createApplication } from '../storage/applications.ts';
import { ApiError } from '../http/errors.ts';
import { api, errorResponses } from './schema-refs.ts';
import { completeCa, completeUs } from '../sandbox/applicants.ts';

interface Seed {
  decision?: Decision;
  level?: 'BASIC' | 'FULL';
  currency?: 'USD' | 'CAD';
  name?: string;
  businessId?: string;
  serviceId?: string;
  serviceType?: string;
  completed?: boolean;
}

const idField = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9._-]+$' } as const;

const seedSchema = {
  type: 'object',
  required: ['accounts'],
  additionalProperties: false,
  properties: {
    accounts: {
      type: 'array',
      minItems: 1,
      maxItems: 10,
      items: {
        type: 'object',
        additionalProperties: false,
        properties: {
          decision: { enum: ['PENDING', 'APPROVED', 'DECLINED', 'APPROVED_PENDING', 'DECLINED_PENDING', 'ERROR'] },
          level: { enum: ['BASIC', 'FULL'] },
          currency: { enum: ['USD', 'CAD'] },
          name: { type: 'string', format: 'business-name' },
          businessId: idField,
          serviceId: idField,
          serviceType: idField,
          completed: { type: 'boolean' },
        },
      },
    },
  },
} as const;

/** The seeded business's applicant: the complete applicant of its market. */
const applicants = { USD: completeUs.applicant, CAD: completeCa.applicant } as const;

/** The application document of one seed (pure; exported for tests). */
export function seededDocument(seed: Seed, index: number): ApplicationDocument {
  const currency = seed.currency ?? 'USD';
  const name = seed.name ?? `Sandbox Business ${index + 1}`;
  const application: ApplicationDocument['application'] = {
    id: newApplicationId(),
    intent: 'CREATE_BUSINESS',
    originalIntent: 'CREATE_BUSINESS',
    applicationLevel: seed.level ?? 'FULL',
    stepUpDetails: seed.decision === 'APPROVED_PENDING' ? [{ type: 'OTP_SMS', status: 'REQUIRED' }] : [],
    boStatus: 'NONE',
    apiVersion: 'V2',
    completed: seed.completed ?? seed.decision !== undefined,
  };
  if (seed.decision) application.decision = seed.decision;
  for (const key of ['businessId', 'serviceId', 'serviceType'] as const) if (seed[key]) application[key] = seed[key];
  // The business phone the older signup form requires (doc2 §5): the applicant's mobile, as 'same as mobile' gives.
  const company: Record<string, unknown> = {
    name,
    dba: name,
    segment: '5462',
    currency,
    phone: { localPhoneNumber: applicants[currency].phone.localPhoneNumber },
  };
  if (currency === 'CAD') company.address = { countryCode: 'CA' };
  return {
    application,
    applicant: structuredClone(applicants[currency]) as Record<string, unknown>,
    company,
    owners: [],
    bank: {},
    order: {},
  };
}

export async function accountSandboxRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  app.post<{ Body: { accounts: Seed[] } }>(
    '/sandbox/accounts',
    { preHandler: requireUser, schema: { body: seedSchema, response: { 201: api('accounts'), ...errorResponses } } },
    async (request, reply) => {
      const user = userOf(request);
      // A seed may not claim a business another user has (issue 23): its business checks would then pass for it.
      for (const [index, seed] of request.body.accounts.entries()) {
        if (!seed.businessId) continue;
        const users = await businessUsers(db, seed.businessId);
        if (users.length > 0 && !users.includes(user.id))
          throw new ApiError('FORBIDDEN', [
            { field: `/accounts/${index}/businessId`, key: 'accounts.errors.notYourBusiness' },
          ]);
      }
      const entries = [];
      for (const document of request.body.accounts.map(seededDocument)) {
        const created = await createApplication<ApplicationDocument>(db, {
          id: document.application.id,
          ownerId: user.id,
          document,
        });
        const a = document.application;
        const entry: Record<string, unknown> = {
          applicationId: a.id,
          applicationLevel: a.applicationLevel,
          stepUpDetails: a.stepUpDetails,
          company: { name: document.company.name, dba: document.company.dba, currency: document.company.currency },
          createdAt: new Date().toISOString(),
        };
        for (const [key, value] of Object.entries({
          riskDecision: a.decision,
          businessId: a.businessId,
          serviceId: a.serviceId,
          serviceType: a.serviceType,
        })) {
          if (typeof value === 'string') entry[key] = value;
        }
        if (created.created) entries.push(entry);
      }
      return reply.code(201).send(entries);
    },
  );
}
