/**
 * Which database failures mean "out of reach for a moment" (503 with Retry-After, the request may be repeated) and
 * which mean the statement or the data was wrong (not retried, not hidden): issue 23, item 1. The PostgreSQL side is
 * tests/api/database-outage.test.ts, which needs a server.
 */
import { DatabaseUnavailableError, isConnectionFailure } from '../../../server/storage/unavailable.ts';

/** An error as node-postgres raises it from a server ErrorResponse: a message and a SQLSTATE code. */
const serverError = (code: string, message = 'server said no') => Object.assign(new Error(message), { code });

describe('isConnectionFailure', () => {
  it.each([
    ['57P01', 'terminating connection due to administrator command (pg_terminate_backend, a failover)'],
    ['57P02', 'crash shutdown'],
    ['57P03', 'the database system is starting up'],
    ['08006', 'connection failure'],
    ['08P01', 'PgBouncer: server conn crashed?'],
    ['53300', 'too many connections'],
  ])('SQLSTATE %s (%s) is a connection failure', (code, message) => {
    expect(isConnectionFailure(serverError(code, message))).toBe(true);
  });

  it.each(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'])(
    'the socket error %s is a connection failure',
    (code) => {
      expect(isConnectionFailure(serverError(code, `connect ${code} 127.0.0.1:5432`))).toBe(true);
    },
  );

  it.each([
    'Connection terminated unexpectedly',
    'Connection terminated',
    'Client has encountered a connection error and is not queryable',
    'timeout exceeded when trying to connect',
    'Connection terminated due to connection timeout',
  ])('the driver\'s "%s" is a connection failure', (message) => {
    expect(isConnectionFailure(new Error(message))).toBe(true);
  });

  it.each([
    ['23505', 'duplicate key value violates unique constraint'],
    ['42601', 'syntax error at or near'],
    ['22P02', 'invalid input syntax for type uuid'],
    ['40001', 'could not serialize access due to concurrent update'],
    ['42P01', 'relation "users" does not exist'],
  ])('SQLSTATE %s (%s) is not: the statement or the data was wrong', (code, message) => {
    expect(isConnectionFailure(serverError(code, message))).toBe(false);
  });

  it('is false for anything that is not an error, and true for DatabaseUnavailableError itself', () => {
    for (const value of [undefined, null, 'Connection terminated', { code: '57P01' }, 42])
      expect(isConnectionFailure(value)).toBe(false);
    expect(isConnectionFailure(new Error('something else broke'))).toBe(false);
    expect(isConnectionFailure(new DatabaseUnavailableError(new Error('x')))).toBe(true);
  });
});
