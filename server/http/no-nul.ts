/**
 * No NUL characters and no lone surrogates in any input. PostgreSQL refuses both in text and jsonb ("invalid byte
 * sequence for encoding UTF8: 0x00", "unsupported Unicode escape sequence"), which surfaced as a 500; no field of
 * this product can need either. Any string in the query, the path parameters or the body that holds one is
 * refused up front with a 400 naming the field.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';

function escapePointer(part: string): string {
  return part.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A NUL character, or UTF-16 that is not well formed (a lone surrogate). */
function unstorable(text: string): boolean {
  // A high surrogate not followed by a low one, or a low one not preceded by a high one.
  return text.includes('\u0000') || /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);
}

/** The JSON pointer of the first string holding an unstorable character (keys included), or undefined. */
export function firstNul(value: unknown, at = ''): string | undefined {
  if (typeof value === 'string') return unstorable(value) ? at || '/' : undefined;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = firstNul(value[index], `${at}/${index}`);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (unstorable(key)) return `${at}/${escapePointer(key)}`;
      const found = firstNul(item, `${at}/${escapePointer(key)}`);
      if (found) return found;
    }
  }
  return undefined;
}

export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const [part, value] of [['querystring', request.query], ['params', request.params], ['body', request.body]] as const) {
      const pointer = firstNul(value);
      if (!pointer) continue;
      // Body fields are named by their pointer in the body, query and path fields with their part first (as the
      // schema errors are).
      const field = part === 'body' ? pointer : `/${part}${pointer === '/' ? '' : pointer}`;
      throw new ApiError('VALIDATION_FAILED', [{ field, key: 'validation.invalid' }]);
    }
  });
}
