import type { Database } from './types.ts';

/** A limit: at most `max` events per `windowMs` for one subject of one bucket. */
export interface RateLimit {
  bucket: string;
  max: number;
  windowMs: number;
}

/**
 * The one statement of the limiter: a window opens with the first event of a subject (or the first after the last
 * window ended) and counts every event until it ends. `statement_timestamp()` is one instant for the whole statement.
 */
export const rateSql = {
  count: `INSERT INTO rate_counters AS c (bucket, subject, window_start, n)
     VALUES ($1, $2, statement_timestamp(), 1)
     ON CONFLICT (bucket, subject) DO UPDATE SET
       window_start = CASE WHEN c.window_start <= statement_timestamp() - ($3::bigint * interval '1 millisecond')
                      THEN statement_timestamp() ELSE c.window_start END,
       n = CASE WHEN c.window_start <= statement_timestamp() - ($3::bigint * interval '1 millisecond')
           THEN 1 ELSE c.n + 1 END
     RETURNING n, (extract(epoch FROM c.window_start - statement_timestamp()) * 1000)::bigint AS start_offset_ms`,
} as const;

/**
 * Records one event for `subject`; answers whether it was within the limit and, when not, how many seconds until
 * the window ends. Kept in the database (not process memory) so several API processes agree.
 *
 * One atomic statement, outside any transaction (issue 23): concurrent events of one subject each hold the row's lock
 * only while their own statement runs, so they take a connection for a moment and never queue holding one (the old
 * count-then-insert under an advisory lock held a pooled connection per waiting request, and 100 applicants behind
 * one address waited past the pool's connection wait). The count is exact under concurrency: a conflicting update
 * waits for the row and counts on from the committed value. A fixed window that opens at the first event allows at
 * most `max` per window (so at most twice `max` across the end of one window and the start of the next).
 */
export async function consumeRate(
  db: Database,
  limit: RateLimit,
  subject: string,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const { rows } = await db.query<{ n: number | string; start_offset_ms: number | string }>(rateSql.count, [
    limit.bucket,
    subject,
    limit.windowMs,
  ]);
  const n = Number(rows[0]?.n ?? 1);
  if (n <= limit.max) return { allowed: true, retryAfterSeconds: 0 };
  // The window started `start_offset_ms` from now, and ends `windowMs` after it started. A statement that waited for
  // the row can have started before the window it joined opened (another statement, started later, inserted the row
  // first), so its `statement_timestamp()` is earlier than the window's start; the window cannot have started later
  // than now, so that offset counts as zero (else Retry-After would exceed the window itself).
  const remainingMs = Math.min(0, Number(rows[0]?.start_offset_ms ?? 0)) + limit.windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(remainingMs / 1000)) };
}
