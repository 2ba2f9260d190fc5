import { LRUCache } from 'lru-cache';
import type { FastifyInstance } from 'fastify';
import {
  marketOf,
  newDocument,
  deepMerge,
  publicView,
  splitRemovals,
  withoutPointer,
  type ApplicationDocument,
  type JsonObject,
} from '../domain/document.ts';
import { ApiError } from '../http/errors.ts';
import { applicationReadWithSession, requireUser, userOf } from '../http/request-context.ts';
import type { SharedValidation } from '../http/shared-validation.ts';
import type { Database } from '../storage/index.ts';
import { createApplication, listApplicationsByOwner, updateApplicationAsRead } from '../storage/applications.ts';
import { acceptedChange, documentProblems, leafPointers, removalProblems } from './document-checks.ts';
import { assertOwned } from './owned-application.ts';
import { applyIndustry } from '../domain/industry.ts';
import type { Content } from '../content.ts';
import { api, errorResponses } from './schema-refs.ts';
import { assertOwnerAccess } from './owner-access.ts';
import { applicationForRead } from './access-first.ts';
import { normaliseDocument } from '../domain/normalise.ts';
import { partnerView } from '../domain/owners.ts';
import { launchParts, profileParts, withLaunch, withoutRefused, type ProfilePrefill } from './launch.ts';
import { idempotencyHeaders, idempotencyKeyOf, keyReused, requestFingerprint } from '../http/idempotency.ts';

type CreateBody = { application?: JsonObject; applicant?: JsonObject; company?: JsonObject };
type Params = { id: string };

/** The members each PUT's body removes with null (RFC 7386), taken out of the body before it is validated. */
const removalsOf = new WeakMap<object, string[]>();

/**
 * Applies the create query (doc2 §7) to a body: force-intent sets the intent and keeps the asked one as
 * originalIntent; use-shopper-data fills the applicant's email from the signed-in account when absent.
 */
export function withCreateOptions(
  body: CreateBody,
  query: { 'force-intent'?: string; 'use-shopper-data'?: string },
  accountEmail: string,
): CreateBody {
  let next = body;
  const forced = query['force-intent'];
  if (forced) {
    const asked = (body.application?.intent as string | undefined) ?? 'CREATE_BUSINESS';
    next = { ...next, application: { ...next.application, intent: forced, originalIntent: asked } };
  }
  const email = (body.applicant?.email as JsonObject | undefined)?.emailAddress;
  if (query['use-shopper-data'] === 'true' && email === undefined)
    next = {
      ...next,
      applicant: {
        ...next.applicant,
        email: { ...(next.applicant?.email as JsonObject | undefined), emailAddress: accountEmail },
      },
    };
  return next;
}

