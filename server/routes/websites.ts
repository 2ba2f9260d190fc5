import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/errors.ts';
import { requireUser } from '../http/request-context.ts';
import type { WebsiteDirectory } from '../sandbox/hosting/provider.ts';
import { api, errorResponses } from './schema-refs.ts';

/**
 * `GET /api/v2/configs/websites/{websiteId}` (doc2 §7 Configuration: reads id): the hosting service's record of a
 * website, `{id, url}`; an id the service does not have is 404 `errors.websiteUnknown` naming `/params/websiteId`.
 * The sandbox service's records are server/sandbox/hosting/websites.json.
 */
export async function websiteRoutes(app: FastifyInstance, { websites }: { websites: WebsiteDirectory }): Promise<void> {
  app.get<{ Params: { websiteId: string } }>(
    '/api/v2/configs/websites/:websiteId',
    {
      preHandler: requireUser,
      schema: { params: api('website-params'), response: { 200: api('website'), ...errorResponses } },
    },
    async (request, reply) => {
      const website = await websites.find(request.params.websiteId);
      if (!website) throw new ApiError('NOT_FOUND', [{ field: '/params/websiteId', key: 'errors.websiteUnknown' }]);
      return reply.header('cache-control', 'no-store').send(website);
    },
  );
}
