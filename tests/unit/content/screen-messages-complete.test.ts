/**
 * No screen can show a message its page has not downloaded: for every screen and locale, every message key the screen
 * may show is in the chunks the browser loads for it (scripts/vite/content-plugin.ts: the locale's catalogue, the
 * screen's messages and the messages of its kinds, which those import).
 *
 * What a screen may show is worked out here from the files, on its own terms (not through
 * scripts/content/message-owners.ts): every key its file names (a key, or a dotted prefix of keys, `"a.b."` included);
 * every key another content file names (flows, rules: any screen may show those); and every key the engine code it can
 * run names in a string, which is the code the entry (engine/main.tsx) reaches through static and dynamic imports
 * without passing through the file of a kind the screen never shows as (engine/screens/<kind>-screen.tsx, and the
 * form kind's widget loader). Messages only the server shows (catalogues marked `serverOnly`) are the API's words, sent
 * in the request's language, and are left out; so are those of a catalogue marked `comesWith` a kind the screen never
 * shows as (the content check refuses a screen of another kind that names one).
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Plugin } from 'vite';
import { loadCatalogues, loadContent, loadKindMessageKeys, loadServerOnlyKeys } from '../../../scripts/content/load.ts';
import { contentText, quotedNames } from '../../../scripts/content/message-owners.ts';
import { importsOf, KIND_LOADERS } from '../../../scripts/content/engine-graph.ts';
import { sourceFiles } from '../../../scripts/content/source-files.ts';
import { contentPlugin } from '../../../scripts/vite/content-plugin.ts';

const REPO = join(import.meta.dirname, '../../..');

function moduleText(plugin: Plugin, id: string): string {
  const load = plugin.load as (id: string) => string | undefined;
  return load.call({}, `\0${id}`) ?? '';
}

/** Every string of a JSON value, object keys included. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => [key, ...strings(item)]);
  return [];
}

const catalogues = loadCatalogues(REPO);
const allKeys = Object.keys(catalogues['en-US']);
const serverOnly = loadServerOnlyKeys(REPO);
const comesWith = loadKindMessageKeys(REPO, 'en-US');
/** The keys a name names: the key itself, or every key under a dotted prefix. */
const keysUnder = (name: string): string[] => allKeys.filter((key) => key === name || key.startsWith(`${name}.`));

/** The engine code a screen of these kinds can run. */
function engineFilesFor(kinds: Set<string>, allKinds: Set<string>): string[] {
  const files = sourceFiles(join(REPO, 'engine'), /\.tsx?$/).filter((file) => !file.endsWith('.d.ts'));
  const blocked = new Set(
    [...allKinds]
      .filter((kind) => !kinds.has(kind))
      .flatMap((kind) => [`engine/screens/${kind}-screen.tsx`, ...(KIND_LOADERS[kind] ?? [])])
      .map((file) => join(REPO, file)),
  );
  const seen = new Set<string>();
  const stack = [join(REPO, 'engine/main.tsx')];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file) || blocked.has(file) || !files.includes(file)) continue;
    seen.add(file);
    const found = importsOf(readFileSync(file, 'utf8'), file, REPO);
    stack.push(...found.statics, ...found.dynamics);
  }
  return [...seen];
}

describe('the messages a screen may show', () => {
  const content = loadContent(REPO);
  const screens = Object.values(content.screens);
  const kindsOf = (screen: (typeof screens)[number]) =>
    new Set(
      [screen.kind, ...(screen.variants ?? []).map((variant) => variant.merge?.kind)].filter(
        (kind): kind is string => typeof kind === 'string',
      ),
    );
  const allKinds = new Set(screens.flatMap((screen) => [...kindsOf(screen)]));
  // Keys other content files name: any screen may show them.
  const otherContent = ['flows', 'rules']
    .flatMap((folder) => sourceFiles(join(REPO, folder), /\.json$/))
    .filter((file) => !/^flows\/[^/]+\/screens\//.test(relative(REPO, file)))
    .flatMap((file) => [...quotedNames(contentText(JSON.parse(readFileSync(file, 'utf8'))))]);
  const engineNames = new Map<string, string[]>();
  const namedByEngine = (kinds: Set<string>): string[] => {
    const id = [...kinds].sort().join(',');
    let names = engineNames.get(id);
    if (!names) {
      const texts = engineFilesFor(kinds, allKinds).map((file) => readFileSync(file, 'utf8'));
      engineNames.set(id, (names = texts.flatMap((text) => [...quotedNames(text)])));
    }
    return names;
  };
  const mayShow = (screen: (typeof screens)[number]): string[] => {
    const own = strings(screen)
      .map((text) => (text.endsWith('.') ? text.slice(0, -1) : text))
      .filter((text) => text.includes('.'));
    const names = new Set([...own, ...otherContent, ...namedByEngine(kindsOf(screen))]);
    const keys = new Set([...names].flatMap((name) => keysUnder(name)));
    const kinds = kindsOf(screen);
    const otherKinds = Object.entries(comesWith).filter(([kind]) => !kinds.has(kind));
    return [...keys].filter((key) => !serverOnly.has(key) && !otherKinds.some(([, owned]) => owned.has(key)));
  };

  it('are all in the chunks its page loads, in every locale', () => {
    const plugin = contentPlugin(REPO);
    const problems: string[] = [];
    for (const locale of Object.keys(catalogues)) {
      const catalogue = moduleText(plugin, `virtual:catalogue/${locale}`);
      for (const screen of screens) {
        let texts = [catalogue];
        if (catalogue.includes(`"virtual:screen-messages/${locale}/${screen.id}"`)) {
          const own = moduleText(plugin, `virtual:screen-messages/${locale}/${screen.id}`);
          const kinds = [...own.matchAll(/from "(virtual:kind-messages\/[^"]+)"/g)].map((m) =>
            moduleText(plugin, m[1]),
          );
          texts = [...texts, own, ...kinds];
        }
        const loaded = (key: string) =>
          texts.some((text) => text.includes(`"${key}":`) || text.includes(`\\"${key}\\":`));
        const missing = mayShow(screen).filter((key) => !loaded(key));
        if (missing.length) problems.push(`${locale} ${screen.id}: ${missing.join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
