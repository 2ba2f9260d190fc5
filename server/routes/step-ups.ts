import type { FastifyInstance } from 'fastify';
import {
  deepMerge,
  marketOf,
  publicView,
  type ApplicationDocument,
  type JsonObject,
  type StepUpType,
} from '../domain/document.ts';
import { ApiError } from '../http/errors.ts';
import { requireUser } from '../http/request-context.ts';
import type { SharedValidation } from '../http/shared-validation.ts';
import type { Database } from '../storage/index.ts';
import { updateApplication } from '../storage/applications.ts';
import { documentProblems, leafPointers } from './document-checks.ts';
import { assertOwned } from './owned-application.ts';
import { api, errorResponses } from './schema-refs.ts';
import { newOwner } from '../domain/owners.ts';
import { normaliseDocument } from '../domain/normalise.ts';
import type { IdentityInquiryProvider, InquiryKind } from '../sandbox/identity/provider.ts';
import type { Messenger } from '../sandbox/outbox/messenger.ts';
import { answeredBy, assertInquiryCompleted } from './identity.ts';
import type { IdentityTemplateRules } from '../../domain/services/types.ts';
import { deliverAll, inviteOwners } from './invitations.ts';
import type { StepUpKindRules } from '../content.ts';

/** One step-up call: the step-up kind it answers, its body schema and how it changes the document. */
interface StepUpCall {
  path: string;
  /** The kind it answers: one of the server's own (StepUpType), or a kind rules/step-ups.json declares. */
  resolves: StepUpType | string;
  /** The identity inquiry kind whose completed (RECEIVED) inquiry the body must name. */
  inquiry?: InquiryKind;
  /** Whether partners named by the call are emailed their invitation. */
  invites?: boolean;
  /** A larger body limit than the API's (an upload: the document's largest size as a data URL). */
  bodyLimit?: number;
  /** The body's schema: a schemas/api name, or (a kind answered by content) the schema itself. */
  body: string | Record<string, unknown>;
  /** The document pointers this call changes: market checks look only there. */
  changes(body: JsonObject): string[];
  apply(doc: ApplicationDocument, body: JsonObject): ApplicationDocument;
}

/** The step-up calls of doc2 §7, each answering one kind of doc1 §4.2. */
export const stepUpCalls: StepUpCall[] = [
  {
    path: 'full-ssn',
    resolves: 'FULL_SSN',
    body: 'step-up-full-ssn',
    changes: () => ['/applicant/governmentIdentification'],
    apply: (doc, body) => ({
      ...doc,
      applicant: {
        ...doc.applicant,
        governmentIdentification: { type: 'INDIVIDUAL', value: String(body.value), sourceType: 'SSN9' },
      },
    }),
  },
  {
    path: 'identification',
    resolves: 'GOV_ID_SELFIE',
    inquiry: 'identification',
    body: 'step-up-inquiry',
    changes: () => [],
    apply: (doc, body) => ({ ...doc, applicant: { ...doc.applicant, personaInquiryId: String(body.inquiryId) } }),
  },
  {
    path: 'verification',
    resolves: 'EIN_DOC',
    inquiry: 'verification',
    body: 'step-up-inquiry',
    changes: () => [],
    apply: (doc, body) => ({ ...doc, company: { ...doc.company, personaInquiryId: String(body.inquiryId) } }),
  },
  {
    path: 'business-info',
    resolves: 'BUSINESS_INFO',
    body: 'step-up-business-info',
    changes: (body) => leafPointers(body),
    apply: (doc, body) => ({ ...doc, company: deepMerge(doc.company, body.company) }),
  },
  {
    path: 'beneficial-owners',
    resolves: 'BO_INFO',
    invites: true,
    body: 'step-up-beneficial-owners',
    changes: () => ['/owners'],
    apply: (doc, body) => {
      const owners = (body.owners as JsonObject[]).map((o) => newOwner(o));
      if (body.soleOwner === true && owners.length > 0)
        throw new ApiError('VALIDATION_FAILED', [{ field: '/soleOwner', key: 'errors.soleOwnerWithOwners' }]);
      // doc1 §4.6: partners verify by emailed link; payouts wait for them (BO_VERIFICATION) unless there are none.
      const stepUps = doc.application.stepUpDetails.filter((s) => s.type !== 'BO_VERIFICATION');
      return {
        ...doc,
        owners,
        application: {
          ...doc.application,
          boStatus: owners.length > 0 ? 'INFO_PROVIDED' : 'NONE',
          stepUpDetails: owners.length > 0 ? [...stepUps, { type: 'BO_VERIFICATION', status: 'REQUIRED' }] : stepUps,
        },
      };
    },
  },
];

/** The media type and size in bytes of a data URL (`data:<type>[;base64],<data>`), or undefined when it is not one. */
export function dataUrlFacts(value: unknown): { mediaType: string; bytes: number } | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^data:([\w.+-]+\/[\w.+-]+)?((?:;[\w-]+=[^;,]*)*)(;base64)?,(.*)$/s.exec(value);
  if (!match) return undefined;
  const data = match[4];
  if (match[3]) {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(data)) return undefined;
    return {
      mediaType: (match[1] ?? 'text/plain').toLowerCase(),
      bytes: Math.floor((data.length * 3) / 4) - (data.match(/=+$/)?.[0].length ?? 0),
    };
  }
  return { mediaType: (match[1] ?? 'text/plain').toLowerCase(), bytes: Buffer.byteLength(decodeURIComponent(data)) };
}

/** An upload's checks: the body property holding the file, its largest size and its media types. */
type UploadRules = NonNullable<NonNullable<StepUpKindRules['answer']>['document']>;

