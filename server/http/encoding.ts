/** Response compression the server chooses itself (static files come precompressed: @fastify/static). */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Brotli, else gzip, else none, as the request's Accept-Encoding allows (a q=0 refuses). */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.split(';').map((piece) => piece.trim()))
      .filter(([, ...params]) => !params.some((p) => /^q=0(\.0*)?$/.test(p)))
      .map(([name]) => name.toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/**
 * `body` compressed for a page answer (made per request, so a fast setting: brotli quality 5 or gzip level 6 take
 * well under a millisecond for a page of a few KB), or undefined when the request accepts neither.
 */
export function compressPage(
  body: string,
  acceptEncoding: string | undefined,
): { encoding: 'br' | 'gzip'; body: Buffer } | undefined {
  const encoding = preferredEncoding(acceptEncoding);
  if (encoding === 'br')
    return { encoding, body: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) };
  if (encoding === 'gzip') return { encoding, body: gzipSync(body, { level: 6 }) };
  return undefined;
}
