import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Content } from '../content.ts';
import { api } from './schema-refs.ts';
import { preferredEncoding } from '../http/encoding.ts';

/** One answer, serialised once and compressed once (brotli and gzip), since it never changes while the server runs. */
interface Encoded {
  json: string;
  br: Buffer;
  gzip: Buffer;
}

/**
 * GET /api/v2/categories (doc2 §7): the category groups of rules/categories.json, as written. About 33 KB of JSON
 * that the category screen waits for; it travels compressed (about 9 KB gzip) to a browser that accepts it.
 */
export async function categoryRoutes(app: FastifyInstance, { content }: { content: Content }): Promise<void> {
  let encoded: Encoded | undefined;
  const encode = (reply: FastifyReply): Encoded => {
    if (!encoded) {
      const json = reply.serialize(content.categories) as string;
      encoded = {
        json,
        br: brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip: gzipSync(json, { level: 9 }),
      };
    }
    return encoded;
  };
  app.get(
    '/api/v2/categories',
    { schema: { response: { 200: api('categories'), '4xx': api('error') } } },
    async (request, reply) => {
      const body = encode(reply);
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      reply
        .header('cache-control', 'public, max-age=300')
        .header('vary', 'Accept-Encoding')
        .type('application/json; charset=utf-8');
      if (!encoding) return reply.send(body.json);
      return reply.header('content-encoding', encoding).send(body[encoding]);
    },
  );
}