/**
 * The step-up calls of the kinds rules/step-ups.json answers by content alone (issue 25, "a new step-up kind is
 * content only"): the body is checked against the kind's `body` schema (and, for an upload, the file's size and media
 * type against `document`), kept at application.stepUpAnswers.<kind>, and the step-up leaves stepUpDetails. A kind's
 * `answer.upload` is served the same way at its own route (EIN_DOC's document, uploaded instead of captured).
 */
export function contentStepUpCalls(kinds: Record<string, StepUpKindRules> = {}): StepUpCall[] {
  return Object.entries(kinds).flatMap(([kind, rules]) => {
    // The answer itself when content takes it (a `body`), and its upload alternative (`upload`).
    const taken: Array<{ route: string; body: Record<string, unknown>; document?: UploadRules }> = [];
    if (rules.answer?.body) taken.push({ ...rules.answer, body: rules.answer.body });
    if (rules.answer?.upload) taken.push(rules.answer.upload);
    return taken.map((answer) => ({
      path: answer.route,
      resolves: kind,
      body: answer.body,
      ...(answer.document ? { bodyLimit: Math.ceil((answer.document.maxBytes * 4) / 3) + 16 * 1024 } : {}),
      changes: () => [],
      apply: (doc: ApplicationDocument, body: JsonObject): ApplicationDocument => {
        const upload = answer.document;
        if (upload) {
          const field = `/${upload.property}`;
          const facts = dataUrlFacts(body[upload.property]);
          // The browser's keys for the same problems (the `document` format, the field's maxLength ui:messages
          // entry), so the upload widget and the API say one thing: not a file of an accepted type, or too large.
          if (!facts || !upload.mediaTypes.includes(facts.mediaType))
            throw new ApiError('VALIDATION_FAILED', [{ field, key: 'validation.document' }]);
          if (facts.bytes > upload.maxBytes)
            throw new ApiError('VALIDATION_FAILED', [{ field, key: 'validation.document.tooLarge' }]);
        }
        const answers = doc.application.stepUpAnswers ?? {};
        return { ...doc, application: { ...doc.application, stepUpAnswers: { ...answers, [kind]: body } } };
      },
    }));
  });
}

/**
 * POST /api/v2/applications/{id}/step-ups/{kind} (doc2 §7 Step-ups): answers a pending step-up. A step-up the
 * application does not have is 409; on success the step-up leaves stepUpDetails and the document is answered.
 * The decision itself is not changed here: the routing tables read what remains (doc1 §4.3).
 */
export async function stepUpRoutes(
  app: FastifyInstance,
  {
    db,
    shared,
    inquiries,
    messenger,
    invitationTtlMs,
    fullOnboardingWhenEmailContains = [],
    templates = { countries: {} },
    contentKinds = {},
  }: {
    db: Database;
    shared: SharedValidation;
    inquiries: IdentityInquiryProvider;
    messenger: Messenger;
    invitationTtlMs: number;
    fullOnboardingWhenEmailContains?: string[];
    /** rules/identity-templates.json: its photoIdInstead kinds are answered by a photo ID too (doc1 §2.7). */
    templates?: IdentityTemplateRules;
    /** rules/step-ups.json kinds: those whose answer has a body are served here by content alone. */
    contentKinds?: Record<string, StepUpKindRules>;
  },
): Promise<void> {
  const served = new Set(stepUpCalls.map((call) => call.path));
  const declared = contentStepUpCalls(contentKinds).filter((call) => !served.has(call.path));
  for (const call of [...stepUpCalls, ...declared]) {
    const answers: string[] = call.inquiry ? answeredBy(call.resolves as StepUpType, templates) : [call.resolves];
    app.post<{ Params: { id: string }; Body: JsonObject }>(
      `/api/v2/applications/:id/step-ups/${call.path}`,
      {
        preHandler: requireUser,
        ...(call.bodyLimit ? { bodyLimit: call.bodyLimit } : {}),
        schema: {
          params: api('application-params'),
          body: typeof call.body === 'string' ? api(call.body) : call.body,
          response: { 200: api('document'), ...errorResponses },
        },
      },
      async (request) => {
        // doc1 §4.5: the step-up is sent once the inquiry is completed; an unknown or unfinished one is refused.
        if (call.inquiry)
          assertInquiryCompleted(
            await inquiries.find(String(request.body.inquiryId)),
            request.params.id,
            call.inquiry,
            null,
          );
        let deliveries: Array<() => Promise<void>> = [];
        const updated = await updateApplication<ApplicationDocument>(db, request.params.id, async (current, tx) => {
          const doc = assertOwned(request, current).document;
          if (!doc.application.stepUpDetails.some((s) => answers.includes(s.type)))
            throw new ApiError('CONFLICT', [{ field: '/application/stepUpDetails', key: 'errors.stepUpNotRequired' }]);
          const changed = call.apply(doc, request.body);
          const problems = documentProblems(shared, changed, marketOf(changed), call.changes(request.body));
          if (problems.length > 0) throw new ApiError('VALIDATION_FAILED', problems);
          const next = {
            ...normaliseDocument(changed),
            application: {
              ...changed.application,
              stepUpDetails: changed.application.stepUpDetails.filter((s) => !answers.includes(s.type)),
            },
          };
          if (!call.invites) return next;
          const invited = await inviteOwners(tx, messenger, next, {
            ttlMs: invitationTtlMs,
            locale: request.locale,
            fullOnboardingWhenEmailContains,
            ...(request.user ? { userId: request.user.id } : {}),
          });
          deliveries = invited.deliveries;
          return invited.doc;
        });
        if (!updated) throw new ApiError('APPLICATION_NOT_FOUND');
        await deliverAll(deliveries);
        return publicView(updated.document);
      },
    );
  }
}
