/**
 * Vite plugin (build only): writes a gzip (`.gz`, level 9) and a brotli (`.br`, quality 11) copy beside every text
 * file of the build (scripts, styles, HTML, SVG, JSON) where it is smaller than the file (screen definitions are
 * chunks of a few hundred bytes, and even those shrink by half). The server serves them to a browser that
 * accepts the encoding (@fastify/static `preCompressed`, server/static-front-end.ts): the landing's scripts travel
 * compressed without the server compressing each response again.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(js|mjs|css|html|svg|json|txt)$/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** Compresses every text file under `dir` (exported for tests and scripts that build by other means). */
export function precompress(dir: string): number {
  let count = 0;
  for (const path of files(dir)) {
    if (!TEXT.test(path)) continue;
    const body = readFileSync(path);
    const gzip = gzipSync(body, { level: 9 });
    const brotli = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    if (gzip.length < body.length) writeFileSync(`${path}.gz`, gzip);
    if (brotli.length < body.length) writeFileSync(`${path}.br`, brotli);
    if (gzip.length < body.length || brotli.length < body.length) count += 1;
  }
  return count;
}

export function compressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'onboarding-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      if (outDir) precompress(outDir);
    },
  };
}
