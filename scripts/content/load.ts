/**
 * Reads the content tree (flows/, rules/, locales/) into one bundle object: what the engine runs.
 * Node-only (fs). Used by the Vite content plugin, the precompiler and tests.
 */
import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import { join, basename } from 'node:path';
import type {
  ContentBundle,
  Screen,
  Flow,
  CallCatalogue,
  RoutingTable,
  Catalogue,
} from '../../engine/content/types.ts';
import { resolveIncludes } from './includes.ts';
import { expandConditions, type NamedConditions } from '../../engine/conditions/named.ts';

function readJson<T>(file: string): T {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`, { cause: error });
  }
}

function jsonFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => join(dir, name));
}

function subdirs(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isDirectory())
    .sort();
}

/** Every locale folder under locales/ with its merged messages. */
export function loadCatalogues(root: string): Record<string, Catalogue> {
  const catalogues: Record<string, Catalogue> = {};
  for (const locale of subdirs(join(root, 'locales'))) {
    const messages: Record<string, string> = {};
    for (const file of jsonFiles(join(root, 'locales', locale))) {
      Object.assign(messages, readJson<{ messages: Record<string, string> }>(file).messages);
    }
    catalogues[locale] = messages;
  }
  return catalogues;
}

/**
 * The keys of the catalogues marked `serverOnly` (in any locale): messages only the server shows (its emails, text
 * messages and sandbox pages), which the browser's catalogues leave out (scripts/vite/content-plugin.ts).
 */
export function loadServerOnlyKeys(root: string): Set<string> {
  const keys = new Set<string>();
  for (const locale of subdirs(join(root, 'locales'))) {
    for (const file of jsonFiles(join(root, 'locales', locale))) {
      const catalogue = readJson<{ serverOnly?: boolean; messages: Record<string, string> }>(file);
      if (catalogue.serverOnly) for (const key of Object.keys(catalogue.messages)) keys.add(key);
    }
  }
  return keys;
}

/**
 * Screen kind -> the keys of the catalogues marked `comesWith` that kind (en-US's files; the content check holds every
 * locale to them): messages only screens of that kind show, which the browser loads with such a screen
 * (scripts/vite/content-plugin.ts).
 */
export function loadKindMessageKeys(root: string, locale: string): Record<string, Set<string>> {
  const kinds: Record<string, Set<string>> = {};
  for (const file of jsonFiles(join(root, 'locales', locale))) {
    const catalogue = readJson<{ comesWith?: string; messages: Record<string, string> }>(file);
    if (catalogue.comesWith)
      for (const key of Object.keys(catalogue.messages)) (kinds[catalogue.comesWith] ??= new Set()).add(key);
  }
  return kinds;
}

/** rules/conditions.json `conditions` of a tree (none when the file is absent). */
export function loadNamedConditions(root: string): NamedConditions {
  const file = join(root, 'rules', 'conditions.json');
  return existsSync(file) ? (readJson<{ conditions?: NamedConditions }>(file).conditions ?? {}) : {};
}

/**
 * The whole content bundle, with `$rules` includes resolved and named conditions (rules/conditions.json) expanded: what
 * the engine receives is plain JSON Logic. An unknown name or a cycle throws (`npm run check:content` locates it).
 * Catalogues are separate (loaded per locale).
 */
export function loadContent(root: string): ContentBundle {
  const flows: Record<string, Flow> = {};
  const screens: Record<string, Screen> = {};
  for (const flowId of subdirs(join(root, 'flows'))) {
    const flowFile = join(root, 'flows', flowId, 'flow.json');
    if (!existsSync(flowFile)) continue;
    flows[flowId] = readJson<Flow>(flowFile);
    for (const file of jsonFiles(join(root, 'flows', flowId, 'screens'))) {
      const screen = readJson<Screen>(file);
      screens[basename(file, '.json')] = { ...screen, flow: flowId };
    }
  }
  const callsFile = join(root, 'flows', 'calls.json');
  const calls = existsSync(callsFile) ? readJson<{ calls: CallCatalogue }>(callsFile).calls : {};
  const tables: Record<string, RoutingTable> = {};
  for (const file of jsonFiles(join(root, 'rules', 'routing'))) {
    tables[basename(file, '.json')] = readJson<RoutingTable>(file);
  }
  const shell = readJson<ContentBundle['shell']>(join(root, 'rules', 'shell.json'));
  const analytics = readJson<ContentBundle['analytics']>(join(root, 'rules', 'analytics.json'));
  const optional = <T>(name: string): T | undefined =>
    existsSync(join(root, 'rules', name)) ? readJson<T>(join(root, 'rules', name)) : undefined;
  const extras = {
    funnel: optional<ContentBundle['funnel']>('funnel.json'),
    scripts: optional<ContentBundle['scripts']>('scripts.json'),
  };
  const bundle: ContentBundle = { flows, screens, calls, tables, shell, analytics, ...extras };
  // Named conditions first, so a definition may hold an include (the content check expands in the same order).
  const expanded = expandConditions(bundle, loadNamedConditions(root));
  return resolveIncludes(expanded, (name) => readJson(join(root, 'rules', `${name}.json`))) as ContentBundle;
}
