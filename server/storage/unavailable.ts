/**
 * The database is out of reach for a moment: its connection dropped (a failover, a restart, a proxy or pooler
 * closing connections, `pg_terminate_backend`), it refuses new connections, or no connection came free in time.
 * The storage layer throws this instead of the driver's error, and the API answers 503 with Retry-After: the
 * request changed nothing that was acknowledged, and the browser retries such answers with the same idempotency key.
 */
export class DatabaseUnavailableError extends Error {
  constructor(readonly reason: unknown) {
    super('database unavailable', { cause: reason });
    this.name = 'DatabaseUnavailableError';
  }
}

/**
 * SQLSTATE classes and codes that mean "the connection or the server went away", not "this statement is wrong":
 * 08 connection exception, 57P01 admin shutdown (pg_terminate_backend), 57P02 crash shutdown, 57P03 cannot connect
 * now (starting up or shutting down), 53300 too many connections, 58000/58030 system and I/O errors.
 */
const unavailableStates = /^(08...|57P0[1-3]|53300|58000|58030)$/;

/** Node socket errors of a connection that could not be made or broke. */
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
]);

/**
 * The messages node-postgres (`pg` and `pg-pool`) raises without a code when a connection ends under it or none
 * can be had, and the ones PgBouncer sends when its server connection failed.
 */
const driverMessages = [
  /^Connection terminated/i,
  /^Client has encountered a connection error and is not queryable/i,
  /^Client was closed and is not queryable/i,
  /^timeout exceeded when trying to connect/i,
  /^Connection terminated due to connection timeout/i,
  /server conn crashed/i,
  /server login has been failing/i,
  /no more connections allowed/i,
  /query_wait_timeout/i,
  /pgbouncer cannot connect to server/i,
];

/** True when `error` says the database could not be reached, rather than that the statement or data was wrong. */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (unavailableStates.test(code) || socketCodes.has(code))) return true;
  return driverMessages.some((pattern) => pattern.test(error.message));
}
