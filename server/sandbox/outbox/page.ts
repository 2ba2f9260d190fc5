import type { FastifyInstance } from 'fastify';
import type { Catalogues } from '../../i18n/index.ts';
import type { Database } from '../../storage/index.ts';
import { listOutboxFor } from '../../storage/outbox.ts';
import { html, sandboxPage, sandboxStylesheet, sendHtml } from '../page.ts';
import { renderMessage } from './messenger.ts';
import { registrationOf } from '../sso/registration-cookie.ts';

const stylesheet = sandboxStylesheet(new URL('../sandbox.css', import.meta.url));

/**
 * GET /sandbox/outbox[?to=recipient]: the SMS and emails the sandbox "sent" on the signed-in user's behalf or to
 * their email address, or for the registrations this browser made (nobody sees another's), newest first, rendered in the
 * message's locale with its link (the tester's phone and inbox). Also serves the sandbox stylesheet.
 */
export async function outboxPageRoutes(
  app: FastifyInstance,
  { db, catalogues }: { db: Database; catalogues: Catalogues },
): Promise<void> {
  app.get(
    '/sandbox/assets/sandbox.css',
    { schema: { response: { 200: { type: 'string' } } } },
    async (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(stylesheet),
  );

  app.get<{ Querystring: { to?: string } }>(
    '/sandbox/outbox',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: { to: { type: 'string', maxLength: 254 } },
        },
        response: { 200: { type: 'string' } },
      },
    },
    async (request, reply) => {
      const t = request.translator;
      // Each user sees only their own messages, and a browser that registered those of its registrations (issue 23);
      // anyone else sees none.
      const messages = await listOutboxFor(
        db,
        { ...(request.user ? { user: request.user } : {}), registrationHash: registrationOf(request) },
        request.query.to,
      );
      const origin = `${request.protocol}://${request.host}`;
      const when = new Intl.DateTimeFormat(t.locale, { dateStyle: 'medium', timeStyle: 'medium' });
      const items = messages.map(
        (m) => html`<li class="message">
<p class="meta">${t.t(m.channel === 'sms' ? 'outbox.page.sms' : 'outbox.page.email', { recipient: m.recipient, sentAt: when.format(new Date(m.createdAt)) })}</p>
<div lang="${m.locale}">
${m.subject ? html`<p><strong>${renderMessage(catalogues, { key: m.subject, args: m.args, locale: m.locale })}</strong></p>` : ''}
<p>${renderMessage(catalogues, { key: m.message, args: m.args, link: m.link ?? undefined, locale: m.locale }, origin)}</p>
</div>
${m.link ? html`<p><a href="${m.link}">${t.t('outbox.page.openLink')}</a></p>` : ''}
</li>`,
      );
      const body =
        messages.length === 0 ? html`<p>${t.t('outbox.page.empty')}</p>` : html`<ul class="messages">${items}</ul>`;
      return sendHtml(reply, 200, sandboxPage(t, t.t('outbox.page.title'), body));
    },
  );
}
