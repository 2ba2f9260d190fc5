import type { Queryable } from './types.ts';

/** Stores one analytics event; `params` must already be free of personal data. */
export async function insertAnalyticsEvent(
  db: Queryable,
  userId: string | undefined,
  type: string,
  params: Record<string, unknown>,
): Promise<void> {
  await db.query('INSERT INTO analytics_events (user_id, type, params) VALUES ($1, $2, $3::jsonb)', [
    userId ?? null,
    type,
    JSON.stringify(params),
  ]);
}

/** Reads stored events, oldest first (tests and the sandbox inspector). */
export async function listAnalyticsEvents(
  db: Queryable,
): Promise<Array<{ type: string; params: Record<string, unknown> }>> {
  const { rows } = await db.query<{ type: string; params: unknown }>(
    'SELECT type, params FROM analytics_events ORDER BY id',
  );
  return rows.map((r) => ({
    type: r.type,
    params: (typeof r.params === 'string' ? JSON.parse(r.params) : r.params) as Record<string, unknown>,
  }));
}
