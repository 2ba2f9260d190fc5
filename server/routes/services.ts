import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/errors.ts';
import { requireUser } from '../http/request-context.ts';
import type { ServiceCatalogue } from '../sandbox/services/provider.ts';
import { api, errorResponses } from './schema-refs.ts';

/**
 * `GET /api/v2/services/{serviceId}` (doc2 §7 Other, the 'gopay.' service lookup; the spec gives no path, this one is
 * ours): the service's `{serviceId, serviceType, apiVersion, websiteId?}`, which decides the blocking modal of doc1
 * §2.7. A malformed id is 400 (the params schema); an id the catalogue does not have is 404
 * `accounts.errors.serviceUnknown` naming `/params/serviceId`. The sandbox catalogue is
 * server/sandbox/services/services.json.
 */
export async function serviceRoutes(app: FastifyInstance, { services }: { services: ServiceCatalogue }): Promise<void> {
  app.get<{ Params: { serviceId: string } }>(
    '/api/v2/services/:serviceId',
    {
      preHandler: requireUser,
      schema: { params: api('service-params'), response: { 200: api('service'), ...errorResponses } },
    },
    async (request, reply) => {
      const service = await services.find(request.params.serviceId);
      if (!service)
        throw new ApiError('NOT_FOUND', [{ field: '/params/serviceId', key: 'accounts.errors.serviceUnknown' }]);
      return reply.header('cache-control', 'no-store').send(service);
    },
  );
}
