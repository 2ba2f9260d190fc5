import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './http/errors.ts';

/**
 * Serves the built front end from `distDir`: its static files, and `index.html` for any other GET outside
 * /api, /sso and /sandbox so client routes (react-router) work on reload. API, sign-on and sandbox misses stay JSON 404s.
 */
export async function serveFrontEnd(app: FastifyInstance, distDir: string): Promise<void> {
  if (!existsSync(join(distDir, 'index.html'))) throw new Error(`No built front end in ${distDir}: run npm run build`);
  // The build writes .br and .gz copies beside its text files (scripts/vite/compress-plugin.ts); a browser that
  // accepts either gets it. Hashed assets never change, so a browser keeps them for a year.
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (reply, path) => {
      if (path.includes('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  app.get('/*', (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path.startsWith('/sso/') || path.startsWith('/sandbox/')) throw new ApiError('NOT_FOUND');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
