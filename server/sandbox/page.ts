/**
 * The shell of every sandbox provider page: language, title, a sandbox notice, one stylesheet from our origin
 * and no inline script or style (the strict CSP holds). Every word comes from the catalogues.
 */
import type { FastifyReply } from 'fastify';
import type { Translator } from '../i18n/index.ts';
import { html, type Html } from './sso/html.ts';

export { html, type Html } from './sso/html.ts';

/** A whole HTML document around `body`. */
export function sandboxPage(t: Translator, title: string, body: Html): string {
  return `<!doctype html>\n${html`<html lang="${t.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/sandbox/assets/sandbox.css">
</head>
<body>
<main class="sandbox">
<p class="sandbox-notice">${t.t('sandbox.notice')}</p>
<h1>${title}</h1>
${body}
</main>
</body>
</html>
`.value}`;
}

/** Sends an HTML page, never cached. */
export function sendHtml(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

