import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../storage/index.ts';
import { html, sandboxPage, sendHtml } from '../page.ts';
import { safeReturnPath } from '../sso/index.ts';
import { findInquiry, setInquiryStatus, type Inquiry, type InquiryStatus } from './provider.ts';

const outcomes: InquiryStatus[] = ['RECEIVED', 'IN_PROGRESS', 'TIMEOUT'];

const sameToken = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const tokenPattern = { type: 'string', pattern: '^[A-Za-z0-9_-]{16,64}$' } as const;
const params = {
  type: 'object',
  additionalProperties: false,
  required: ['inquiryId'],
  properties: { inquiryId: { type: 'string', pattern: '^inq_[a-f0-9]{24}$' } },
} as const;

/**
 * The sandbox identity inquiry page: what the browser opens to "capture" a photo ID and selfie (or business
 * documents). The tester chooses the outcome the provider reports: RECEIVED (documents received), IN_PROGRESS
 * (stopped half-way: polling continues) or TIMEOUT (doc1 §4.5). The session token in the address is the credential.
 */
export async function inquiryPageRoutes(app: FastifyInstance, { db }: { db: Database }): Promise<void> {
  const load = async (inquiryId: string, token: string): Promise<Inquiry | undefined> => {
    const inquiry = await findInquiry(db, inquiryId);
    return inquiry && sameToken(inquiry.sessionToken, token) ? inquiry : undefined;
  };

  app.get<{ Params: { inquiryId: string }; Querystring: { token: string; return?: string } }>(
    '/sandbox/inquiry/:inquiryId',
    {
      schema: {
        params,
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['token'],
          properties: { token: tokenPattern, return: { type: 'string', maxLength: 2048 } },
        },
      },
    },
    async (request, reply) => {
      const t = request.translator;
      const inquiry = await load(request.params.inquiryId, request.query.token);
      if (!inquiry) return sendHtml(reply, 404, sandboxPage(t, t.t('sandbox.inquiry.notFound'), html``));
      const title = t.t(`sandbox.inquiry.${inquiry.kind}.title`);
      const body = html`<p>${t.t(`sandbox.inquiry.${inquiry.kind}.intro`)}</p>
<p class="status" role="status">${t.t('sandbox.inquiry.current', { status: t.t(`sandbox.inquiry.status.${inquiry.status}`) })}</p>
<form method="post" action="/sandbox/inquiry/${inquiry.id}">
<input type="hidden" name="token" value="${request.query.token}">
<input type="hidden" name="return" value="${safeReturnPath(request.query.return)}">
<fieldset>
<legend>${t.t('sandbox.inquiry.outcome.legend')}</legend>
${outcomes.map(
  (
    o,
    i,
  ) => html`<div class="choice"><input type="radio" id="outcome-${o}" name="outcome" value="${o}"${i === 0 ? html` checked` : ''}>
<label for="outcome-${o}">${t.t(`sandbox.inquiry.outcome.${o}`)}</label></div>`,
)}
</fieldset>
<div class="actions"><button type="submit">${t.t('sandbox.inquiry.submit')}</button></div>
</form>`;
      return sendHtml(reply, 200, sandboxPage(t, title, body));
    },
  );

  app.post<{ Params: { inquiryId: string }; Body: { token: string; outcome: InquiryStatus; return?: string } }>(
    '/sandbox/inquiry/:inquiryId',
    {
      schema: {
        params,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['token', 'outcome'],
          properties: { token: tokenPattern, outcome: { enum: outcomes }, return: { type: 'string', maxLength: 2048 } },
        },
      },
    },
    async (request, reply) => {
      const t = request.translator;
      const inquiry = await load(request.params.inquiryId, request.body.token);
      if (!inquiry) return sendHtml(reply, 404, sandboxPage(t, t.t('sandbox.inquiry.notFound'), html``));
      await setInquiryStatus(db, inquiry.id, request.body.outcome);
      const back = safeReturnPath(request.body.return);
      if (back !== '/') return reply.redirect(back, 303);
      return sendHtml(
        reply,
        200,
        sandboxPage(
          t,
          t.t('sandbox.inquiry.done.title'),
          html`<p role="status">${t.t('sandbox.inquiry.current', { status: t.t(`sandbox.inquiry.status.${request.body.outcome}`) })}</p>
<p>${t.t('sandbox.inquiry.done.body')}</p>`,
        ),
      );
    },
  );
}