/** POST, GET and PUT of /api/v2/applications (doc2 §7 Applications V2). */
export async function applicationRoutes(
  app: FastifyInstance,
  { db, shared, content }: { db: Database; shared: SharedValidation; content: Content },
): Promise<void> {
  type CreateQuery = {
    find?: string;
    'force-intent'?: string;
    'use-shopper-data'?: string;
    'override-referral-url'?: string;
  };
  app.post<{ Body: CreateBody | undefined; Querystring: CreateQuery }>(
    '/api/v2/applications',
    {
      preHandler: requireUser,
      schema: {
        body: api('application-create'),
        querystring: api('application-create-query'),
        headers: idempotencyHeaders(),
        response: { 200: api('document'), 201: api('document'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      // doc1 §3: `launch` (the arrival query) prefills under the explicit body; `cobrand` records the referral (launch.ts).
      const { launch, cobrand, businessId, ...explicit } = (request.body ?? {}) as CreateBody & {
        launch?: Record<string, string>;
        cobrand?: string | null;
        businessId?: string;
      };
      let asked = withCreateOptions(explicit, request.query, user.email);
      // doc1 §1 ADD_PRODUCT: a product for an existing business of the user's (its newest profile is the parent).
      if (businessId !== undefined) {
        if (asked.application?.intent !== 'ADD_PRODUCT')
          throw new ApiError('VALIDATION_FAILED', [{ field: '/businessId', key: 'accounts.errors.productOnly' }]);
        const own = (await listApplicationsByOwner<ApplicationDocument>(db, user.id)).filter(
          (r) => r.document.application.businessId === businessId,
        );
        if (own.length === 0)
          throw new ApiError('FORBIDDEN', [{ field: '/businessId', key: 'accounts.errors.notYourBusiness' }]);
        const parent =
          own.find((r) => content.accounts.openDecisions.includes(String(r.document.application.decision))) ?? own[0];
        asked = {
          ...asked,
          application: {
            ...asked.application,
            businessId,
            parentApplication: parent.document.application.id,
            addProductIntent: true,
          },
        };
      }
      const currency = typeof asked.company?.currency === 'string' ? asked.company.currency : '';
      // doc1 §4.7: use-shopper-data=true (asked only when the prefill conditions hold) copies the newest profile's fields.
      const rules = content.accounts as typeof content.accounts & { profilePrefill?: ProfilePrefill };
      const fromProfile =
        request.query['use-shopper-data'] === 'true' && rules.profilePrefill
          ? profileParts(
              // doc1 §4.7 with §1 ADD_PRODUCT: a product for a business prefills from that business's profile, never another's.
              (await listApplicationsByOwner<ApplicationDocument>(db, user.id)).filter(
                (r) => businessId === undefined || r.document.application.businessId === businessId,
              ),
              currency,
              rules.openDecisions,
              rules.profilePrefill,
            )
          : {};
      const kept = withoutRefused(deepMerge(fromProfile, launchParts(launch, currency)), (parts) => {
        const candidate = newDocument(withLaunch(asked, parts, cobrand, content));
        const own = leafPointers(parts);
        return documentProblems(shared, candidate, marketOf(candidate), own).map((problem) => problem.field);
      });
      const body = withLaunch(asked, kept, cobrand, content);
      if (request.query.find === 'true') {
        const unfinished = (await listApplicationsByOwner<ApplicationDocument>(db, user.id)).find(
          (r) => !r.document.application.completed,
        );
        if (unfinished) return reply.code(200).send(publicView(unfinished.document));
      }
      const document = newDocument(body);
      const problems = documentProblems(shared, document, marketOf(document), leafPointers(body));
      if (problems.length > 0) throw new ApiError('VALIDATION_FAILED', problems);
      // A key used before answers its application again, unless it came with another request (422, nothing made).
      const key = idempotencyKeyOf(request);
      const {
        application,
        created,
        keyReused: reused,
      } = await createApplication<ApplicationDocument>(
        db,
        { id: document.application.id, ownerId: user.id, document: normaliseDocument(document) },
        key,
        requestFingerprint(request),
      );
      if (reused && key) throw keyReused(key);
      return reply.code(created ? 201 : 200).send(publicView(application.document));
    },
  );

  const params = api('application-params');
  /** GET's serialized answers (see the route): of shared documents by document, of documents read as text by text. */
  const sharedAnswers = new WeakMap<object, string>();
  const answersByText = new LRUCache<string, string>({ max: 1000 });

  // doc2 §7: GET takes params applicationId and ownerId. A partner (doc1 §6) who claimed an owner's invitation gets
  // the partner view with only their own record; anyone else but the applicant gets 403.
  app.get<{ Params: Params; Querystring: { ownerId?: string; applicationId?: string } }>(
    '/api/v2/applications/:id',
    {
      preHandler: requireUser,
      schema: {
        params,
        querystring: api('application-get-query'),
        response: { 200: api('document'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const found = await applicationForRead(request, db, request.params.id);
      const ownerId = request.query.ownerId;
      if (found && ownerId && found.ownerId !== userOf(request).id) {
        const { row } = await assertOwnerAccess(db, request, found, ownerId);
        return reply.header('cache-control', 'no-store').send(publicView(partnerView(row.document, [ownerId])));
      }
      const row = assertOwned(request, found);
      reply.header('cache-control', 'no-store');
      // The answer (publicView, then the route's own response serializer) is a function of the document alone, so it
      // is made once per document where the document is known not to have changed:
      // - PostgreSQL's batched read hands the document's text (documentText): answers are kept by that text, a
      //   bounded number, so a changed document is a new text and a new answer;
      // - a frozen document is the embedded database's shared copy (storage/pglite-cache.ts): it never changes, and
      //   a write replaces it, so answers are kept by the object, as long as it lives.
      const text = row.documentText;
      const frozen = text === undefined && Object.isFrozen(row.document);
      if (text === undefined && !frozen) return reply.send(publicView(row.document));
      let answer = text !== undefined ? answersByText.get(text) : sharedAnswers.get(row.document);
      if (answer === undefined) {
        answer = reply.serialize(publicView(row.document)) as string;
        if (text !== undefined) answersByText.set(text, answer);
        else sharedAnswers.set(row.document, answer);
      }
      return reply.type('application/json; charset=utf-8').send(answer);
    },
  );

  app.put<{ Params: Params; Body: JsonObject; Querystring: { 'override-referral-url'?: string } }>(
    '/api/v2/applications/:id',
    {
      preHandler: requireUser,
      // An emptied optional field comes as null (JSON Merge Patch): it removes the member; the rest is validated as sent.
      preValidation: async (request) => {
        const { rest, removals } = splitRemovals(request.body);
        request.body = rest as JsonObject;
        removalsOf.set(request, removals);
      },
      schema: {
        params,
        querystring: api('application-update-query'),
        body: api('document-patch'),
        response: { 200: api('document'), ...errorResponses },
      },
    },
    async (request) => {
      const patch = request.body;
      const removals = removalsOf.get(request) ?? [];
      const override = request.query['override-referral-url'] === 'true';
      // Computed from the row read with the session and saved if it is still that row (one statement), else again
      // under the row's lock (storage/applications.ts updateApplicationAsRead).
      const read = applicationReadWithSession(request, request.params.id)?.row;
      const updated = await updateApplicationAsRead<ApplicationDocument>(db, request.params.id, read, (current) => {
        const row = assertOwned(request, current);
        const before = row.document;
        const beforeCurrency = before.company.currency;
        const patchCompany = (patch.company ?? {}) as JsonObject;
        // doc1 §4.8: changing country or currency means a new application.
        if (
          beforeCurrency !== undefined &&
          patchCompany.currency !== undefined &&
          patchCompany.currency !== beforeCurrency
        )
          throw new ApiError('CONFLICT', [{ field: '/company/currency', key: 'errors.currencyChange' }]);
        // doc2 §7: the co-brand of an application changes only with override-referral-url=true.
        const referral = (patch.application as JsonObject | undefined)?.referralUrlId;
        if (
          !override &&
          referral !== undefined &&
          before.application.referralUrlId !== undefined &&
          referral !== before.application.referralUrlId
        )
          throw new ApiError('CONFLICT', [{ field: '/application/referralUrlId', key: 'errors.referralChange' }]);
        let merged = deepMerge(before, patch);
        const refused = removalProblems(merged, marketOf(merged), removals);
        if (refused.length > 0) throw new ApiError('VALIDATION_FAILED', refused);
        for (const pointer of removals) merged = withoutPointer(merged, pointer);
        const next = applyIndustry(merged, content.categories);
        next.application = { ...next.application, id: before.application.id };
        // doc1 §1: a basic application can be upgraded to full (never back); the upgrade keeps the original level,
        // which the routing after onboard and after the bank link reads (rules/routing/after-onboard.json, money-after-bank.json).
        const level = (patch.application as JsonObject | undefined)?.applicationLevel;
        if (level !== undefined && level !== before.application.applicationLevel) {
          if (before.application.applicationLevel !== 'BASIC' || level !== 'FULL')
            throw new ApiError('CONFLICT', [
              { field: '/application/applicationLevel', key: 'accounts.errors.levelChange' },
            ]);
          // Not completed until the full details are onboarded (onboard decides again); the decision stands meanwhile.
          next.application.originalApplicationLevel = 'BASIC';
          next.application.completed = false;
        }
        return acceptedChange(shared, content.decidedFields, before, next, leafPointers(patch), content.screenRules);
      });
      if (!updated) throw new ApiError('APPLICATION_NOT_FOUND');
      return publicView(updated.document);
    },
  );
}
