import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { scriptUrl, type ScriptRules } from '../../engine/third-party/script-url.ts';

/** rules/scripts.json as the CSP reads it: each script may name further origins it loads from (`cspHosts`). */
type CspScriptRules = Pick<ScriptRules, 'languages'> & {
  scripts: Record<string, ScriptRules['scripts'][string] & { cspHosts?: string[] }>;
};

/** What the CSP allows beyond our own origin. */
export interface SecurityOptions {
  /** rules/scripts.json (the third-party scripts the browser loader may add). */
  scripts?: CspScriptRules;
  /** The configured script keys (`environment.keys.*` in the browser); a script without its key is not loaded. */
  keys?: Record<string, string>;
  /** The configuration flags (`flags.*`), for scripts that a flag turns on. */
  flags?: Record<string, unknown>;
}

/**
 * The other origins the browser may load scripts, images and data from: for each script of rules/scripts.json that
 * the browser would load with this configuration (engine/third-party/script-url.ts, the same decision), the origin of
 * its `src` and its `cspHosts`. A script on our own origin, or one whose key is not configured, adds nothing.
 */
export function thirdPartyOrigins({ scripts, keys = {}, flags = {} }: SecurityOptions): string[] {
  if (!scripts) return [];
  const context = { environment: { keys }, flags };
  const origins = new Set<string>();
  for (const definition of Object.values(scripts.scripts)) {
    const url = scriptUrl(definition, context, scripts.languages);
    if (!url || !url.startsWith('https://')) continue;
    origins.add(new URL(url).origin);
    for (const host of definition.cspHosts ?? []) origins.add(new URL(host).origin);
  }
  return [...origins].sort();
}

/** Reads rules/scripts.json from a repository root. */
export function readScriptRules(root: string): CspScriptRules {
  return JSON.parse(readFileSync(join(root, 'rules/scripts.json'), 'utf8')) as CspScriptRules;
}

/**
 * `csp` with these hashes ('sha256-…') added to its style-src directive: the page's own inline `<style>` elements,
 * and nothing else inline (CSP Level 2 hash sources; no 'unsafe-inline').
 */
export function withStyleHashes(csp: string, hashes: readonly string[]): string {
  if (hashes.length === 0) return csp;
  const sources = hashes.map((hash) => `'sha256-${hash}'`).join(' ');
  const directives = csp.split(';');
  const index = directives.findIndex((directive) => directive.trim().startsWith('style-src '));
  if (index < 0) return csp;
  directives[index] = `${directives[index].trimEnd()} ${sources}`;
  return directives.join(';');
}

/**
 * Security headers with a strict Content Security Policy: scripts and styles only from our origin, no
 * inline script or style, no eval (the front end ships precompiled validators, see NOTES.md), no framing.
 * A third-party script whose key is configured (maps, analytics tag) adds its origins to script-src,
 * connect-src and img-src, and nothing else; with no key the policy stays 'self' only.
 *
 * The headers are helmet's (@fastify/helmet), but computed once: the policy has no per-request part (no nonces),
 * and @fastify/helmet builds helmet's middleware anew on every request (parsing the directives each time, about
 * 7% of a GET's CPU). So helmet answers one request of a throwaway instance at start-up, and every request of the
 * app gets the headers it set, from one onRequest hook, as before.
 */
export async function installSecurityHeaders(app: FastifyInstance, options: SecurityOptions = {}): Promise<void> {
  const headers = await helmetHeaders(helmetOptions(options));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The options given to helmet. */
function helmetOptions(options: SecurityOptions): FastifyHelmetOptions {
  const origins = thirdPartyOrigins(options);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...origins],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', ...origins],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...origins],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    // Cross-origin isolation headers are not needed and would block the sandbox's own test pages.
    crossOriginEmbedderPolicy: false,
  };
}

/** The headers helmet sets with `options`: those of one answer of a throwaway Fastify instance that only has helmet. */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', (_request, reply) => reply.send(''));
  const withoutHelmet = Fastify({ logger: false });
  withoutHelmet.get('/', (_request, reply) => reply.send(''));
  try {
    const [set, plain] = await Promise.all([probe.inject('/'), withoutHelmet.inject('/')]);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(set.headers)) {
      if (name in plain.headers || value === undefined) continue;
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    }
    if (!headers['content-security-policy']) throw new Error('helmet set no Content-Security-Policy');
    return headers;
  } finally {
    await Promise.all([probe.close(), withoutHelmet.close()]);
  }
}
