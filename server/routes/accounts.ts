import type { FastifyInstance } from 'fastify';
import type { ApplicationDocument } from '../domain/document.ts';
import { requireUser, userOf } from '../http/request-context.ts';
import type { Database } from '../storage/index.ts';
import { listApplicationsByOwner } from '../storage/applications.ts';
import { api, errorResponses } from './schema-refs.ts';

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** GET /api/v2/accounts (doc2 §7): the signed-in user's applications as account list entries (doc1 §3). */
export async function accountRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  app.get(
    '/api/v2/accounts',
    { preHandler: requireUser, schema: { response: { 200: api('accounts'), ...errorResponses } } },
    async (request, reply) => {
      const rows = await listApplicationsByOwner<ApplicationDocument>(db, userOf(request).id);
      const accounts = rows.map(({ document: doc, createdAt }) => {
        const entry: Record<string, unknown> = {
          applicationId: doc.application.id,
          applicationLevel: doc.application.applicationLevel,
          stepUpDetails: doc.application.stepUpDetails,
          company: Object.fromEntries(
            ['name', 'dba', 'currency'].filter((k) => str(doc.company[k])).map((k) => [k, doc.company[k]]),
          ),
          createdAt,
        };
        const optional: Record<string, unknown> = {
          riskDecision: doc.application.decision,
          businessId: doc.application.businessId,
          serviceId: doc.application.serviceId,
          serviceType: doc.application.serviceType,
          referralUrlId: doc.application.referralUrlId,
          originalIntent: doc.application.originalIntent ?? doc.application.intent,
        };
        for (const [k, v] of Object.entries(optional)) if (str(v)) entry[k] = v;
        // Issue 27.9: whether payouts wait for partners, read by the status rule (rules/accounts.json storeStatus).
        if (typeof doc.application.enableDeposits === 'boolean') entry.enableDeposits = doc.application.enableDeposits;
        entry.stepUpTypes = (doc.application.stepUpDetails ?? []).map((s) => s.type);
        return entry;
      });
      return reply.header('cache-control', 'no-store').send(accounts);
    },
  );
}
