import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions, FastifyChildLoggerFactory } from 'fastify/types/logger.js';

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
    'accountNumber',
    'routingNumber',
    'transitNumber',
    'institutionNumber',
    'value',
    'ssn',
    'sin',
    'ein',
    'cardNumber',
    'number',
    'cvv',
    'password',
    'token',
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

type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
/** pino's level numbers. */
const levelValues: Record<LogLevel | 'silent', number> = {
  fatal: 60,
  error: 50,
  warn: 40,
  info: 30,
  debug: 20,
  trace: 10,
  silent: Infinity,
};

/**
 * A request's logger that makes its pino child only when a line is actually written. pino's child() runs the
 * redaction above over the child's bindings (the request id), for every request; at `warn` and above most requests
 * write nothing, and the child was about 7% of a GET's CPU. Each method writes through the real child (same bindings,
 * level and serializers, so the same line) when its level is on.
 */
class LazyChildLogger implements FastifyBaseLogger {
  private real: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private made(): FastifyBaseLogger {
    return (this.real ??= this.parent.child(this.bindings, this.options));
  }

  private enabled(level: LogLevel): boolean {
    return levelValues[level] >= (levelValues[this.level as LogLevel] ?? 0);
  }

  get level(): string {
    return this.real?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.made().level = level;
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made().child(bindings, options);
  }

  private write(level: LogLevel, args: unknown[]): void {
    if (this.enabled(level)) (this.made()[level] as (...a: unknown[]) => void)(...args);
  }
}

/** Fastify's `childLoggerFactory`: a lazy child per request (see LazyChildLogger). */
export const lazyChildLoggerFactory: FastifyChildLoggerFactory = (logger, bindings, options) =>
  new LazyChildLogger(logger, bindings, options);
