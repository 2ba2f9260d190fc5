/**
 * API errors: one body shape for every failure (doc2 §8: the browser reads details[0].description, then
 * message, then error).
 */

/** One problem with one field. */
export interface ErrorDetail {
  /** JSON pointer into the request (or document), e.g. `/applicant/name/firstName`. */
  field: string;
  /** Message key, e.g. `validation.person-name`. */
  key: string;
  /** Arguments for the message. */
  args?: Record<string, string | number>;
}

/** The machine-readable error codes and the catalogue key of each one's generic message. */
export const errorCodes = {
  VALIDATION_FAILED: { status: 400, key: 'errors.validationFailed' },
  UNSUPPORTED_MARKET: { status: 400, key: 'errors.unsupportedMarket' },
  UNAUTHENTICATED: { status: 401, key: 'errors.unauthenticated' },
  FORBIDDEN: { status: 403, key: 'errors.forbidden' },
  APPLICATION_NOT_FOUND: { status: 404, key: 'errors.applicationNotFound' },
  NOT_FOUND: { status: 404, key: 'errors.notFound' },
  PAYMENT_DECLINED: { status: 402, key: 'errors.paymentDeclined' },
  CONFLICT: { status: 409, key: 'errors.conflict' },
  LINK_EXPIRED: { status: 410, key: 'errors.linkExpired' },
  PAYLOAD_TOO_LARGE: { status: 413, key: 'errors.payloadTooLarge' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, key: 'errors.unsupportedMediaType' },
  REDIRECT_REQUIRED: { status: 417, key: 'errors.redirectRequired' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, key: 'errors.idempotencyConflict' },
  RATE_LIMITED: { status: 429, key: 'errors.rateLimited' },
  INTERNAL: { status: 500, key: 'errors.generic' },
  SERVICE_UNAVAILABLE: { status: 503, key: 'errors.cardSave' },
  /** The database is out of reach for a moment (server/storage/unavailable.ts); answered with Retry-After. */
  TEMPORARILY_UNAVAILABLE: { status: 503, key: 'errors.temporarilyUnavailable' },
} as const;

export type ErrorCode = keyof typeof errorCodes;

/** Thrown by handlers; the error handler turns it into the common body. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly details: ErrorDetail[] = [],
    readonly extra: Record<string, unknown> = {},
  ) {
    super(code);
    this.status = errorCodes[code].status;
  }
}

/** The wire shape of an error body (schemas/api/error.schema.json). */
export interface ErrorBody {
  error: string;
  message: string;
  details: Array<{ field: string; key: string; description: string }>;
  [extra: string]: unknown;
}
