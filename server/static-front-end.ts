import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './http/errors.ts';
import { configUrl } from '../engine/app/config-url.ts';

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
  const indexFile = join(distDir, 'index.html');
  app.get('/*', (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path.startsWith('/sso/') || path.startsWith('/sandbox/')) throw new ApiError('NOT_FOUND');
    // The page preloads the configuration boot will read for this visit (its currency, its co-brand path), so the
    // browser reuses the answer instead of asking a second time (engine/app/config-url.ts).
    const query = (request.query ?? {}) as Record<string, unknown>;
    const currencyQuery = typeof query.currency === 'string' ? query.currency : undefined;
    const href = configUrl(path, currencyQuery, request.cookies?.currency).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    const html = readFileSync(indexFile, 'utf8').replace('href="/api/v2/configs"', `href="${href}"`);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
