/**
 * Nesting depth of JSON bodies, checked on the raw text before it is parsed or walked. A body nested thousands of
 * levels deep (a few KB, well under the body limit) overflowed the stack of the recursive walks that run on every
 * body (no-nul.ts, then deep merges and checks) and answered 500. Every JSON parser of the app goes through
 * `depthCheckedJsonParser`: a body nested deeper than `maxJsonDepth` is a 400 `errors.nestingTooDeep`, and nothing
 * recursive ever sees it. The scan itself is a loop, not a recursion.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';

/**
 * The deepest nesting of objects and arrays any request of this API needs is about 8 (a document patch's address
 * inside a company inside a body); 32 leaves room for every schema without giving a walker anything to fear.
 */
export const maxJsonDepth = 32;

/** True when `text`, read as JSON, opens more than `max` objects or arrays inside one another. Never recursive. */
export function jsonNestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c /* \ */) index += 1;
      else if (char === 0x22 /* " */) inString = false;
      continue;
    }
    if (char === 0x22) inString = true;
    else if (char === 0x7b /* { */ || char === 0x5b /* [ */) {
      depth += 1;
      if (depth > max) return true;
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) depth -= 1;
  }
  return false;
}

type Done = (error: Error | null, body?: unknown) => void;
type JsonParser = (request: FastifyRequest, body: string, done: Done) => void;

/** Fastify's own JSON parser (prototype-poisoning refusals, empty-body errors) behind the depth check. */
export function depthCheckedJsonParser(app: FastifyInstance): JsonParser {
  const parse = app.getDefaultJsonParser('error', 'error') as unknown as JsonParser;
  return (request, body, done) => {
    if (jsonNestedDeeperThan(body, maxJsonDepth)) {
      done(
        new ApiError('VALIDATION_FAILED', [{ field: '/', key: 'errors.nestingTooDeep', args: { max: maxJsonDepth } }]),
      );
      return;
    }
    parse(request, body, done);
  };
}

/** Replaces the app's `application/json` parser with the depth-checked one (before any route is added). */
export function installJsonDepthLimit(app: FastifyInstance, bodyLimit: number): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, depthCheckedJsonParser(app));
}
