/**
 * SMS and email behind one interface. The sandbox keeps every message in the `outbox` table (the sandbox's
 * phone and inbox, viewable at /sandbox/outbox); with an SMTP URL configured, emails also go out through
 * nodemailer. A real SMS or email provider replaces this by implementing `Messenger`.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { Catalogues, Locale } from '../../i18n/index.ts';
import { locales } from '../../i18n/index.ts';
import type { Queryable } from '../../storage/index.ts';
import { insertOutboxMessage } from '../../storage/outbox.ts';

/** One message to send. Texts are catalogue keys rendered in `locale`. */
export interface OutgoingMessage {
  channel: 'sms' | 'email';
  /** `+1` and ten digits, or an email address. */
  recipient: string;
  /** Message key of the text (`outbox.*`); it receives `args` and `link`. */
  key: string;
  /** Message key of an email's subject. */
  subjectKey?: string;
  args: Record<string, string | number>;
  /** A same-origin path the message links to (phone link, invitation). */
  link?: string;
  locale: string;
  /** The user on whose behalf it is sent (the sandbox outbox shows a user their own messages and those to their email). */
  userId?: string;
  /** Sent for a registration (issue 23): the hash of the registering browser's pending-registration cookie. */
  registrationHash?: string;
}

/** What the API needs from an SMS and email provider. */
export interface Messenger {
  /**
   * Records the message with `db` (pass the open transaction so a rolled-back request sends nothing) and
   * returns a function that delivers it, to call after commit.
   */
  send(db: Queryable, message: OutgoingMessage): Promise<() => Promise<void>>;
}

/** Options of the built-in messenger. */
export interface MessengerOptions {
  catalogues: Catalogues;
  /** `smtp://user:pass@host:port`: when set, emails are also delivered by SMTP. */
  smtpUrl?: string;
  /** The From address of emails. */
  from?: string;
  /** The public address of the app, for absolute links in emails (`http://localhost:3000`). */
  publicUrl: string;
  /** A ready mail transport (tests; other nodemailer transports); wins over `smtpUrl`. */
  transport?: Pick<Transporter, 'sendMail'>;
}

const asLocale = (value: string): Locale =>
  (locales as readonly string[]).includes(value) ? (value as Locale) : 'en-US';

/** Renders a message's text in its locale (the outbox page and SMTP use it). */
export function renderMessage(
  catalogues: Catalogues,
  message: Pick<OutgoingMessage, 'key' | 'args' | 'link' | 'locale'>,
  publicUrl = '',
): string {
  return catalogues
    .for(asLocale(message.locale))
    .t(message.key, { ...message.args, link: message.link ? `${publicUrl}${message.link}` : '' });
}

/** The sandbox outbox, and SMTP delivery of emails when `smtpUrl` is set. */
export function outboxMessenger(options: MessengerOptions): Messenger {
  const transport = options.transport ?? (options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined);
  return {
    async send(db, message) {
      await insertOutboxMessage(db, message);
      if (!transport || message.channel !== 'email') return async () => undefined;
      return async () => {
        const t = options.catalogues.for(asLocale(message.locale));
        await transport.sendMail({
          from: options.from ?? 'onboarding@sandbox.localhost',
          to: message.recipient,
          subject: message.subjectKey ? t.t(message.subjectKey, message.args) : t.t('outbox.email.defaultSubject'),
          text: renderMessage(options.catalogues, message, options.publicUrl),
        });
      };
    },
  };
}
