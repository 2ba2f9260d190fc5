import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { marketOf, publicView, type ApplicationDocument } from '../domain/document.ts';
import { ApiError, type ErrorDetail } from '../http/errors.ts';
import { requireUser } from '../http/request-context.ts';
import type { Database } from '../storage/index.ts';
import { updateApplication } from '../storage/applications.ts';
import { assertOwned } from './owned-application.ts';
import { api, errorResponses } from './schema-refs.ts';
import { documentProblems } from './document-checks.ts';
import type { SharedValidation } from '../http/shared-validation.ts';

/** The body of a manual bank entry (schemas/api/manual-financial-instrument.schema.json). */
export interface ManualBankBody {
  accountNumber: string;
  accountType: 'CHECKING' | 'SAVINGS';
  fullName: string;
  bankName?: string;
  primary: boolean;
  routingNumber?: string;
  transitNumber?: string;
  institutionNumber?: string;
}

/** Market rules the schema cannot see: US needs a routing number; Canada needs transit and institution numbers. */
export function bankProblems(market: 'US' | 'CA', body: ManualBankBody): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (market === 'US' && !body.routingNumber) problems.push({ field: '/routingNumber', key: 'validation.required' });
  if (market === 'CA') {
    if (!body.transitNumber) problems.push({ field: '/transitNumber', key: 'validation.required' });
    if (!body.institutionNumber) problems.push({ field: '/institutionNumber', key: 'validation.required' });
  }
  return problems;
}

/**
 * POST /api/v2/applications/{id}/financial-instruments/manual (doc2 §7; doc1 §4.4: manual entry is verified
 * in 2-3 days with a test deposit). Canada's electronic routing number is derived: 0 + institution + transit.
 * Answers 201 with the document; the account number comes back masked.
 */
export async function financialInstrumentRoutes(
  app: FastifyInstance,
  { db, shared }: { db: Database; shared: SharedValidation },
): Promise<void> {
  app.post<{ Params: { id: string }; Body: ManualBankBody }>(
    '/api/v2/applications/:id/financial-instruments/manual',
    {
      preHandler: requireUser,
      schema: {
        params: api('application-params'),
        body: api('manual-financial-instrument'),
        response: { 201: api('document'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const updated = await updateApplication<ApplicationDocument>(db, request.params.id, (current) => {
        const doc = assertOwned(request, current).document;
        const market = marketOf(doc);
        const problems = bankProblems(market, body);
        if (problems.length > 0) throw new ApiError('VALIDATION_FAILED', problems);
        const routingNumber = market === 'CA' ? `0${body.institutionNumber}${body.transitNumber}` : body.routingNumber;
        const next: ApplicationDocument = {
          ...doc,
          application: { ...doc.application, hasFinancialInstrument: true },
          bank: {
            ...doc.bank,
            account: {
              accountNumber: body.accountNumber,
              accountType: body.accountType,
              accountName: body.fullName,
              routingNumber,
            },
            ...(market === 'CA'
              ? { transitNumber: body.transitNumber, institutionNumber: body.institutionNumber }
              : {}),
            ...(body.bankName ? { bankName: body.bankName } : {}),
            primary: body.primary,
            verification: 'TEST_DEPOSIT_PENDING',
            financialInstruments: { bankAccountId: `fi_${randomUUID()}` },
            submitted: true,
          },
        };
        // The holder's name by the market's format (rules/validation/fields.json), the browser's verdict on it.
        const named = documentProblems(shared, next, market, ['/bank/account/accountName']).map((problem) => ({
          ...problem,
          field: '/fullName',
        }));
        if (named.length > 0) throw new ApiError('VALIDATION_FAILED', named);
        return next;
      });
      if (!updated) throw new ApiError('APPLICATION_NOT_FOUND');
      return reply.code(201).send(publicView(updated.document));
    },
  );
}
