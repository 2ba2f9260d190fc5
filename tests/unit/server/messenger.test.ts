import { join } from 'node:path';
import { Catalogues } from '../../../server/i18n/index.ts';
import { outboxMessenger, renderMessage } from '../../../server/sandbox/outbox/messenger.ts';
import type { Queryable } from '../../../server/storage/index.ts';

const catalogues = new Catalogues(join(new URL('../../../', import.meta.url).pathname, 'locales'));

/** A Queryable that records the statements it receives. */
function recorder(): Queryable & { calls: Array<{ sql: string; params: unknown[] }> } {
  const calls: Array<{ sql: string; params: unknown[] }> = [];
  return {
    calls,
    query: async (sql, params = []) => (calls.push({ sql, params }), { rows: [] }),
    exec: async () => undefined,
  };
}

const invitation = {
  channel: 'email' as const,
  recipient: 'bob@example.com',
  key: 'outbox.email.ownerInvitation.body',
  subjectKey: 'outbox.email.ownerInvitation.subject',
  args: { firstName: 'Bob', companyName: 'Acme Bakery' },
  link: '/urn:app:x/owners/y?invitation=t',
  locale: 'fr-CA',
};

describe('outboxMessenger', () => {
  it('keeps every message in the outbox and sends emails by SMTP only after the caller commits', async () => {
    const sendMail = vi.fn(async () => ({}));
    const messenger = outboxMessenger({
      catalogues,
      publicUrl: 'https://onboarding.example',
      transport: { sendMail } as never,
    });
    const db = recorder();
    const deliver = await messenger.send(db, invitation);
    expect(db.calls).toHaveLength(1);
    expect(db.calls[0]!.sql).toMatch(/INSERT INTO outbox/);
    expect(sendMail).not.toHaveBeenCalled();
    await deliver();
    expect(sendMail).toHaveBeenCalledWith({
      from: 'onboarding@sandbox.localhost',
      to: 'bob@example.com',
      subject: 'Veuillez vérifier votre identité pour Acme Bakery',
      text: expect.stringContaining('https://onboarding.example/urn:app:x/owners/y?invitation=t'),
    });
  });

  it('never sends text messages by SMTP, and sends nothing without a transport', async () => {
    const sendMail = vi.fn(async () => ({}));
    const withSmtp = outboxMessenger({ catalogues, publicUrl: '', transport: { sendMail } as never });
    await (
      await withSmtp.send(recorder(), { ...invitation, channel: 'sms', recipient: '+12125551234' })
    )();
    expect(sendMail).not.toHaveBeenCalled();
    const without = outboxMessenger({ catalogues, publicUrl: '' });
    const db = recorder();
    await (
      await without.send(db, invitation)
    )();
    expect(db.calls).toHaveLength(1);
  });
});

describe('renderMessage', () => {
  it('renders in the message locale, with the absolute link', () => {
    const text = renderMessage(
      catalogues,
      { key: 'outbox.sms.phoneLink', args: { minutes: 5 }, link: '/a?vfp=b', locale: 'en-CA' },
      'https://x.example',
    );
    expect(text).toBe(
      'GoDaddy Payments: tap to verify your phone number: https://x.example/a?vfp=b The link expires in 5 minutes and works once.',
    );
  });
});
