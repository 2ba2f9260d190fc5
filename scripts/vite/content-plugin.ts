/**
 * Vite plugin: serves the content tree to the engine as virtual modules, built from flows/, rules/ and locales/.
 *   virtual:content        the content bundle (flows, shell rules, analytics) with each screen's outline (id, path,
 *                          flow, auth, load: engine/content/types.ts ScreenOutline) and the calls and routing tables
 *                          that may be read before a screen's chunk is in (scripts/vite/content-split.ts)
 *   virtual:content-part/<key>  one top-level part of the bundle (`default`: rules/funnel.json's `funnel`...), for the engine
 *                          code that alone reads it (a form screen's funnel): a part some engine code imports this way is
 *                          left out of virtual:content, so it comes with the chunk of the code that imports it
 *   virtual:content-full   the bundle with whole screens, for the preview page (engine/preview, dev only)
 *   virtual:catalogues     the list of locales and a lazy loader per locale (one chunk per catalogue); `wholeLoaders`
 *                          for the tests and the preview page, whose screens are whole (every message in one chunk)
 *   virtual:catalogue/<l>  one locale's messages (`default`) but those only the server shows (a catalogue file marked
 *                          `serverOnly`, left out of every module here; the keys the server alone names, as an error
 *                          detail's key or in a translation, which it sends with their words) and those that come with
 *                          screens or screen kinds (scripts/content/message-owners.ts), and `fallback`: only the keys it lacks, taken from the fallback locale
 *                          (rules/config.json), so a page downloads one catalogue, not two; `screens`: a lazy loader
 *                          of each screen's chunk in this locale
 *   virtual:screen-messages/<l>/<id>  screen <id>'s chunk in locale <l>: the messages that come with it (`default`,
 *                          `fallback`), and the whole screen (`screen`) with the calls and routing tables only screens
 *                          name that it names (`calls`, `tables`) and, for a form, its validators' loader (`validators`):
 *                          one download per screen, so the first page does not download every screen, and carries no map
 *                          of screens besides its catalogue's (engine/app/screen-definition.ts)
 *   virtual:kind-messages/<l>/<kind>  the messages that come with every screen of a kind (a catalogue file marked
 *                          `comesWith` that kind: the form kind's fields and validation; the keys only that kind's engine
 *                          code names: the form's and the account lists' error summary), which the
 *                          messages of each such screen import (so a screen of that kind has a messages chunk even
 *                          with no message of its own)
 *   virtual:catalogue-whole/<l>  every message of the locale (`default`, `fallback`): virtual:catalogues wholeLoaders
 *   virtual:validators     a lazy loader per form screen (`loaders[screenId]`), for whole screens (the tests, the preview
 *                          page); a screen's chunk brings its own (engine/form/screen-validators.ts)
 *   virtual:validators/<id>  precompiled ajv validators for one screen's form schemas, every variant (no eval in the browser)
 *   virtual:preview-fixtures  the routing tables' fixtures, for the preview page's states (imported by it alone)
 * In `npm run dev` an edit under flows/, rules/ or locales/ rebuilds the modules and reloads the page, and the
 * pseudo-locale en-XA (scripts/catalogues/pseudo.ts, generated from en-US, never built or committed) is served too,
 * for the preview page (preview.html) to spot hard-coded text and truncation.
 */
import { resolve } from 'node:path';
import { readFileSync } from 'node:fs';
import type { Plugin, ViteDevServer } from 'vite';
import { loadContent, loadCatalogues, loadKindMessageKeys, loadServerOnlyKeys } from '../content/load.ts';
import { precompileValidators } from '../content/precompile.ts';
import { possibleFormSchemas } from '../../engine/content/resolve.ts';
import type { ContentBundle, ScreenOutline } from '../../engine/content/types.ts';
import { PSEUDO_LOCALE, pseudoCatalogue } from '../catalogues/pseudo.ts';
import { sourceFiles } from '../content/source-files.ts';
import { pick, splitContent, type ContentSplit } from './content-split.ts';
import { repoMessageHomes } from '../content/message-owners-repo.ts';
import type { MessageHomes } from '../content/message-owners.ts';

const PREFIX = 'virtual:';
const IDS = [
  'virtual:content',
  'virtual:content-full',
  'virtual:catalogues',
  'virtual:validators',
  'virtual:preview-fixtures',
];

