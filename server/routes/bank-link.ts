import type { FastifyInstance } from 'fastify';
import { publicView, type ApplicationDocument, type JsonObject } from '../domain/document.ts';
import { ApiError } from '../http/errors.ts';
import { requireUser } from '../http/request-context.ts';
import type { BankLinkProvider } from '../sandbox/bank/provider.ts';
import type { Database } from '../storage/index.ts';
import { findApplication, updateApplication } from '../storage/applications.ts';
import { assertOwned } from './owned-application.ts';
import { api, errorResponses } from './schema-refs.ts';

type Params = { id: string };

/**
 * Instant bank linking (doc2 §7: `GET .../financial-instruments/plaid/token` reads token;
 * `POST .../financial-instruments/plaid` with the public token as `value`; doc1 §2.7 instant link). The browser
 * opens the provider's picker with the link token; the picker returns a public token, which the API exchanges
 * once for the chosen account (its mask, never its number). A failed exchange is doc2 §8 'Bank link failure'.
 */
export async function bankLinkRoutes(
  app: FastifyInstance,
  { db, bankLink }: { db: Database; bankLink: BankLinkProvider },
): Promise<void> {
  app.get<{ Params: Params }>(
    '/api/v2/applications/:id/financial-instruments/plaid/token',
    {
      preHandler: requireUser,
      schema: { params: api('application-params'), response: { 200: api('bank-link-token'), ...errorResponses } },
    },
    async (request, reply) => {
      const row = assertOwned(request, await findApplication<ApplicationDocument>(db, request.params.id));
      const { linkToken, url, expiresInMs } = await bankLink.createLinkToken(row.id);
      return reply.header('cache-control', 'no-store').send({ token: linkToken, url, expiresInMs });
    },
  );

  app.post<{ Params: Params; Body: { value: string; primary?: boolean; source?: string; status?: string } }>(
    '/api/v2/applications/:id/financial-instruments/plaid',
    {
      preHandler: requireUser,
      schema: {
        params: api('application-params'),
        body: api('bank-link-instrument'),
        response: { 201: api('document'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = assertOwned(request, await findApplication<ApplicationDocument>(db, request.params.id));
      const account = await bankLink.exchange(row.id, request.body.value);
      if (!account) throw new ApiError('VALIDATION_FAILED', [{ field: '/value', key: 'errors.bankLinkFailure' }]);
      const updated = await updateApplication<ApplicationDocument>(db, row.id, (current) => {
        const doc = assertOwned(request, current).document;
        const instruments = (doc.bank.financialInstruments ?? {}) as JsonObject;
        return {
          ...doc,
          application: { ...doc.application, hasFinancialInstrument: true },
          bank: {
            ...doc.bank,
            plaidAccount: {
              instantAuth: true,
              institutionId: account.institutionId,
              institutionName: account.institutionName,
              accountName: account.accountName,
              mask: account.mask,
              accountType: account.type,
            },
            financialInstruments: { ...instruments, plaidAccountId: account.accountId },
            primary: request.body.primary ?? true,
            submitted: true,
          },
        };
      });
      if (!updated) throw new ApiError('APPLICATION_NOT_FOUND');
      return reply.code(201).send(publicView(updated.document));
    },
  );
}
