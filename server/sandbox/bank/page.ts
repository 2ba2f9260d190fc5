import type { FastifyInstance } from 'fastify';
import { html, sandboxPage, sendHtml } from '../page.ts';
import { safeReturnPath } from '../sso/index.ts';
import type { BankLinkProvider } from './provider.ts';

const tokenSchema = { type: 'string', pattern: '^link-sandbox-[a-f0-9]{32}$' } as const;

/**
 * The sandbox bank picker (what a bank-linking provider's pop-up does): choose an institution's account; the
 * browser goes back to `return` with `public_token` (or `error=BANK_LINK_FAILED` for the failing institution of
 * rules/sandbox.json), and the front end posts the public token to `.../financial-instruments/plaid`.
 */
export async function bankLinkPageRoutes(
  app: FastifyInstance,
  { bankLink }: { bankLink: BankLinkProvider },
): Promise<void> {
  /** The picker can be left without choosing: back to the app with error=BANK_LINK_CANCELLED, nothing linked. */
  const cancelHref = (back: string) => `${back}${back.includes('?') ? '&' : '?'}error=BANK_LINK_CANCELLED`;
  app.get<{ Querystring: { token: string; return?: string } }>(
    '/sandbox/bank-link',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['token'],
          properties: { token: tokenSchema, return: { type: 'string', maxLength: 2048 } },
        },
      },
    },
    async (request, reply) => {
      const t = request.translator;
      const groups = bankLink.institutions().map(
        (institution) => html`<fieldset>
<legend>${institution.name}</legend>
${institution.accounts.map(
  (
    account,
  ) => html`<div class="choice"><input type="radio" id="acc-${institution.id}-${account.id}" name="choice" value="${institution.id}:${account.id}" required>
<label for="acc-${institution.id}-${account.id}">${t.t(`sandbox.bank.account.${account.type}`, { name: account.name, mask: account.mask })}</label></div>`,
)}
</fieldset>`,
      );
      const body = html`<p>${t.t('sandbox.bank.intro')}</p>
<form method="post" action="/sandbox/bank-link">
<input type="hidden" name="token" value="${request.query.token}">
<input type="hidden" name="return" value="${safeReturnPath(request.query.return)}">
${groups}
<div class="actions"><button type="submit">${t.t('sandbox.bank.submit')}</button>
<a href="${cancelHref(safeReturnPath(request.query.return))}">${t.t('sandbox.bank.cancel')}</a></div>
</form>`;
      return sendHtml(reply, 200, sandboxPage(t, t.t('sandbox.bank.title'), body));
    },
  );

  app.post<{ Body: { token: string; choice: string; return?: string } }>(
    '/sandbox/bank-link',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['token', 'choice'],
          properties: {
            token: tokenSchema,
            choice: { type: 'string', pattern: '^[a-z0-9_]+:[a-z0-9_]+$' },
            return: { type: 'string', maxLength: 2048 },
          },
        },
      },
    },
    async (request, reply) => {
      const [institutionId = '', accountId = ''] = request.body.choice.split(':');
      const result = await bankLink.choose(request.body.token, institutionId, accountId);
      const back = safeReturnPath(request.body.return);
      const separator = back.includes('?') ? '&' : '?';
      if (result.ok) return reply.redirect(`${back}${separator}public_token=${result.publicToken}`, 303);
      return reply.redirect(
        `${back}${separator}error=${result.reason === 'failed' ? 'BANK_LINK_FAILED' : 'BANK_LINK_INVALID'}`,
        303,
      );
    },
  );
}
