import type { Database } from './types.ts';

/** A limit: at most `max` events per `windowMs` for one subject of one bucket. */
export interface RateLimit {
  bucket: string;
  max: number;
  windowMs: number;
}

/**
 * Records one event for `subject` unless the limit is reached; answers whether it was allowed and, when not,
 * how many seconds until the oldest counted event leaves the window. Kept in the database (not process
 * memory) so several API processes agree; a transaction-scoped advisory lock per (bucket, subject) makes
 * the count-then-insert atomic on PostgreSQL, and PGlite runs one transaction at a time.
 */
export async function consumeRate(
  db: Database,
  limit: RateLimit,
  subject: string,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${limit.bucket} ${subject}`]);
    const { rows } = await tx.query<{ n: string | number; oldest: Date | string | null }>(
      `SELECT count(*) AS n, min(at) AS oldest FROM rate_events
       WHERE bucket = $1 AND subject = $2 AND at > now() - ($3::bigint * interval '1 millisecond')`,
      [limit.bucket, subject, limit.windowMs],
    );
    const count = Number(rows[0]?.n ?? 0);
    if (count >= limit.max) {
      const oldest = rows[0]?.oldest ? new Date(rows[0].oldest).getTime() : Date.now();
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((oldest + limit.windowMs - Date.now()) / 1000)),
      };
    }
    await tx.query('INSERT INTO rate_events (bucket, subject) VALUES ($1, $2)', [limit.bucket, subject]);
    // Old events are of no further use: drop this subject's expired ones as we go.
    await tx.query(
      `DELETE FROM rate_events WHERE bucket = $1 AND subject = $2 AND at <= now() - ($3::bigint * interval '1 millisecond')`,
      [limit.bucket, subject, limit.windowMs],
    );
    return { allowed: true, retryAfterSeconds: 0 };
  });
}
