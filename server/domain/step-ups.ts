import type { ApplicationDocument, StepUpType } from './document.ts';

/** Whether the application has this step-up pending. */
export function hasStepUp(doc: ApplicationDocument, type: StepUpType): boolean {
  return doc.application.stepUpDetails.some((s) => s.type === type);
}

/** The document without this step-up (unchanged when it was not pending). */
export function withoutStepUp(doc: ApplicationDocument, type: StepUpType): ApplicationDocument {
  return {
    ...doc,
    application: { ...doc.application, stepUpDetails: doc.application.stepUpDetails.filter((s) => s.type !== type) },
  };
}

/**
 * The step-ups a verified phone answers. doc1 §4.2 sends OTP_SMS and PHONE_AUTH to the same screens (the one-time
 * code, or mobile verification when phone auth is on outside CAD, which falls back to the phone link, doc1 §4.5), so
 * either check answers either kind, and a phone verified once answers both.
 */
export const PHONE_STEP_UPS: readonly StepUpType[] = ['OTP_SMS', 'PHONE_AUTH'];

/** True when a phone step-up (OTP_SMS or PHONE_AUTH) is pending. */
export function hasPhoneStepUp(doc: ApplicationDocument): boolean {
  return PHONE_STEP_UPS.some((type) => hasStepUp(doc, type));
}

/** The document without its phone step-ups. */
export function withoutPhoneStepUps(doc: ApplicationDocument): ApplicationDocument {
  return PHONE_STEP_UPS.reduce((current, type) => withoutStepUp(current, type), doc);
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
