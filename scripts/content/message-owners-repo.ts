/**
 * scripts/content/message-owners.ts over this repository: the screens of the content bundle, the keys of the fallback
 * locale's catalogue, every other content file (flows/, rules/: without its data paths), the code of engine/ (general,
 * or only the screens of a kind run it: scripts/content/engine-graph.ts) and of server/ (generated types aside).
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { loadCatalogues, loadContent } from './load.ts';
import { contentText, messageHomes, type MessageHomes } from './message-owners.ts';
import { sourceFiles } from './source-files.ts';
import { engineModules } from './engine-graph.ts';

/** Where each message of the repository at `root` goes (scripts/content/message-owners.ts `messageHomes`). */
export function repoMessageHomes(root: string, fallbackLocale: string): MessageHomes {
  const read = (file: string) => readFileSync(file, 'utf8');
  const isScreenFile = (file: string) => /^flows\/[^/]+\/screens\//.test(relative(root, file));
  const content = ['flows', 'rules']
    .flatMap((folder) => sourceFiles(join(root, folder), /\.json$/))
    .filter((file) => !isScreenFile(file));
  const screens = loadContent(root).screens;
  // Every kind a screen may show as: its own, a variant's.
  const kinds = new Set(
    Object.values(screens).flatMap((screen) => [screen.kind, ...(screen.variants ?? []).map((v) => v.merge?.kind)]),
  );
  const engine = engineModules(
    root,
    [...kinds].filter((kind): kind is string => typeof kind === 'string'),
  );
  return messageHomes({
    keys: Object.keys(loadCatalogues(root)[fallbackLocale] ?? {}),
    screens,
    browser: [...content.map((file) => contentText(JSON.parse(read(file)))), ...engine.general.map(read)],
    kinds: Object.fromEntries(Object.entries(engine.kinds).map(([kind, files]) => [kind, files.map(read)])),
    server: sourceFiles(join(root, 'server'), /\.ts$/).map(read),
  });
}

/** Screen id -> the messages that come with that screen, for the repository at `root`. */
export function repoMessageOwners(root: string, fallbackLocale: string): Record<string, string[]> {
  return repoMessageHomes(root, fallbackLocale).screens;
}
