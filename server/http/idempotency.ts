/**
 * Idempotency keys tied to their request (issue 23), as payment APIs do: a key is remembered with a fingerprint of the
 * request it came with (method, route, path parameters, query and body in a canonical form), for as long as the key
 * itself (never less than 24 hours: keys are not deleted today). The same key again with the same request answers
 * the first result; with a different request it is 422 `IDEMPOTENCY_KEY_REUSED` naming the key, and nothing happens.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';

/** The Idempotency-Key header schema of the calls that take one (printable ASCII, 1 to 200 characters). */
export const idempotencyKeySchema = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  pattern: '^[\\x21-\\x7e]+$',
} as const;

/** Headers schema of a call that takes an Idempotency-Key; `required` for calls that must have one (payments). */
export function idempotencyHeaders(required = false): object {
  return {
    type: 'object',
    properties: { 'idempotency-key': idempotencyKeySchema },
    ...(required ? { required: ['idempotency-key'] } : {}),
  };
}

/** JSON with every object's keys in order: the same data gives the same text whatever order its keys came in. */
export function canonicalJson(value: unknown): string {
  // JSON.stringify walks the value (bodies are at most json-depth.ts's maxJsonDepth deep); the replacer only sorts.
  return JSON.stringify(value ?? null, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(
          Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : item,
  );
}

/** The fingerprint of a request: sha-256 of its method, route, path parameters, query and body, canonical. */
export function requestFingerprint(request: FastifyRequest): string {
  const parts = [
    request.method,
    request.routeOptions.url ?? request.url,
    canonicalJson(request.params),
    canonicalJson(request.query),
    canonicalJson(request.body),
  ];
  return createHash('sha256').update(parts.join('\n')).digest('hex');
}

/** The request's Idempotency-Key, or undefined. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' ? key : undefined;
}

/** The refusal of a key already used for another request. */
export function keyReused(key: string): ApiError {
  return new ApiError('IDEMPOTENCY_KEY_REUSED', [
    { field: '/headers/idempotency-key', key: 'errors.idempotencyKeyReused', args: { key } },
  ]);
}
