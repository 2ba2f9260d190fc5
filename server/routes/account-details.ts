import type { FastifyInstance } from 'fastify';
import { storeStatus } from '../../domain/accounts.ts';
import type { Content } from '../content.ts';
import type { ApplicationDocument } from '../domain/document.ts';
import { requireUser } from '../http/request-context.ts';
import type { Database } from '../storage/index.ts';
import { findApplication } from '../storage/applications.ts';
import { assertOwned } from './owned-application.ts';
import { api, errorResponses } from './schema-refs.ts';

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/**
 * `GET /api/v2/accounts/{id}/more-info` (doc2 §7 Accounts): one account's details with its profile card status
 * (doc1 §4.1; the storeStatus rows of rules/accounts.json). Only the account's own user may ask (403 otherwise).
 * The stores of an account are answered by server/routes/accounts-stores.ts.
 */
export async function accountDetailRoutes(
  app: FastifyInstance,
  { db, content }: { db: Database; content: Content },
): Promise<void> {
  app.get<{ Params: { id: string } }>(
    '/api/v2/accounts/:id/more-info',
    {
      preHandler: requireUser,
      schema: { params: api('account-params'), response: { 200: api('account-more-info'), ...errorResponses } },
    },
    async (request, reply) => {
      const doc = assertOwned(request, await findApplication<ApplicationDocument>(db, request.params.id)).document;
      const entry = {
        id: doc.application.id,
        applicationId: doc.application.id,
        ...(doc.application.completed ? { riskDecision: doc.application.decision } : {}),
      };
      return reply.header('cache-control', 'no-store').send(
        defined({
          applicationId: doc.application.id,
          businessId: str(doc.application.businessId),
          riskDecision: doc.application.decision,
          status: storeStatus(entry, content.accounts.storeStatus),
          applicationLevel: doc.application.applicationLevel,
          stepUpDetails: doc.application.stepUpDetails,
          hasFinancialInstrument: doc.application.hasFinancialInstrument === true,
          company: defined({
            name: str(doc.company.name),
            dba: str(doc.company.dba),
            currency: str(doc.company.currency),
          }),
        }),
      );
    },
  );
}
