/**
 * Where a redirect screen sends the browser: `options.href` is a template over the context (JSON Logic operations
 * evaluated, e.g. `{"cat": [{"var": "response.url"}, "&return=/x"]}`), then each `options.replace` placeholder is
 * replaced by its template's value, URI-encoded. Only an address on the page's own origin is allowed unless
 * `options.external` is true, and then only https. Pure: no React, no window.
 */
import { fillTemplate } from '../calls/template.ts';

/** A redirect screen's settings (screen `options`). */
export interface RedirectOptions {
  /** A read call (flows/calls.json) whose answer the href may use as `response`. */
  call?: string;
  /** Template of the address. */
  href: unknown;
  /** Placeholders in the address and the templates of their values. */
  replace?: Record<string, unknown>;
  /** Allows https addresses on other origins (a configured partner or lender). */
  external?: boolean;
}

/** The absolute address to go to, or undefined when the template gives none or an address that is not allowed. */
export function redirectTarget(options: RedirectOptions, context: object, origin: string): string | undefined {
  let href = fillTemplate(options.href, context);
  if (typeof href !== 'string' || href.trim() === '') return undefined;
  for (const [placeholder, template] of Object.entries(options.replace ?? {})) {
    const value = fillTemplate(template, context);
    if (value === undefined || value === null || value === '') return undefined;
    href = (href as string).split(placeholder).join(encodeURIComponent(String(value)));
  }
  let url: URL;
  try {
    url = new URL(href as string, origin);
  } catch {
    return undefined;
  }
  if (url.origin === new URL(origin).origin) return url.href;
  return options.external === true && url.protocol === 'https:' ? url.href : undefined;
}
