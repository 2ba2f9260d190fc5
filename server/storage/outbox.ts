import type { Queryable } from './types.ts';

/** A message as the outbox keeps it. */
export interface OutboxRow {
  id: number;
  channel: 'sms' | 'email';
  recipient: string;
  message: string;
  subject: string | null;
  args: Record<string, string | number>;
  link: string | null;
  locale: string;
  createdAt: string;
}

/** Stores one outgoing message (what a real provider would deliver). */
export async function insertOutboxMessage(
  db: Queryable,
  m: {
    channel: 'sms' | 'email';
    recipient: string;
    key: string;
    subjectKey?: string;
    args: Record<string, string | number>;
    link?: string;
    locale: string;
    userId?: string;
    registrationHash?: string;
  },
): Promise<void> {
  await db.query(
    'INSERT INTO outbox (channel, recipient, message, subject, args, link, locale, user_id, registration_hash) VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9)',
    [
      m.channel,
      m.recipient,
      m.key,
      m.subjectKey ?? null,
      JSON.stringify(m.args),
      m.link ?? null,
      m.locale,
      m.userId ?? null,
      m.registrationHash ?? null,
    ],
  );
}

/** Every message, newest first, optionally for one recipient (tests and operators; the page uses listOutboxFor). */
export async function listOutbox(db: Queryable, recipient?: string, limit = 100): Promise<OutboxRow[]> {
  const { rows } = await db.query<RawOutboxRow>(
    `SELECT id, channel, recipient, message, subject, args, link, locale, created_at FROM outbox
     ${recipient ? 'WHERE recipient = $2' : ''} ORDER BY id DESC LIMIT $1`,
    recipient ? [limit, recipient] : [limit],
  );
  return rows.map(fromRaw);
}

/**
 * Messages one visitor may read, newest first, optionally for one recipient (the outbox page): for a signed-in user,
 * those sent on their behalf (their application's codes, links and invitations) and emails to their own address; for
 * the browser that registered (its pending-registration cookie's hash), the messages its registrations sent (issue
 * 23). Nobody reads anyone else's.
 */
export async function listOutboxFor(
  db: Queryable,
  viewer: { user?: { id: string; email: string }; registrationHash?: string },
  recipient?: string,
  limit = 100,
): Promise<OutboxRow[]> {
  if (!viewer.user && !viewer.registrationHash) return [];
  const { rows } = await db.query<RawOutboxRow>(
    `SELECT id, channel, recipient, message, subject, args, link, locale, created_at FROM outbox
     WHERE (user_id = $2 OR (channel = 'email' AND lower(recipient) = lower($3)) OR registration_hash = $4)
     ${recipient ? ' AND recipient = $5' : ''}
     ORDER BY id DESC LIMIT $1`,
    [limit, viewer.user?.id ?? null, viewer.user?.email ?? null, viewer.registrationHash ?? null].concat(
      recipient ? [recipient] : [],
    ),
  );
  return rows.map(fromRaw);
}

type RawOutboxRow = {
  id: number;
  channel: 'sms' | 'email';
  recipient: string;
  message: string;
  subject: string | null;
  args: unknown;
  link: string | null;
  locale: string;
  created_at: Date | string;
};

function fromRaw(r: RawOutboxRow): OutboxRow {
  return {
    id: Number(r.id),
    channel: r.channel,
    recipient: r.recipient,
    message: r.message,
    subject: r.subject,
    args: (typeof r.args === 'string' ? JSON.parse(r.args) : r.args) as Record<string, string | number>,
    link: r.link,
    locale: r.locale,
    createdAt: new Date(r.created_at).toISOString(),
  };
}
