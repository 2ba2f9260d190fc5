import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorObject } from 'ajv';
import type { Content } from '../content.ts';
import { marketOf, newDocument, publicView, type ApplicationDocument, type JsonObject } from '../domain/document.ts';
import { mergeAt, partialAt, removeAt, testHolds, type PatchOperation } from '../domain/json-patch.ts';
import { onboardDocument } from '../domain/onboarding.ts';
import { onboardRoute } from './onboard.ts';
import { newOwner } from '../domain/owners.ts';
import { normaliseDocument } from '../domain/normalise.ts';
import { detailsFromAjv } from '../http/error-handler.ts';
import { ApiError, type ErrorDetail } from '../http/errors.ts';
import { requireUser, userOf } from '../http/request-context.ts';
import type { SharedValidation } from '../http/shared-validation.ts';
import type { Database } from '../storage/index.ts';
import { createApplication, findApplication, updateApplication } from '../storage/applications.ts';
import { acceptedChange, documentProblems, leafPointers } from './document-checks.ts';
import { assertOwned } from './owned-application.ts';
import { api, errorResponses } from './schema-refs.ts';
import { depthCheckedJsonParser } from '../http/json-depth.ts';
import { idempotencyHeaders, idempotencyKeyOf, keyReused, requestFingerprint } from '../http/idempotency.ts';

type Individual = JsonObject & { type: string; firstName: string; lastName: string };
type V1Body = {
  individuals: Individual[];
  company: JsonObject;
  metadata?: JsonObject;
  intent?: string;
  products?: string[];
  commerceAccountFeatures?: string[];
  store?: { name: string };
};

const base = '/api/v1/commerce/onboarding-applications';

/** The V1 body as the V2 document parts: the applicant from the APPLICANT individual, partners as owners. */
export function v1Document(
  body: V1Body,
  mock: boolean,
): { parts: { application: JsonObject; applicant: JsonObject; company: JsonObject }; owners: JsonObject[] } {
  const applicantIndex = body.individuals.findIndex((i) => i.type === 'APPLICANT' || i.type === 'APPLICANT_OWNER');
  const person = body.individuals[applicantIndex];
  const applicant: JsonObject = {};
  if (person) {
    applicant.name = { firstName: person.firstName, lastName: person.lastName };
    if (person.email) applicant.email = { emailAddress: person.email };
    if (person.phone) applicant.phone = { localPhoneNumber: (person.phone as JsonObject).nationalNumber };
    for (const key of ['dob', 'governmentIdentification', 'address', 'communicationLanguage'])
      if (person[key] !== undefined) applicant[key] = person[key];
  }
  const owners = body.individuals
    .filter((_, i) => i !== applicantIndex)
    .map((o) => newOwner({ ...o, type: o.type === 'APPLICANT_OWNER' ? 'APPLICANT_OWNER' : 'OWNER' }));
  const intent = body.store ? 'ADD_STORE' : (body.intent ?? 'CREATE_BUSINESS');
  const application: JsonObject = {
    ...(body.metadata ?? {}),
    intent,
    apiVersion: 'V1',
    ...(body.products ? { products: body.products } : {}),
    ...(body.commerceAccountFeatures ? { commerceAccountFeatures: body.commerceAccountFeatures } : {}),
    ...(body.store ? { storeName: body.store.name } : {}),
    ...(mock ? { mock: true } : {}),
  };
  return { parts: { application, applicant, company: body.company }, owners };
}

/**
 * The V1 commerce calls (doc2 §7 Applications V1): create (`?onboard` decides at once, `?mock` marks a test
 * application), JSON-patch update, onboard, and reading individuals (their other calls: server/routes/owners-list.ts).
 * V1 clients send an upstream timeout header and a referrer; the sandbox answers well within the timeout.
 */
