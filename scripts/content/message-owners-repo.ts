/**
 * scripts/content/message-owners.ts over this repository: the screens of the content bundle, the keys of the fallback
 * locale's catalogue, every other content file (flows/, rules/: without its data paths) and the code of engine/ and
 * server/ (generated types aside).
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { loadCatalogues, loadContent } from './load.ts';
import { contentText, messageOwners } from './message-owners.ts';
import { sourceFiles } from './source-files.ts';

/** Screen id -> the messages that come with that screen, for the repository at `root`. */
export function repoMessageOwners(root: string, fallbackLocale: string): Record<string, string[]> {
  const read = (file: string) => readFileSync(file, 'utf8');
  const isScreenFile = (file: string) => /^flows\/[^/]+\/screens\//.test(relative(root, file));
  const content = ['flows', 'rules']
    .flatMap((folder) => sourceFiles(join(root, folder), /\.json$/))
    .filter((file) => !isScreenFile(file));
  return messageOwners({
    keys: Object.keys(loadCatalogues(root)[fallbackLocale] ?? {}),
    screens: loadContent(root).screens,
    browser: [
      ...content.map((file) => contentText(JSON.parse(read(file)))),
      ...sourceFiles(join(root, 'engine'), /\.tsx?$/).map(read),
    ],
    server: sourceFiles(join(root, 'server'), /\.ts$/).map(read),
  });
}
