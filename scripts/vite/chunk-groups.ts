/**
 * Chunk groups (build only): which modules share a file, where the bundler's own splitting cuts the first pages into
 * small files that every visitor downloads anyway.
 *
 *   start       the engine (engine/app/start.tsx, which engine/main.tsx imports once the page has painted) with every
 *               module it imports statically, except what the entry itself holds. Left to itself the bundler splits
 *               the modules the engine shares with lazily loaded screens (React, json-logic, the session store, …)
 *               into files of their own, five more requests on every page and 1.3 KB gzip of repeated headers, import
 *               and export lists. Every lazily loaded chunk is imported from the engine, so it can import those
 *               modules from the engine's file.
 *   format-kit  what a form step's precompiled validators import to build their formats and run
 *               (engine/validation/format-kit.ts with what it imports, and engine/form/ajv-runtime.ts): one file
 *               instead of four on every form step. The named checks (checks.ts) stay apart: only the steps whose
 *               formats use one load them.
 *
 * The groups are worked out from the module graph when the build has read it, so a module the engine starts or stops
 * importing moves with it. Both list only modules outside the entry (engine/main.tsx and what it imports: the page's
 * first script must not wait for the engine) and each module once; `includeDependenciesRecursively` is off because
 * each group already holds the closure it needs (the bundler's own closure would pull the entry's modules in).
 */
import type { Plugin } from 'vite';

const ENTRY = '/engine/main.tsx';
const ENGINE = '/engine/app/start.tsx';
const KIT = ['/engine/validation/format-kit.ts', '/engine/form/ajv-runtime.ts'];

/** The groups' module ids, filled by the plugin's `buildEnd` (before the bundler cuts chunks). */
const members = { start: new Set<string>(), 'format-kit': new Set<string>() };

/** The `output.codeSplitting` option that uses the groups. */
export const codeSplitting = {
  includeDependenciesRecursively: false,
  groups: Object.keys(members).map((name) => ({
    name,
    test: (id: string) => members[name as keyof typeof members].has(id),
  })),
};

/** The plugin that works the groups out from the module graph. */
export function chunkGroups(): Plugin {
  return {
    name: 'chunk-groups',
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      const ids = [...this.getModuleIds()];
      const closure = (roots: string[]): Set<string> => {
        const seen = new Set<string>();
        const walk = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) walk(next);
        };
        for (const suffix of roots) {
          const root = ids.find((id) => id.endsWith(suffix));
          if (!root) this.error(`chunk groups: no module ${suffix} in the build`);
          walk(root);
        }
        return seen;
      };
      for (const set of Object.values(members)) set.clear();
      const entry = closure([ENTRY]);
      for (const id of closure([ENGINE])) if (!entry.has(id)) members.start.add(id);
      for (const id of closure(KIT)) if (!entry.has(id) && !members.start.has(id)) members['format-kit'].add(id);
    },
  };
}
