/**
 * consumeRate's answer from the counter statement's row (server/storage/rate-limits.ts). The races themselves run
 * against PGlite and PostgreSQL in tests/storage/providers-storage.test.ts; this pins the one case a race produces
 * only now and then: a statement that waited for the row started before the window it joined opened.
 */
import { consumeRate } from '../../../server/storage/rate-limits.ts';
import type { Database } from '../../../server/storage/index.ts';

/** A database whose counter statement answers `row`. */
const answering = (row: { n: number; start_offset_ms: number }) =>
  ({ query: async () => ({ rows: [row] }) }) as unknown as Database;

const limit = { bucket: 'b', max: 3, windowMs: 60_000 };

describe('consumeRate', () => {
  it('allows up to max in a window', async () => {
    expect(await consumeRate(answering({ n: 3, start_offset_ms: -10 }), limit, 's')).toEqual({
      allowed: true,
      retryAfterSeconds: 0,
    });
  });

  it('refuses past max until the window ends', async () => {
    expect(await consumeRate(answering({ n: 4, start_offset_ms: -20_500 }), limit, 's')).toEqual({
      allowed: false,
      retryAfterSeconds: 40,
    });
  });

  it('never asks to wait longer than the window, when the statement started before the window opened', async () => {
    // PostgreSQL's statement_timestamp() of a statement that waited for the row lock is earlier than the window start
    // another statement wrote: the offset comes back positive.
    expect(await consumeRate(answering({ n: 5, start_offset_ms: 250 }), limit, 's')).toEqual({
      allowed: false,
      retryAfterSeconds: 60,
    });
  });

  it('asks to wait at least a second', async () => {
    expect((await consumeRate(answering({ n: 4, start_offset_ms: -59_999 }), limit, 's')).retryAfterSeconds).toBe(1);
  });
});
