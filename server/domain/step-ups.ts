import type { ApplicationDocument, StepUpType } from './document.ts';

/** Whether the application has this step-up pending. */
export function hasStepUp(doc: ApplicationDocument, type: StepUpType): boolean {
  return doc.application.stepUpDetails.some((s) => s.type === type);
}

/** The document without this step-up (unchanged when it was not pending). */
export function withoutStepUp(doc: ApplicationDocument, type: StepUpType): ApplicationDocument {
  return { ...doc, application: { ...doc.application, stepUpDetails: doc.application.stepUpDetails.filter((s) => s.type !== type) } };
}

/** The applicant's mobile number (ten digits), if any. */
export function applicantMobile(doc: ApplicationDocument): string | undefined {
  const phone = doc.applicant.phone as { localPhoneNumber?: unknown } | undefined;
  return typeof phone?.localPhoneNumber === 'string' ? phone.localPhoneNumber : undefined;
}

/** The document with the applicant's phone marked verified (or explicitly not, when skipped). */
export function withPhoneVerified(doc: ApplicationDocument, verified: boolean): ApplicationDocument {
  return { ...doc, applicant: { ...doc.applicant, phone: { ...(doc.applicant.phone as object), verified } } };
}

/** The locale messages to the applicant are written in: their communication language, else the request's. */
export function applicantLocale(doc: ApplicationDocument, fallback: string): string {
  return typeof doc.applicant.communicationLanguage === 'string' ? doc.applicant.communicationLanguage : fallback;
}
