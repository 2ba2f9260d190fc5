/**
 * Onboarding one application (doc1 §4.1, §4.4): completeness (the `required` rows of rules/decisioning.json) and
 * the market checks, then the decision. An application already decided keeps its decision (onboard is
 * idempotent: the browser retries on 408, 503 and 504). An approved or approved-pending application gets a
 * business id (its payments profile) and a store id.
 */
import { randomUUID } from 'node:crypto';
import type { Content } from '../content.ts';
import { ApiError } from '../http/errors.ts';
import type { SharedValidation } from '../http/shared-validation.ts';
import { documentProblems } from '../routes/document-checks.ts';
import { decide, decisionContext, missingFields } from './decisioning.ts';
import { marketOf, type ApplicationDocument } from './document.ts';
import { signupFormOf } from './signup-form.ts';

/** The decided document, or a 400 listing what is missing or wrong. */
export function onboardDocument(
  doc: ApplicationDocument,
  content: Content,
  shared: SharedValidation,
): ApplicationDocument {
  if (doc.application.completed && doc.application.decision) return doc;
  const market = marketOf(doc);
  // doc1 §2.6: the form in use decides what the older form alone requires (doc2 §5 business phone).
  const context = {
    ...decisionContext(doc, market, content.lookupCategory),
    signupForm: signupFormOf(doc, market, content),
  };
  const missing = missingFields(content.decisioning, doc, context).map((field) => ({
    field,
    key: 'validation.required',
  }));
  const problems = [...missing, ...documentProblems(shared, doc, market)];
  if (problems.length > 0) throw new ApiError('VALIDATION_FAILED', problems);
  const { outcome } = decide(content.decisioning, context);
  const profile = outcome.decision === 'APPROVED' || outcome.decision === 'APPROVED_PENDING';
  return {
    ...doc,
    application: {
      ...doc.application,
      decision: outcome.decision,
      stepUpDetails: outcome.stepUps.map((type) => ({ type, status: 'REQUIRED' })),
      boStatus: outcome.boStatus,
      applicationLevel: outcome.level,
      completed: true,
      ...(profile && !doc.application.businessId
        ? { businessId: `biz_${randomUUID()}`, storeId: `store_${randomUUID()}` }
        : {}),
    },
    applicant: { ...doc.applicant, submitted: true },
    company: { ...doc.company, submitted: true },
  };
}