/** The keys of a screen the browser's bundle keeps: exactly engine/content/types.ts ScreenOutline's (the type checks). */
const OUTLINE_KEYS: Record<keyof ScreenOutline, true> = {
  id: true,
  path: true,
  flow: true,
  auth: true,
  load: true,
  progress: true,
  next: true,
  variants: true,
};
const OUTLINE = Object.keys(OUTLINE_KEYS);

/**
 * A screen's outline: its route, flow, sign-on and reads; a step of a progress indicator also keeps its progress,
 * its `next` rows and the variants that change them, which the progress walk follows (engine/flow/progress.ts).
 */
function outlineOf(screen: Record<string, unknown>): Record<string, unknown> {
  const step = screen.progress !== undefined;
  const kept = OUTLINE.filter((key) => screen[key] !== undefined && (step || !['next', 'variants'].includes(key)));
  const outline = Object.fromEntries(kept.map((key) => [key, screen[key]]));
  if (step && Array.isArray(screen.variants)) {
    const variants = (screen.variants as Array<{ when?: unknown; merge?: Record<string, unknown> }>)
      .filter((variant) => variant.merge && ('next' in variant.merge || 'progress' in variant.merge))
      .map((variant) => ({
        when: variant.when,
        merge: Object.fromEntries(
          Object.entries(variant.merge ?? {}).filter(([key]) => key === 'next' || key === 'progress'),
        ),
      }));
    if (variants.length) outline.variants = variants;
    else delete outline.variants;
  }
  return outline;
}

/** The bundle with each screen reduced to its outline. */
export function outlined(bundle: Record<string, unknown>): Record<string, unknown> {
  const screens = bundle.screens as Record<string, Record<string, unknown>>;
  return {
    ...bundle,
    screens: Object.fromEntries(Object.entries(screens).map(([id, screen]) => [id, outlineOf(screen)])),
  };
}

/** What the browser does not need: editors' descriptions, `$schema` paths and the fixtures tests evaluate. */
const EDITOR_ONLY = new Set(['description', '$schema', 'fixtures', 'examples']);

/** A copy of the bundle without editor-only keys (form schemas keep theirs: the precompiled validators hash them). */
export function forRuntime(value: unknown, inFormSchema = false): unknown {
  if (Array.isArray(value)) return value.map((item) => forRuntime(item, inFormSchema));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => inFormSchema || !EDITOR_ONLY.has(key))
      .map(([key, item]) => [key, forRuntime(item, inFormSchema || key === 'form')]),
  );
}

/** Whether `value` has an object key `__proto__` at any depth. */
function hasProtoKey(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(hasProtoKey);
  return Object.keys(value).some((key) => key === '__proto__' || hasProtoKey((value as Record<string, unknown>)[key]));
}

/**
 * A module's data as JavaScript: a large value as `JSON.parse('…')`, which V8 reads much faster than the same object
 * literal (the main thread evaluates the content bundle and a catalogue on every first load), a small one as a literal.
 * A value with a `__proto__` key goes through JSON.parse too, whatever its size: in an object literal that key sets the
 * object's prototype instead of making a property, so the key and its value would be lost.
 */
export function jsonModuleValue(value: unknown): string {
  const json = JSON.stringify(value);
  return json.length > 10_000 || hasProtoKey(value) ? `JSON.parse(${JSON.stringify(json)})` : json;
}

/**
 * What runs in the browser before any screen's chunk, besides the start bundle's content: the engine's code (the
 * preview page aside: it has the whole content) and the rules files it imports (scripts/vite/content-split.ts).
 */
export function browserTexts(root: string): string[] {
  const read = (file: string) => readFileSync(file, 'utf8');
  const code = sourceFiles(resolve(root, 'engine'), /\.tsx?$/)
    .filter((file) => !file.includes('/preview/'))
    .map(read);
  const imported = new Set(
    code.flatMap((text) =>
      [...text.matchAll(/\bfrom\s+['"](?:\.\.?\/)+rules\/([^'"]+\.json)['"]/g)].map((match) => match[1]),
    ),
  );
  return [...code, ...[...imported].map((file) => read(resolve(root, 'rules', file)))];
}