export async function v1CommerceRoutes(
  app: FastifyInstance,
  { db, shared, content }: { db: Database; shared: SharedValidation; content: Content },
): Promise<void> {
  // JSON-patch bodies use their own media type (RFC 6902).
  app.addContentTypeParser(
    'application/json-patch+json',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    depthCheckedJsonParser(app),
  );

  app.post<{ Body: V1Body; Querystring: { onboard?: string; mock?: string } }>(
    base,
    {
      preHandler: requireUser,
      schema: {
        body: api('v1-application-create'),
        querystring: api('v1-create-query'),
        headers: idempotencyHeaders(),
        response: { 200: api('document'), 201: api('document'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { parts, owners } = v1Document(request.body, request.query.mock === 'true');
      let document: ApplicationDocument = { ...newDocument(parts), owners };
      const problems = documentProblems(shared, document, marketOf(document), [...leafPointers(parts), '/owners']);
      if (problems.length > 0) throw new ApiError('VALIDATION_FAILED', problems);
      document = normaliseDocument(document);
      if (request.query.onboard === 'true') document = onboardDocument(document, content, shared);
      const key = idempotencyKeyOf(request);
      const {
        application,
        created,
        keyReused: reused,
      } = await createApplication<ApplicationDocument>(
        db,
        { id: document.application.id, ownerId: userOf(request).id, document },
        key,
        requestFingerprint(request),
      );
      if (reused && key) throw keyReused(key);
      return reply.code(created ? 201 : 200).send(publicView(application.document));
    },
  );

  /** Checks a partial document against the PUT schema (the same keywords and formats), naming each field. */
  const partialProblems = (request: FastifyRequest, partial: JsonObject): ErrorDetail[] => {
    const validate = request.compileValidationSchema(api('document-patch'));
    if (validate(partial)) return [];
    return detailsFromAjv((validate.errors ?? []) as ErrorObject[], partial, shared);
  };

  app.patch<{ Params: { id: string }; Body: PatchOperation[] }>(
    `${base}/:id`,
    {
      preHandler: requireUser,
      schema: {
        params: api('application-params'),
        body: api('json-patch'),
        response: { 200: api('document'), ...errorResponses },
      },
    },
    async (request) => {
      const updated = await updateApplication<ApplicationDocument>(db, request.params.id, (current) => {
        let doc = assertOwned(request, current).document;
        const changed: string[] = [];
        request.body.forEach((operation, index) => {
          if (operation.op !== 'remove' && !('value' in operation))
            throw new ApiError('VALIDATION_FAILED', [{ field: `/${index}/value`, key: 'validation.required' }]);
          if (operation.op === 'test') {
            if (!testHolds(doc, operation.path, operation.value))
              throw new ApiError('CONFLICT', [{ field: `/${index}/value`, key: 'errors.patchTestFailed' }]);
            return;
          }
          if (operation.op !== 'remove') {
            const problems = partialProblems(request, partialAt(operation.path, operation.value));
            if (problems.length > 0) throw new ApiError('VALIDATION_FAILED', problems);
          } else if (operation.path.split('/').length < 3) {
            throw new ApiError('VALIDATION_FAILED', [{ field: `/${index}/path`, key: 'errors.patchPath' }]);
          }
          const cleared = removeAt(doc, operation.path);
          doc =
            operation.op === 'remove'
              ? cleared
              : mergeAt(operation.op === 'replace' ? cleared : doc, operation.path, operation.value);
          changed.push(operation.path);
        });
        doc.application = { ...doc.application, id: current.document.application.id };
        return acceptedChange(shared, content.decidedFields, current.document, doc, changed, content.screenRules);
      });
      if (!updated) throw new ApiError('APPLICATION_NOT_FOUND');
      return publicView(updated.document);
    },
  );

  // doc2 §7: GET .../individuals, the list (one individual, create, change, delete and onboard: server/routes/owners-list.ts).
  app.get<{ Params: { id: string } }>(
    `${base}/:id/individuals`,
    {
      preHandler: requireUser,
      schema: {
        params: api('application-params'),
        response: { 200: { type: 'array', items: api('owner') }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = assertOwned(request, await findApplication<ApplicationDocument>(db, request.params.id));
      return reply.header('cache-control', 'no-store').send(publicView(row.document).owners);
    },
  );

  onboardRoute(app, `${base}/:id/onboard`, { db, shared, content });
}
