/**
 * Generates deploy/errors/503.http, the answer HAProxy gives itself when no API instance can (deploy/haproxy.cfg):
 * the API's own 503 (`TEMPORARILY_UNAVAILABLE`, server/http/errors.ts) with its Retry-After and error shape, the
 * message from locales/ (the balancer cannot tell the visitor's language, so the message carries each distinct text of
 * the product's locales, fallback first, joined by " / ").
 *
 * `npm run deploy:errors` writes the file; `tsx scripts/deploy/errors.ts --check` exits 1 when the committed file is not
 * what the locales give (tests/unit/server/deploy-errors.test.ts asserts the same).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Catalogues, locales } from '../../server/i18n/index.ts';
import { errorCodes } from '../../server/http/errors.ts';
import { unavailableRetryAfterSeconds } from '../../server/http/error-handler.ts';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** Where the file goes, relative to the root. */
export const errorFile = 'deploy/errors/503.http';

/** The raw HTTP answer HAProxy sends for 500, 502, 503 and 504 of its own, from the catalogues under `rootDir`. */
export function render503(rootDir: string = root): string {
  const catalogues = new Catalogues(join(rootDir, 'locales'));
  const code = 'TEMPORARILY_UNAVAILABLE' as const;
  const texts = [...new Set(locales.map((locale) => catalogues.for(locale).t(errorCodes[code].key)))];
  const body = JSON.stringify({ error: code, message: texts.join(' / '), details: [] });
  return [
    'HTTP/1.1 503 Service Unavailable',
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body, 'utf8')}`,
    `Retry-After: ${unavailableRetryAfterSeconds}`,
    'Cache-Control: no-store',
    // Who answered: the balancer itself (no instance could), as opposed to an instance's own 503.
    'X-Answered-By: balancer',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const wanted = render503();
  const path = join(root, errorFile);
  if (process.argv.includes('--check')) {
    if (readFileSync(path, 'utf8') !== wanted) {
      console.error(`${errorFile} is out of step with locales/: run npm run deploy:errors`);
      process.exit(1);
    }
  } else {
    writeFileSync(path, wanted);
    console.log(`wrote ${errorFile}`);
  }
}
