import type { FastifyRequest } from 'fastify';
import type { ApplicationDocument } from '../domain/document.ts';
import { ApiError } from '../http/errors.ts';
import { userOf } from '../http/request-context.ts';
import type { ApplicationRow } from '../storage/applications.ts';

/**
 * Access rule for every application call: the row must exist (404) and belong to the signed-in user (403).
 * Used both before reading and inside update transactions, so a check and its write see the same row.
 */
export function assertOwned(
  request: FastifyRequest,
  row: ApplicationRow<ApplicationDocument> | undefined,
): ApplicationRow<ApplicationDocument> {
  const user = userOf(request);
  if (!row) throw new ApiError('APPLICATION_NOT_FOUND');
  if (row.ownerId !== user.id) throw new ApiError('FORBIDDEN');
  return row;
}
