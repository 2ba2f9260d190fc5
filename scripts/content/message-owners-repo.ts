/**
 * scripts/content/message-owners.ts over this repository: the screens of the content bundle, the keys of the fallback
 * locale's catalogue, every other content file (flows/, rules/) and the code of engine/ and server/.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { loadCatalogues, loadContent } from './load.ts';
import { messageOwners } from './message-owners.ts';

/** Every file under `dir` whose name ends with one of `endings`. */
function filesUnder(dir: string, endings: string[]): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, endings);
    return endings.some((ending) => name.endsWith(ending)) ? [path] : [];
  });
}

/** Screen id -> the messages that screen alone uses, for the repository at `root`. */
export function repoMessageOwners(root: string, fallbackLocale: string): Record<string, string[]> {
  const read = (file: string) => readFileSync(file, 'utf8');
  const isScreenFile = (file: string) => /^flows\/[^/]+\/screens\//.test(relative(root, file));
  const content = [...filesUnder(join(root, 'flows'), ['.json']), ...filesUnder(join(root, 'rules'), ['.json'])].filter((file) => !isScreenFile(file));
  return messageOwners({
    keys: Object.keys(loadCatalogues(root)[fallbackLocale] ?? {}),
    screens: loadContent(root).screens,
    browser: [...content, ...filesUnder(join(root, 'engine'), ['.ts', '.tsx'])].map(read),
    server: filesUnder(join(root, 'server'), ['.ts']).map(read),
  });
}
