import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorObject } from 'ajv';
import { atPointer } from '../domain/document.ts';
import { ApiError, errorCodes, type ErrorBody, type ErrorCode, type ErrorDetail } from './errors.ts';
import type { SharedValidation } from './shared-validation.ts';
import { isConnectionFailure } from '../storage/unavailable.ts';
import { sessionCookie } from './request-context.ts';

/** Seconds a client is asked to wait before retrying a request the database could not serve. */
export const unavailableRetryAfterSeconds = 1;

/** The JSON pointer of the field an ajv error is about (a missing property names the property itself). */
export function fieldOf(error: ErrorObject): string {
  if (error.keyword === 'required') return `${error.instancePath}/${String(error.params.missingProperty)}`;
  if (error.keyword === 'additionalProperties')
    return `${error.instancePath}/${String(error.params.additionalProperty)}`;
  return error.instancePath || '/';
}

/** Turns ajv errors on `input` into details with message keys. */
export function detailsFromAjv(
  errors: ErrorObject[],
  input: unknown,
  shared: SharedValidation,
  prefix = '',
): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    const field = prefix + fieldOf(error);
    const reason =
      error.keyword === 'additionalProperties'
        ? { key: 'errors.unknownField' }
        : shared.reasonForError(error, atPointer(input, error.instancePath));
    const id = `${field}\u0000${reason.key}`;
    if (seen.has(id)) continue;
    seen.add(id);
    details.push({ field, key: reason.key, ...(reason.args ? { args: reason.args } : {}) });
  }
  return details;
}

/** Builds the common error body in the request's locale. */
export function errorBody(request: FastifyRequest, code: ErrorCode | string, details: ErrorDetail[]): ErrorBody {
  const t = request.translator;
  const known = code in errorCodes ? errorCodes[code as ErrorCode] : errorCodes.INTERNAL;
  return {
    error: code,
    message: t.t(known.key),
    details: details.map((d) => ({
      field: d.field,
      key: d.key,
      description: t.maybe(d.key, d.args) ?? t.t('errors.invalidField'),
    })),
  };
}

/**
 * Sends an error with the common body. doc2 §7 'a 401 clears the session': a request that brought a session cookie
 * which is no longer live (ended, expired, unknown) gets that cookie cleared with its 401, so the browser stops
 * presenting a dead session (the browser then dismisses its toasts and asks for sign-in, engine/app/screen-host.tsx).
 */
export function sendError(reply: FastifyReply, request: FastifyRequest, error: ApiError): FastifyReply {
  if (error.status === 401 && request.cookies?.[sessionCookie] !== undefined)
    reply.clearCookie(sessionCookie, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
    });
  return reply
    .code(error.status)
    .type('application/json; charset=utf-8')
    .send({ ...errorBody(request, error.code, error.details), ...error.extra });
}

/**
 * Installs the error and not-found handlers: every failure, whatever raised it, answers the same shape.
 * Client mistakes are 4xx and never logged with their input; unexpected failures are 500 and logged
 * (the logger's redaction and serializers keep secrets out).
 */
export function installErrorHandling(app: FastifyInstance, shared: SharedValidation): void {
  app.setErrorHandler((raw: FastifyError | ApiError, request, reply) => {
    if (raw instanceof ApiError) return sendError(reply, request, raw);
    if (isConnectionFailure(raw)) {
      // The database dropped or refused the connection: nothing acknowledged changed, and the same request is
      // worth repeating shortly (the browser retries 503 with the same idempotency key, honouring Retry-After).
      request.log.warn({ err: raw }, 'database unavailable');
      reply.header('retry-after', String(unavailableRetryAfterSeconds));
      return sendError(reply, request, new ApiError('TEMPORARILY_UNAVAILABLE'));
    }
    const error = raw as FastifyError;
    if (error.validation) {
      const context = error.validationContext ?? 'body';
      const input = context === 'body' ? request.body : context === 'querystring' ? request.query : request.params;
      const prefix = context === 'body' ? '' : `/${context}`;
      return sendError(
        reply,
        request,
        new ApiError('VALIDATION_FAILED', detailsFromAjv(error.validation as ErrorObject[], input, shared, prefix)),
      );
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return sendError(reply, request, new ApiError('PAYLOAD_TOO_LARGE'));
    if (status === 415) return sendError(reply, request, new ApiError('UNSUPPORTED_MEDIA_TYPE'));
    if (status === 429) return sendError(reply, request, new ApiError('RATE_LIMITED'));
    if (status >= 400 && status < 500) {
      // Malformed JSON, empty body with a JSON content type, bad URL encoding...: the request, not us.
      return sendError(
        reply,
        request,
        new ApiError('VALIDATION_FAILED', [{ field: '/', key: 'errors.malformedRequest' }]),
      );
    }
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, request, new ApiError('INTERNAL'));
  });
  app.setNotFoundHandler((request, reply) => sendError(reply, request, new ApiError('NOT_FOUND')));
}
