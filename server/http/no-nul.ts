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

/**
 * The JSON pointer of the first string holding an unstorable character (keys included), or undefined. A loop over an
 * explicit stack, in document order: no recursion over untrusted input, however deep (json-depth.ts refuses deep
 * bodies before this runs; this must not depend on it).
 */
export function firstNul(value: unknown, at = ''): string | undefined {
  type Item = { value: unknown; at: string; badKey?: true };
  const stack: Item[] = [{ value, at }];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (next.badKey) return next.at;
    const here = next.value;
    if (typeof here === 'string') {
      if (unstorable(here)) return next.at || '/';
      continue;
    }
    if (Array.isArray(here)) {
      for (let index = here.length - 1; index >= 0; index -= 1)
        stack.push({ value: here[index], at: `${next.at}/${index}` });
      continue;
    }
    if (here !== null && typeof here === 'object') {
      const entries = Object.entries(here as Record<string, unknown>);
      // A bad key is named before anything under it or after it (the order the recursive walk had).
      const children: Item[] = entries.map(([key, item]) => {
        const pointer = `${next.at}/${escapePointer(key)}`;
        return unstorable(key) ? { value: undefined, at: pointer, badKey: true } : { value: item, at: pointer };
      });
      for (let index = children.length - 1; index >= 0; index -= 1) stack.push(children[index]!);
    }
  }
  return undefined;
}

export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const [part, value] of [
      ['querystring', request.query],
      ['params', request.params],
      ['body', request.body],
    ] as const) {
      const pointer = firstNul(value);
      if (!pointer) continue;
      // Body fields are named by their pointer in the body, query and path fields with their part first (as the
      // schema errors are).
      const field = part === 'body' ? pointer : `/${part}${pointer === '/' ? '' : pointer}`;
      throw new ApiError('VALIDATION_FAILED', [{ field, key: 'validation.invalid' }]);
    }
  });
}
