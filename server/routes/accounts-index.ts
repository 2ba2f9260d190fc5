/**
 * The existing-merchant calls (issue 9), registered together with one line in server/routes/index.ts: stores,
 * channels, permissions and the sandbox account seeding.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../storage/index.ts';
import { accountChannelRoutes } from './accounts-channels.ts';
import { accountPermissionRoutes } from './accounts-permissions.ts';
import { accountSandboxRoutes } from './accounts-sandbox.ts';
import { accountStoreRoutes } from './accounts-stores.ts';

/** Registers every accounts-* route group. */
export async function accountsExtendedRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  await app.register(accountStoreRoutes, { db });
  await app.register(accountChannelRoutes, { db });
  await app.register(accountPermissionRoutes, { db });
  await app.register(accountSandboxRoutes, { db });
}
