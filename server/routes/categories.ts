import type { FastifyInstance } from 'fastify';
import type { Content } from '../content.ts';
import { api } from './schema-refs.ts';

/** GET /api/v2/categories (doc2 §7): the category groups of rules/categories.json, as written. */
export async function categoryRoutes(app: FastifyInstance, { content }: { content: Content }): Promise<void> {
  app.get('/api/v2/categories', { schema: { response: { 200: api('categories'), '4xx': api('error') } } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(content.categories),
  );
}
