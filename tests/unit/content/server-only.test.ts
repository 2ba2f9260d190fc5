/**
 * Messages only the server shows (catalogue files marked `serverOnly`: its emails, text messages, sandbox pages and the
 * API's error messages, which it sends in the request's language) never reach the browser: scripts/vite/content-plugin.ts
 * leaves them out of every catalogue module it writes.
 */
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { loadCatalogues, loadServerOnlyKeys } from '../../../scripts/content/load.ts';
import { contentPlugin } from '../../../scripts/vite/content-plugin.ts';

const REPO = join(import.meta.dirname, '../../..');

/** The text of a virtual module as the plugin writes it for a build. */
function moduleText(plugin: Plugin, id: string): string {
  const load = plugin.load as (id: string) => string | undefined;
  return load.call({}, `\0${id}`) ?? '';
}

describe('server-only messages', () => {
  const serverOnly = [...loadServerOnlyKeys(REPO)];

  it('are the API’s error messages and the outbox, sign-on and sandbox pages’ messages', () => {
    const namespaces = new Set(serverOnly.map((key) => key.split('.')[0]));
    expect([...namespaces].sort()).toEqual(['errors', 'outbox', 'sandbox', 'sso']);
  });

  it('are in no catalogue the browser loads, whole or not, in any locale', () => {
    const plugin = contentPlugin(REPO);
    for (const locale of Object.keys(loadCatalogues(REPO))) {
      for (const id of [`virtual:catalogue/${locale}`, `virtual:catalogue-whole/${locale}`]) {
        const text = moduleText(plugin, id);
        expect(text).toContain('shell.productName');
        // A key as the module writes it: quoted, in a literal or in the JSON.parse string (whose quotes are escaped).
        const written = (key: string) => [`"${key}"`, `\\"${key}\\"`].some((form) => text.includes(form));
        expect(serverOnly.filter(written)).toEqual([]);
      }
    }
  });
});

describe('messages that come with a screen kind', () => {
  it('leave the catalogue every page loads for one chunk that each screen of the kind imports with its messages', () => {
    const plugin = contentPlugin(REPO);
    const catalogue = moduleText(plugin, 'virtual:catalogue/en-CA');
    const formKind = moduleText(plugin, 'virtual:kind-messages/en-CA/form');
    expect(catalogue).not.toContain('"validation.required"');
    expect(formKind).toContain('"validation.required"');
    // The error summary's words stay with every page: the account lists show it too (a missing choice refused).
    expect(catalogue).toContain('"form.errorSummary.title"');
    expect(formKind).not.toContain('"form.errorSummary.title"');
    // The applicant step is a form: its messages import the form kind's; the landing (a message screen) does not.
    expect(catalogue).toContain('virtual:screen-messages/en-CA/applicant-info');
    expect(moduleText(plugin, 'virtual:screen-messages/en-CA/applicant-info')).toContain(
      'from "virtual:kind-messages/en-CA/form"',
    );
    expect(moduleText(plugin, 'virtual:screen-messages/en-CA/landing')).not.toContain('virtual:kind-messages');
  });
});
