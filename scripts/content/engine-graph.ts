/**
 * Which engine modules run on every page and which only on screens of a kind, read off the engine's imports (for
 * scripts/content/message-owners.ts: a message that only the code of one kind names comes with that kind's screens).
 *
 * A kind loaded lazily lives in engine/screens/<kind>-screen.tsx (engine/screens/registry.ts; the build's preloads read
 * the same name). A module is the kind's when every way to it from the app's entry (engine/main.tsx) passes through
 * that kind's file, following static imports and dynamic `import()`s alike; a type-only import loads nothing. A module
 * the entry reaches without a kind's file (or none of them reaches: the preview, code the server runs) is general:
 * whatever it names may be shown on any page.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { sourceFiles } from './source-files.ts';

/**
 * The modules a module's text imports: `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')`, but not
 * `import type` / `export type`; relative paths and the `#engine/` alias, resolved to files under `root`.
 */
export function importsOf(text: string, file: string, root: string): { statics: string[]; dynamics: string[] } {
  const statics: string[] = [];
  const dynamics: string[] = [];
  const staticImport = /^\s*(?:import|export)\s+(type\s+)?(?:[^'"`;]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
  for (const match of text.matchAll(staticImport)) if (!match[1]) statics.push(match[2]);
  for (const match of text.matchAll(/\bimport\(\s*['"`]([^'"`$]+)['"`]\s*\)/g)) dynamics.push(match[1]);
  const resolved = (specs: string[]) =>
    specs.flatMap((spec) => {
      const path = spec.startsWith('.')
        ? resolve(dirname(file), spec)
        : spec.startsWith('#engine/')
          ? join(root, 'engine', spec.slice('#engine/'.length))
          : spec.startsWith('engine/')
            ? join(root, spec)
            : undefined;
      return path && existsSync(path) ? [path] : [];
    });
  return { statics: resolved(statics), dynamics: resolved(dynamics) };
}

export interface EngineModules {
  /** Engine source files whose code may run on any page. */
  general: string[];
  /** Kind -> the engine source files only screens of that kind run (none of them general). */
  kinds: Record<string, string[]>;
}

/**
 * Modules a kind loads beside its own file (engine/screens/registry.ts), which no other module imports. None today:
 * the form kind's widget loader (engine/form/screen-widgets.ts) comes in the form chunk, re-exported by
 * engine/screens/form-screen.tsx, so it is reached through the kind's own file. A loader that is imported statically
 * elsewhere would make the kind look eager (every module of it general), which the catalogue test notices.
 */
export const KIND_LOADERS: Record<string, string[]> = {};

/** The engine's modules, general or of a kind, for the kinds `kinds` (those the content's screens name). */
export function engineModules(root: string, kinds: Iterable<string>): EngineModules {
  const files = sourceFiles(join(root, 'engine'), /\.tsx?$/).filter((file) => !file.endsWith('.d.ts'));
  const imports = new Map(files.map((file) => [file, importsOf(readFileSync(file, 'utf8'), file, root)]));
  const importedStatically = new Set([...imports.values()].flatMap((found) => found.statics));
  const reach = (from: string[], blocked: Set<string>): Set<string> => {
    const seen = new Set<string>();
    const stack = from.filter((file) => !blocked.has(file));
    while (stack.length) {
      const file = stack.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const found = imports.get(file);
      for (const next of [...(found?.statics ?? []), ...(found?.dynamics ?? [])])
        if (!blocked.has(next) && !seen.has(next)) stack.push(next);
    }
    return seen;
  };
  // Each kind loaded lazily (its file and its loaders imported by no module statically) -> the files that start it.
  const roots = Object.fromEntries(
    [...kinds].flatMap((kind) => {
      const own = [join('engine', 'screens', `${kind}-screen.tsx`), ...(KIND_LOADERS[kind] ?? [])].map((file) =>
        join(root, file),
      );
      const lazy = own.every((file) => existsSync(file) && !importedStatically.has(file));
      return lazy ? [[kind, own]] : [];
    }),
  );
  const entry = reach([join(root, 'engine', 'main.tsx')], new Set(Object.values(roots).flat()));
  // Code the entry does not reach at all (the preview, what only the server or the tests run) counts as general too.
  const ofSomeKind = new Set(Object.values(roots).flatMap((own) => [...reach(own, entry)]));
  const general = files.filter((file) => entry.has(file) || !ofSomeKind.has(file));
  const generalSet = new Set(general);
  const byKind = Object.fromEntries(
    Object.entries(roots).map(([kind, own]) => [
      kind,
      [...reach(own, generalSet)].filter((file) => files.includes(file)).sort(),
    ]),
  );
  return { general, kinds: byKind };
}
