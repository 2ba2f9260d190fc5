/**
 * Vite plugin (build only): writes `page-preloads.json` beside index.html, what the server preloads for a page so the
 * browser fetches it while the entry script downloads instead of after it has run (server/http/page-preloads.ts):
 *   catalogues  each locale's catalogue chunk (virtual:catalogue/<locale>), which boot imports first thing
 *   screens     for each screen whose kind is loaded lazily (engine/screens/registry.ts: the kind `k` lives in
 *               engine/screens/<k>-screen.tsx), its path, whether it needs a session, the kind's chunk and, for the
 *               form kind, the screen's validators chunk (virtual:validators/<id>, which the registry loads beside
 *               the form chunk), with the chunks they import and their styles
 * Chunks the entry imports anyway are left out. Addresses are as the page's scripts name them (`/assets/…`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { loadContent } from '../content/load.ts';
import { PAGE_PRELOADS_FILE, type PagePreloads } from '../../server/http/page-preloads.ts';

interface ChunkFacts {
  fileName: string;
  facadeModuleId?: string | null;
  imports: string[];
  isEntry: boolean;
  css: string[];
}

export function preloadPlugin(root: string): Plugin {
  let base = '/';
  return {
    name: 'onboarding-page-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks: ChunkFacts[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const css = [...((output as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss ?? [])];
        chunks.push({ fileName: output.fileName, facadeModuleId: output.facadeModuleId, imports: output.imports, isEntry: output.isEntry, css });
      }
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entryFiles = new Set<string>();
      const walk = (file: string, into: Set<string>) => {
        if (into.has(file)) return;
        into.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) walk(imported, into);
      };
      for (const chunk of chunks) if (chunk.isEntry) walk(chunk.fileName, entryFiles);
      const facade = (test: (id: string) => boolean) => chunks.find((chunk) => chunk.facadeModuleId && test(chunk.facadeModuleId));
      /** A chunk and what it imports, less the entry's own, as `{ modules, styles }`. */
      const closure = (starts: Array<ChunkFacts | undefined>) => {
        const files = new Set<string>();
        for (const start of starts) if (start) walk(start.fileName, files);
        const modules = [...files].filter((file) => !entryFiles.has(file));
        return { modules: modules.map((file) => `${base}${file}`), styles: modules.flatMap((file) => byFile.get(file)?.css ?? []).map((file) => `${base}${file}`) };
      };

      const catalogues: Record<string, string[]> = {};
      for (const chunk of chunks) {
        const match = /\0?virtual:catalogue\/(.+)$/.exec(chunk.facadeModuleId ?? '');
        if (match) catalogues[match[1]] = closure([chunk]).modules;
      }
      const screens: PagePreloads['screens'] = [];
      for (const screen of Object.values(loadContent(root).screens)) {
        if (typeof screen.kind !== 'string') continue;
        const kind = facade((id) => id.endsWith(`/engine/screens/${screen.kind}-screen.tsx`));
        if (!kind) continue; // a kind in the entry chunk: nothing more to load
        const validators = screen.kind === 'form' ? facade((id) => id.endsWith(`virtual:validators/${screen.id}`)) : undefined;
        screens.push({ id: screen.id, path: screen.path, auth: screen.auth !== 'none', ...closure([kind, validators]) });
      }
      const { fallbackLocale } = JSON.parse(readFileSync(join(root, 'rules/config.json'), 'utf8')) as { fallbackLocale: string };
      const file: PagePreloads = { fallbackLocale, catalogues, screens };
      this.emitFile({ type: 'asset', fileName: PAGE_PRELOADS_FILE, source: `${JSON.stringify(file, null, 1)}\n` });
    },
  };
}
