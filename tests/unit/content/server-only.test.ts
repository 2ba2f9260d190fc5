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

  it('nor are the keys the server alone names as an error detail (it sends their words), in the catalogue pages load', () => {
    const plugin = contentPlugin(REPO);
    const catalogue = moduleText(plugin, 'virtual:catalogue/en-CA');
    expect(catalogue).toContain('"shell.productName"');
    expect(catalogue).not.toContain('"owners.errors.tooMany"');
    expect(catalogue).not.toContain('"accounts.errors.notYourBusiness"');
    // The toast the accounts rules name stays: content names it, the engine shows it.
    expect(catalogue).toContain('"accounts.currencyOverlap.us"');
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
    // The error summary's words come with the two kinds whose code draws it (scripts/content/engine-graph.ts): forms, and
    // the account lists (a missing choice refused); the form's field words (theme.tsx) with forms alone.
    const accountLists = moduleText(plugin, 'virtual:kind-messages/en-CA/account-list');
    expect(catalogue).not.toContain('"form.errorSummary.title"');
    expect(formKind).toContain('"form.errorSummary.title"');
    expect(accountLists).toContain('"form.errorSummary.title"');
    expect(formKind).toContain('"form.optional"');
    expect(accountLists).not.toContain('"form.optional"');
    expect(moduleText(plugin, 'virtual:screen-messages/en-CA/accounts')).toContain(
      'from "virtual:kind-messages/en-CA/account-list"',
    );
    // The applicant step is a form: its messages import the form kind's; the landing (a message screen) does not.
    expect(catalogue).toContain('virtual:screen-messages/en-CA/applicant-info');
    expect(moduleText(plugin, 'virtual:screen-messages/en-CA/applicant-info')).toContain(
      'from "virtual:kind-messages/en-CA/form"',
    );
    expect(moduleText(plugin, 'virtual:screen-messages/en-CA/landing')).not.toContain('virtual:kind-messages');
  });
});
