/**
 * Messages only the server shows (catalogue files marked `serverOnly`: its emails, text messages and sandbox pages)
 * never reach the browser: scripts/vite/content-plugin.ts leaves them out of every catalogue module it writes.
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

  it('are the outbox, sign-on and sandbox pages’ messages', () => {
    const namespaces = new Set(serverOnly.map((key) => key.split('.')[0]));
    expect([...namespaces].sort()).toEqual(['outbox', 'sandbox', 'sso']);
  });

  it('are in no catalogue the browser loads, whole or not, in any locale', () => {
    const plugin = contentPlugin(REPO);
    for (const locale of Object.keys(loadCatalogues(REPO))) {
      for (const id of [`virtual:catalogue/${locale}`, `virtual:catalogue-whole/${locale}`]) {
        const text = moduleText(plugin, id);
        expect(text).toContain('shell.productName');
        expect(serverOnly.filter((key) => text.includes(`${key}\\"`) || text.includes(`${key}"`))).toEqual([]);
      }
    }
  });
});
