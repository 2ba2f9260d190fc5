/**
 * Cross-site requests (issue 23). Any web page can make a browser send a simple POST (form-encoded, multipart or
 * text/plain, with the visitor's cookies) to this origin; before these rules an empty form post onboarded or created
 * an application, and a sign-in from a foreign page set a session. Two rules, for every route:
 *
 * - a state-changing request (POST, PUT, PATCH, DELETE) whose `Sec-Fetch-Site` says `cross-site`, or (from a browser
 *   that sends no fetch metadata) whose `Origin` is another host or `null`, is 403 `errors.crossSite` before anything
 *   else happens;
 * - an `/api/` request with a body must be JSON (`application/json`, or `application/json-patch+json` where a route
 *   parses it): anything else is 415, after the access rules (routes/access-first.ts) so a stranger still gets 403.
 *   A route that must take another type says so in its config (`bodyTypes`: the exit beacon takes `text/plain`).
 *
 * Requests without these headers (curl, servers, tests) are not browsers acting for a visitor and pass the first rule.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Media types an /api/ route accepts besides JSON (http/cross-site.ts). */
    bodyTypes?: string[];
  }
}

const changing = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const jsonTypes = ['application/json', 'application/json-patch+json'];

/** The host an Origin header names, or undefined when it is `null` or not a URL. */
function originHost(origin: string): string | undefined {
  if (origin === 'null') return undefined;
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return undefined;
  }
}

/** The request's own host as an Origin would name it (a default port dropped). */
function ownHost(request: FastifyRequest): string | undefined {
  try {
    return new URL(`${request.protocol}://${request.host}`).host.toLowerCase();
  } catch {
    return undefined;
  }
}

/** True when a state-changing request says it comes from another site. */
export function fromAnotherSite(request: FastifyRequest): boolean {
  if (!changing.has(request.method)) return false;
  // Fetch metadata, where the browser sends it, is the answer: a form post from a page served with
  // `Referrer-Policy: no-referrer` carries `Origin: null` even on its own site, so Origin is read only without it.
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'cross-site';
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  const host = originHost(origin);
  return host === undefined || host !== ownHost(request);
}

export function installCrossSiteRules(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (fromAnotherSite(request))
      throw new ApiError('FORBIDDEN', [{ field: '/headers/origin', key: 'errors.crossSite' }]);
  });
  app.addHook('preValidation', async (request) => {
    if (!changing.has(request.method) || !request.url.startsWith('/api/')) return;
    const header = request.headers['content-type'];
    if (header === undefined) return;
    const media = header.split(';')[0]!.trim().toLowerCase();
    const allowed = [...jsonTypes, ...(request.routeOptions.config.bodyTypes ?? [])];
    if (!allowed.includes(media))
      throw new ApiError('UNSUPPORTED_MEDIA_TYPE', [
        { field: '/headers/content-type', key: 'errors.unsupportedMediaType' },
      ]);
  });
}
