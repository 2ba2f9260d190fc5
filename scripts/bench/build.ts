/**
 * Builds, in the same run: the app (the repository's vite.config.ts, into its own folder) and the references
 * (scripts/bench/references/*: a hand-written form, plain rjsf, and the chosen libraries alone), each given the
 * benchmarked screens as virtual modules.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import type { BenchScreen } from './screens.ts';
import { markdownStubAlias } from '../vite/markdown-stub.ts';

const root = join(import.meta.dirname, '../..');

/** The reference kinds and the folder each is built from. */
export const referenceNames = ['hand-written', 'rjsf-runtime', 'libraries'] as const;
export type ReferenceName = (typeof referenceNames)[number];

function screensPlugin(screens: Record<string, BenchScreen>): Plugin {
  const prefix = 'virtual:bench-screen/';
  return {
    name: 'bench-screens',
    resolveId: (id) => (id.startsWith(prefix) ? `\0${id}` : undefined),
    load: (id) =>
      id.startsWith(`\0${prefix}`)
        ? `export default ${JSON.stringify(screens[id.slice(prefix.length + 1)])};`
        : undefined,
  };
}

/** Builds the app into `outDir` with the project's own configuration. */
export function buildApp(outDir: string): void {
  const result = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('app build failed');
}

/** Builds one reference into `outDir`. */
export async function buildReference(
  name: ReferenceName,
  outDir: string,
  screens: Record<string, BenchScreen>,
): Promise<void> {
  await build({
    configFile: false,
    root: join(import.meta.dirname, 'references', name),
    base: '/',
    logLevel: 'warn',
    plugins: [react(), screensPlugin(screens)],
    // The app replaces rjsf's markdown parser with a stub (vite.config.ts); the libraries reference is read against the
    // app, so it does the same. The plain rjsf reference keeps rjsf as it comes.
    resolve: name === 'libraries' ? { alias: [markdownStubAlias(root)] } : {},
    build: { outDir, emptyOutDir: true },
  });
}