/** The top-level parts of the bundle the engine's code imports on their own (`virtual:content-part/<key>`). */
export function importedParts(texts: string[], bundle: Record<string, unknown>): string[] {
  const named = new Set(
    texts.flatMap((text) => [...text.matchAll(/['"]virtual:content-part\/([\w-]+)['"]/g)].map((m) => m[1]!)),
  );
  return Object.keys(bundle).filter((key) => named.has(key) && !['screens', 'calls', 'tables', 'flows'].includes(key));
}

/** The bundle without the parts the engine's code imports on their own (`importedParts`). */
export function withoutParts(bundle: Record<string, unknown>, parts: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(bundle).filter(([key]) => !parts.includes(key)));
}

/** The start bundle's and each screen's calls and tables, for the repository at `root` (its runtime content). */
export function repoContentSplit(root: string, runtime: Record<string, unknown>): ContentSplit {
  return splitContent({
    bundle: runtime as Parameters<typeof splitContent>[0]['bundle'],
    outlines: outlined(runtime).screens as Record<string, Record<string, unknown>>,
    browser: browserTexts(root),
  });
}

export function contentPlugin(root: string): Plugin {
  const watched = ['flows', 'rules', 'locales'].map((dir) => resolve(root, dir));
  let pseudo = false;
  // The content and the catalogues are read once per build (or until a file under flows/, rules/ or locales/ changes in
  // `npm run dev`), not once per virtual module: a build loads a module per screen, per screen's messages in each locale
  // and per form's validators, so reading everything again for each made the build grow with the square of the content.
  let memo: {
    content?: ContentBundle;
    runtime?: unknown;
    split?: ContentSplit;
    catalogues?: Record<string, Record<string, string>>;
  } = {};
  const content = (): ContentBundle => (memo.content ??= loadContent(root));
  const runtimeContent = (): unknown => (memo.runtime ??= forRuntime(content()));
  // The parts of the bundle the engine's code imports on their own (virtual:content-part/<key>); none in `npm run dev`.
  let parts: string[] | undefined;
  const ownParts = (): string[] =>
    split ? (parts ??= importedParts(browserTexts(root), runtimeContent() as Record<string, unknown>)) : [];
  // The calls and routing tables the start bundle carries and those that come with each screen; in `npm run dev`
  // (no split) the start bundle keeps them all.
  const contentSplit = (): ContentSplit | undefined =>
    split ? (memo.split ??= repoContentSplit(root, runtimeContent() as Record<string, unknown>)) : undefined;
  const catalogues = (): Record<string, Record<string, string>> => {
    if (memo.catalogues) return memo.catalogues;
    // Messages only the server shows (catalogues marked `serverOnly`) never reach the browser.
    const serverOnly = loadServerOnlyKeys(root);
    const all = Object.fromEntries(
      Object.entries(loadCatalogues(root)).map(([locale, messages]) => [
        locale,
        Object.fromEntries(Object.entries(messages).filter(([key]) => !serverOnly.has(key))),
      ]),
    );
    return (memo.catalogues =
      pseudo && all['en-US'] ? { ...all, [PSEUDO_LOCALE]: pseudoCatalogue(all['en-US']) } : all);
  };
  const fallbackLocale = (): string =>
    (JSON.parse(readFileSync(resolve(root, 'rules/config.json'), 'utf8')) as { fallbackLocale: string }).fallbackLocale;
  // Worked out once per build or test run. `npm run dev` keeps every message in the locale's catalogue instead: an
  // edit of engine code that names a screen's message would otherwise need a restart to be seen.
  let split = true;
  let homes: MessageHomes | undefined;
  const messageHomes = (): MessageHomes =>
    (homes ??= split ? repoMessageHomes(root, fallbackLocale()) : { screens: {}, kinds: {}, serverOnly: [] });
  const messageOwners = (): Record<string, string[]> => messageHomes().screens;
  // Screen kind -> the messages that come with its screens (catalogues marked `comesWith`, and the keys only the code of
  // that kind names: scripts/content/message-owners.ts); none in `npm run dev`.
  let kindKeys: Record<string, Set<string>> | undefined;
  const kindMessages = (): Record<string, Set<string>> => {
    if (kindKeys) return kindKeys;
    const kinds = split ? loadKindMessageKeys(root, fallbackLocale()) : {};
    for (const [kind, keys] of Object.entries(messageHomes().kinds))
      for (const key of keys) (kinds[kind] ??= new Set()).add(key);
    return (kindKeys = kinds);
  };
  // Screen id -> the kinds it may show as (its own, a variant's) that have messages of their own.
  const kindsOfScreens = (): Record<string, string[]> => {
    const kinds = Object.keys(kindMessages());
    return Object.fromEntries(
      Object.values(content().screens).flatMap((screen) => {
        const shown = [screen.kind, ...(screen.variants ?? []).map((variant) => variant.merge?.kind)];
        const own = kinds.filter((kind) => shown.includes(kind));
        return own.length ? [[screen.id, own]] : [];
      }),
    );
  };
  const load = (id: string): string | undefined => {
    if (id === 'virtual:content') {
      const runtime = runtimeContent() as ContentBundle;
      const parts = contentSplit();
      const kept = parts ? { ...runtime, ...pick(runtime, parts.start) } : runtime;
      const start = withoutParts(kept as unknown as Record<string, unknown>, ownParts());
      return `export default ${jsonModuleValue(outlined(start))};`;
    }
    if (id.startsWith('virtual:content-part/')) {
      const runtime = runtimeContent() as Record<string, unknown>;
      return `export default ${jsonModuleValue(runtime[id.slice('virtual:content-part/'.length)] ?? null)};`;
    }
    if (id === 'virtual:content-full') return `export default ${jsonModuleValue(runtimeContent())};`;
    // A screen's definition, and the calls and routing tables that come with it (engine/app/screen-definition.ts adds
    // them to the bundle's before the screen runs), as they end each locale's chunk of the screen.
    const screenParts = (screenId: string): string[] => {
      const runtime = runtimeContent() as ContentBundle;
      const screen = runtime.screens[screenId]!;
      const { calls, tables } = pick(runtime, contentSplit()?.screens[screenId] ?? { calls: [], tables: [] });
      const form = possibleFormSchemas(screen).length > 0;
      return [
        `export const screen = ${jsonModuleValue(screen)};`,
        `export const calls = ${jsonModuleValue(calls)};`,
        `export const tables = ${jsonModuleValue(tables)};`,
        // A screen that can show a form: the loader of its precompiled validators (engine/form/screen-validators.ts).
        ...(form
          ? [`export const validators = () => import(${JSON.stringify(`virtual:validators/${screenId}`)});`]
          : []),
      ];
    };
    if (id === 'virtual:catalogues') {
      const locales = Object.keys(catalogues());
      const loaders = (kind: string) =>
        locales.map((l) => `${JSON.stringify(l)}: () => import(${JSON.stringify(`virtual:${kind}/${l}`)})`).join(', ');
      return [
        `export const locales = ${JSON.stringify(locales)};`,
        `export const fallbackLocale = ${JSON.stringify(fallbackLocale())};`,
        `export const loaders = { ${loaders('catalogue')} };`,
        `export const wholeLoaders = { ${loaders('catalogue-whole')} };`,
      ].join('\n');
    }
    // A locale's messages, all of them or some (`keep`): its own, and the fallback locale's for the keys it lacks.
    const messagesOf = (locale: string, keep: (key: string) => boolean) => {
      const all = catalogues();
      const own = Object.fromEntries(Object.entries(all[locale] ?? {}).filter(([key]) => keep(key)));
      const missing = Object.fromEntries(
        Object.entries(all[fallbackLocale()] ?? {}).filter(([key]) => keep(key) && !(key in own)),
      );
      return { own, missing };
    };
    const messagesModule = (locale: string, keep: (key: string) => boolean, extra = '') => {
      const { own, missing } = messagesOf(locale, keep);
      return `export default ${jsonModuleValue(own)};\nexport const fallback = ${jsonModuleValue(missing)};${extra}`;
    };
    if (id.startsWith('virtual:catalogue-whole/'))
      return messagesModule(id.slice('virtual:catalogue-whole/'.length), () => true);
    if (id.startsWith('virtual:catalogue/')) {
      const locale = id.slice('virtual:catalogue/'.length);
      const owners = messageOwners();
      // The keys that come with screens or kinds, and those only the server shows, are left out.
      const ownedKeys = new Set([
        ...Object.values(owners).flat(),
        ...messageHomes().serverOnly,
        ...Object.values(kindMessages()).flatMap((keys) => [...keys]),
      ]);
      const screenLoaders = Object.keys(content().screens).map(
        (screen) =>
          `${JSON.stringify(screen)}: () => import(${JSON.stringify(`virtual:screen-messages/${locale}/${screen}`)})`,
      );
      return messagesModule(
        locale,
        (key) => !ownedKeys.has(key),
        `\nexport const screens = { ${screenLoaders.join(', ')} };`,
      );
    }
    if (id.startsWith('virtual:screen-messages/')) {
      const [locale, screen] = id.slice('virtual:screen-messages/'.length).split('/');
      if (!Object.hasOwn(content().screens, screen)) return undefined;
      const own = new Set(messageOwners()[screen] ?? []);
      const kinds = kindsOfScreens()[screen] ?? [];
      if (!kinds.length) return messagesModule(locale, (key) => own.has(key), `\n${screenParts(screen).join('\n')}`);
      // A screen of a kind with messages of its own imports them: one chunk every such screen shares (a static import,
      // so the server's preload of the screen's messages (scripts/vite/preload-plugin.ts) brings it too).
      const names = kinds.map((_, i) => `kind${i}`);
      const imports = kinds.map(
        (kind, i) => `import * as ${names[i]} from ${JSON.stringify(`virtual:kind-messages/${locale}/${kind}`)};`,
      );
      const spread = (part: string) => names.map((name) => `...${name}.${part}, `).join('');
      const { own: ownMessages, missing } = messagesOf(locale, (key) => own.has(key));
      return [
        ...imports,
        `export default { ${spread('default')}...${jsonModuleValue(ownMessages)} };`,
        `export const fallback = { ${spread('fallback')}...${jsonModuleValue(missing)} };`,
        ...screenParts(screen),
      ].join('\n');
    }
    if (id.startsWith('virtual:kind-messages/')) {
      const [locale, kind] = id.slice('virtual:kind-messages/'.length).split('/');
      const keys = kindMessages()[kind] ?? new Set<string>();
      return messagesModule(locale, (key) => keys.has(key));
    }
    if (id === 'virtual:preview-fixtures') {
      // The preview page (engine/preview, dev only) opens screens in the states the routing-table fixtures describe.
      const tables = content().tables as Record<string, { fixtures?: unknown[] }>;
      return `export default ${JSON.stringify(Object.fromEntries(Object.entries(tables).map(([name, table]) => [name, table.fixtures ?? []])))};`;
    }
    if (id === 'virtual:validators') {
      // Whole screens (the tests, the preview page) have no chunk to bring their validators' loader: this map does.
      const forms = Object.values(content().screens).filter((screen) => possibleFormSchemas(screen).length > 0);
      const loaders = forms.map(
        (screen) => `${JSON.stringify(screen.id)}: () => import(${JSON.stringify(`virtual:validators/${screen.id}`)})`,
      );
      return `export const loaders = { ${loaders.join(', ')} };`;
    }
    if (id.startsWith('virtual:validators/')) {
      const bundle = content();
      const screen = bundle.screens[id.slice('virtual:validators/'.length)];
      return precompileValidators(
        { ...bundle, screens: screen ? { [screen.id]: screen } : {} },
        {
          formats: resolve(root, 'engine/validation/format-kit.ts'),
          checks: resolve(root, 'engine/validation/checks.ts'),
          runtime: resolve(root, 'engine/form/ajv-runtime.ts'),
        },
      );
    }
    return undefined;
  };
  return {
    name: 'onboarding-content',
    configResolved(config) {
      // Only the dev server serves the pseudo-locale: never a build, never the test runner.
      pseudo = config.command === 'serve' && !process.env.VITEST;
      split = !pseudo;
    },
    resolveId(id) {
      const prefixes = [
        'virtual:catalogue/',
        'virtual:catalogue-whole/',
        'virtual:screen-messages/',
        'virtual:kind-messages/',
        'virtual:validators/',
        'virtual:content-part/',
      ];
      if (IDS.includes(id) || prefixes.some((prefix) => id.startsWith(prefix))) return `\0${id}`;
      return undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      return load(id.slice(1));
    },
    configureServer(server: ViteDevServer) {
      server.watcher.add(watched);
      const reload = (file: string) => {
        if (!watched.some((dir) => file.startsWith(dir))) return;
        memo = {};
        for (const mod of server.moduleGraph.idToModuleMap.values()) {
          if (mod.id?.startsWith(`\0${PREFIX}`)) server.moduleGraph.invalidateModule(mod);
        }
        server.ws.send({ type: 'full-reload' });
      };
      server.watcher.on('change', reload);
      server.watcher.on('add', reload);
      server.watcher.on('unlink', reload);
    },
  };
}
