/**
 * Identity inquiries (photo ID and selfie, or business documents) behind an interface. A real provider hosts
 * the capture and reports a status; the sandbox keeps inquiries in the `identity_inquiries` table and its page
 * (/sandbox/inquiry/{id}) lets the tester choose the outcome: RECEIVED, IN_PROGRESS or TIMEOUT (doc1 §4.5).
 */
import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../../storage/index.ts';

/** Inquiry statuses (doc1 §4.5: polling continues on IN_PROGRESS and ends on RECEIVED or TIMEOUT). */
export type InquiryStatus = 'CREATED' | 'IN_PROGRESS' | 'RECEIVED' | 'TIMEOUT';
/** Which step-up an inquiry answers: identification (GOV_ID_SELFIE) or verification (EIN_DOC). */
export type InquiryKind = 'identification' | 'verification';

/** An inquiry as the API sees it. */
export interface Inquiry {
  id: string;
  applicationId: string;
  ownerId: string | null;
  kind: InquiryKind;
  status: InquiryStatus;
  sessionToken: string;
  /** The provider's inquiry template (rules/identity-templates.json, per country and kind). */
  templateId: string;
}

/** What the API needs from an identity verification provider. */
export interface IdentityInquiryProvider {
  /** Starts an inquiry; `url` is where the browser captures the documents. */
  start(input: {
    applicationId: string;
    ownerId?: string;
    kind: InquiryKind;
    templateId: string;
  }): Promise<Inquiry & { url: string }>;
  /** The inquiry, or undefined. */
  find(inquiryId: string): Promise<Inquiry | undefined>;
  /** Where the browser resumes an inquiry. */
  urlOf(inquiry: Inquiry): string;
}

interface Raw {
  id: string;
  application_id: string;
  owner_id: string | null;
  kind: InquiryKind;
  status: InquiryStatus;
  session_token: string;
  template_id: string;
}

const fromRaw = (r: Raw): Inquiry => ({
  id: r.id,
  applicationId: r.application_id,
  ownerId: r.owner_id,
  kind: r.kind,
  status: r.status,
  sessionToken: r.session_token,
  templateId: r.template_id,
});

/** Reads an inquiry from the sandbox table. */
export async function findInquiry(db: Queryable, id: string): Promise<Inquiry | undefined> {
  const { rows } = await db.query<Raw>(
    'SELECT id, application_id, owner_id, kind, status, session_token, template_id FROM identity_inquiries WHERE id = $1',
    [id],
  );
  return rows[0] ? fromRaw(rows[0]) : undefined;
}

/** Sets an inquiry's status (the sandbox page's outcome buttons). */
export async function setInquiryStatus(db: Queryable, id: string, status: InquiryStatus): Promise<void> {
  await db.query('UPDATE identity_inquiries SET status = $2, updated_at = now() WHERE id = $1', [id, status]);
}

/** The sandbox provider over the `identity_inquiries` table. */
export function sandboxInquiries(db: Database): IdentityInquiryProvider {
  const urlOf = (inquiry: Inquiry) => `/sandbox/inquiry/${inquiry.id}?token=${inquiry.sessionToken}`;
  return {
    async start({ applicationId, ownerId, kind, templateId }) {
      const inquiry: Inquiry = {
        id: `inq_${randomBytes(12).toString('hex')}`,
        applicationId,
        ownerId: ownerId ?? null,
        kind,
        status: 'CREATED',
        sessionToken: randomBytes(24).toString('base64url'),
        templateId,
      };
      await db.query(
        'INSERT INTO identity_inquiries (id, application_id, owner_id, kind, status, session_token, template_id) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [inquiry.id, applicationId, inquiry.ownerId, kind, inquiry.status, inquiry.sessionToken, templateId],
      );
      return { ...inquiry, url: urlOf(inquiry) };
    },
    find: (id) => findInquiry(db, id),
    urlOf,
  };
}
