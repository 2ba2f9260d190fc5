import type { FastifyServerOptions } from 'fastify';

/**
 * Logger options. Secrets must never reach a log line (ARCHITECTURE: no SSN, SIN, EIN, bank or card number):
 * - request lines carry the path and the *names* of query parameters only (launch URLs carry names,
 *   phone numbers and tax ids as query values, doc1 §3 Launch query parameters);
 * - cookies, authorization and set-cookie headers are censored;
 * - known secret property names are censored wherever a log call passes an object that holds them.
 * Bodies are never logged.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  const secretNames = [
    'accountNumber', 'routingNumber', 'transitNumber', 'institutionNumber', 'value', 'ssn', 'sin', 'ein',
    'cardNumber', 'number', 'cvv', 'password', 'token',
  ];
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        ...secretNames.flatMap((n) => [n, `*.${n}`, `*.*.${n}`, `*.*.*.${n}`]),
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req(request: { method: string; url: string; id?: string; hostname?: string }) {
        return { method: request.method, url: redactPathSecrets(redactQuery(request.url)), id: request.id };
      },
    },
  };
}

/** Keeps the path and query parameter names; every query value becomes `_`. */
export function redactQuery(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const names = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=_`);
  return `${url.slice(0, q)}?${names.join('&')}`;
}

/** Path segments that are bearer secrets (a phone link's fingerprint, the sandbox carrier's): replaced by `_`. */
export function redactPathSecrets(url: string): string {
  return url.replace(/\/(sms-verifications|carrier)\/[^/?]+/g, '/$1/_');
}
