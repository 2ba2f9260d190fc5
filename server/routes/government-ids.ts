import type { FastifyInstance } from 'fastify';
import type { Content } from '../content.ts';
import { marketOf, publicView, type ApplicationDocument, type StepUpType } from '../domain/document.ts';
import { withoutStepUp } from '../domain/step-ups.ts';
import { ApiError, type ErrorDetail } from '../http/errors.ts';
import type { FormatCheck } from '../http/format-check.ts';
import { requireUser } from '../http/request-context.ts';
import type { Database } from '../storage/index.ts';
import { updateApplication } from '../storage/applications.ts';
import { assertOwned } from './owned-application.ts';
import { api, errorResponses } from './schema-refs.ts';

type Body = { value: string; sourceType: string; short?: boolean; legalBusinessName?: string };

/**
 * Government identifications (doc2 §7; doc2 §5 Tax and government identifiers; rules/government-ids.json):
 * `POST .../government-identifications` files `{value, sourceType}` on the applicant (INDIVIDUAL) or the company
 * (BUSINESS) after checking the value with its source type's format and the type against the market;
 * `.../manual-entry` is the tax-information confirmation: the full SSN or EIN plus the legal business name.
 * Values are answered masked to their last four.
 */
export async function governmentIdRoutes(
  app: FastifyInstance,
  { db, content, check }: { db: Database; content: Content; check: FormatCheck },
): Promise<void> {
  const rules = content.governmentIds;

  const problemsOf = (body: Body, market: 'US' | 'CA', manual: boolean): ErrorDetail[] => {
    const rule = rules.sourceTypes[body.sourceType];
    if (!rule) return [{ field: '/sourceType', key: 'errors.sourceTypeMarket' }];
    const problems: ErrorDetail[] = [];
    if (!rule.markets.includes(market) || (manual && !rules.manualEntry.sourceTypes.includes(body.sourceType)))
      problems.push({ field: '/sourceType', key: 'errors.sourceTypeMarket' });
    const format = body.short ? rule.shortFormat : rule.format;
    if (!format) problems.push({ field: '/short', key: 'errors.unknownField' });
    else problems.push(...check(format, body.value, '/value'));
    if (manual)
      problems.push(
        ...check(rules.manualEntry.legalBusinessNameFormat, body.legalBusinessName ?? '', '/legalBusinessName'),
      );
    return problems;
  };

  const file =
    (manual: boolean) =>
    async (
      request: import('fastify').FastifyRequest<{ Params: { id: string }; Body: Body }>,
      reply: import('fastify').FastifyReply,
    ) => {
      const body = request.body;
      const updated = await updateApplication<ApplicationDocument>(db, request.params.id, (current) => {
        const doc = assertOwned(request, current).document;
        const problems = problemsOf(body, marketOf(doc), manual);
        if (problems.length > 0) throw new ApiError('VALIDATION_FAILED', problems);
        const rule = rules.sourceTypes[body.sourceType]!;
        // The source type is one rules/government-ids.json names (looked up above), which the entity schema's enum lists.
        const sourceType = body.sourceType as NonNullable<
          ApplicationDocument['applicant']['governmentIdentification']
        >['sourceType'];
        const id = { type: rule.type, value: body.value, sourceType };
        let next: ApplicationDocument =
          rule.type === 'INDIVIDUAL'
            ? { ...doc, applicant: { ...doc.applicant, governmentIdentification: id } }
            : { ...doc, company: { ...doc.company, governmentIdentification: id } };
        if (manual)
          next = { ...next, company: { ...next.company, name: body.legalBusinessName, taxInformationConfirmed: true } };
        for (const stepUp of rule.clears) next = withoutStepUp(next, stepUp as StepUpType);
        return next;
      });
      if (!updated) throw new ApiError('APPLICATION_NOT_FOUND');
      return reply.code(201).send(publicView(updated.document));
    };

  const response = { 201: api('document'), ...errorResponses };
  app.post<{ Params: { id: string }; Body: Body }>(
    '/api/v2/applications/:id/government-identifications',
    {
      preHandler: requireUser,
      schema: { params: api('application-params'), body: api('government-identification'), response },
    },
    file(false),
  );
  app.post<{ Params: { id: string }; Body: Body }>(
    '/api/v2/applications/:id/government-identifications/manual-entry',
    {
      preHandler: requireUser,
      schema: { params: api('application-params'), body: api('government-identification-manual'), response },
    },
    file(true),
  );
}
