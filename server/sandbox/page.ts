/**
 * The shell of every sandbox provider page: language, title, a sandbox notice, one stylesheet from our origin
 * and no inline script or style (the strict CSP holds). Every word comes from the catalogues.
 */
import { readFileSync } from 'node:fs';
import type { FastifyReply } from 'fastify';
import type { Translator } from '../i18n/index.ts';
import { html, type Html } from './sso/html.ts';

export { html, type Html } from './sso/html.ts';

/**
 * The text of a page family's stylesheet: what every sandbox page shares (server/sandbox/base.css), then the
 * family's own rules (`own`, a file URL), so the two families serve one base instead of two copies of it.
 */
export function sandboxStylesheet(own: URL): string {
  return `${readFileSync(new URL('./base.css', import.meta.url), 'utf8')}\n${readFileSync(own, 'utf8')}`;
}

/** What differs between the sandbox's page families: the stylesheet, the main element's class, the notice. */
export interface PageShell {
  /** The page's heading. */
  title: string;
  /** The document's title, when it differs from the heading (an error prefix). */
  documentTitle?: string;
  stylesheet: string;
  mainClass: string;
  notice: string;
  /** An empty icon, so the browser asks the server for no favicon. */
  emptyIcon?: boolean;
}

/** A whole HTML document around `body`: the one shell of the provider pages and the sign-on pages. */
export function pageShell(t: Translator, shell: PageShell, body: Html): string {
  return `<!doctype html>\n${
    html`<html lang="${t.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${shell.documentTitle ?? shell.title}</title>
${shell.emptyIcon ? html`<link rel="icon" href="data:,">\n` : ''}<link rel="stylesheet" href="${shell.stylesheet}">
</head>
<body>
<main class="${shell.mainClass}">
<p class="sandbox-notice">${shell.notice}</p>
<h1>${shell.title}</h1>
${body}
</main>
</body>
</html>
`.value
  }`;
}

/** A provider page (bank linking, identity, outbox): the sandbox stylesheet and notice. */
export function sandboxPage(t: Translator, title: string, body: Html): string {
  return pageShell(
    t,
    {
      title,
      stylesheet: '/sandbox/assets/sandbox.css',
      mainClass: 'sandbox',
      notice: t.t('sandbox.notice'),
      emptyIcon: true,
    },
    body,
  );
}

/** Sends an HTML page, never cached. */
export function sendHtml(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}
