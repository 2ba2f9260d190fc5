import type { FastifyRequest } from 'fastify';
import type { ApplicationDocument, JsonObject } from '../domain/document.ts';
import { ApiError } from '../http/errors.ts';
import { userOf } from '../http/request-context.ts';
import type { ApplicationRow } from '../storage/applications.ts';
import { hasOwnerAccess } from '../storage/owner-access.ts';
import type { Queryable } from '../storage/index.ts';

/** Who is asking about an owner record: the applicant (the application's user) or that owner's partner account. */
export type OwnerViewer = 'applicant' | 'partner';

/**
 * Access rule for owner calls (doc1 §6: each partner signs in with their own account and sees only their own
 * record): the application must exist (404), the owner must be on it (404), and the user must be the
 * application's user or the partner who claimed this owner's invitation (403 otherwise).
 */
export async function assertOwnerAccess(
  db: Queryable,
  request: FastifyRequest,
  row: ApplicationRow<ApplicationDocument> | undefined,
  ownerId: string,
): Promise<{ row: ApplicationRow<ApplicationDocument>; owner: JsonObject; index: number; viewer: OwnerViewer }> {
  const user = userOf(request);
  if (!row) throw new ApiError('APPLICATION_NOT_FOUND');
  const viewer: OwnerViewer | undefined =
    row.ownerId === user.id
      ? 'applicant'
      : (await hasOwnerAccess(db, row.id, ownerId, user.id))
        ? 'partner'
        : undefined;
  if (!viewer) throw new ApiError('FORBIDDEN');
  const index = row.document.owners.findIndex((o) => o.id === ownerId);
  if (index < 0) throw new ApiError('NOT_FOUND', [{ field: '/ownerId', key: 'errors.ownerNotFound' }]);
  return { row, owner: row.document.owners[index]!, index, viewer };
}
