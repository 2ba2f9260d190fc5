import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { contentPlugin } from './scripts/vite/content-plugin.ts';
import { compressPlugin } from './scripts/vite/compress-plugin.ts';
import { preloadPlugin } from './scripts/vite/preload-plugin.ts';
import { markdownStubAlias } from './scripts/vite/markdown-stub.ts';
import { editorOnlyPlugin } from './scripts/vite/editor-only-plugin.ts';
import { chunkGroups, codeSplitting } from './scripts/vite/chunk-groups.ts';
import { replacedByTheme, unreachableFromContent } from './engine/form/rjsf-replaced.ts';

const root = import.meta.dirname;

/**
 * A plugin that hands @rjsf/utils our `file` where it imports `source` (each file says why, and a unit test holds it
 * to rjsf's own answers); every other importer keeps the original.
 */
function rjsfSwap(name: string, source: string, file: string): Plugin {
  return {
    name,
    enforce: 'pre',
    resolveId(id, importer) {
      return id === source && importer?.includes('/node_modules/@rjsf/utils/') ? `${root}/${file}` : undefined;
    },
  };
}

/**
 * A plugin that hands @rjsf/core a stub (engine/form/rjsf-replaced-stub.ts) for each default template and widget our
 * theme always replaces, and each field and widget our content cannot name (engine/form/rjsf-replaced.ts), where rjsf's
 * own registry imports it.
 */
function rjsfReplaced(): Plugin {
  const components = '/node_modules/@rjsf/core/lib/components/';
  const stub = `${root}/engine/form/rjsf-replaced-stub.ts`;
  return {
    name: 'rjsf-replaced-by-theme',
    enforce: 'pre',
    resolveId(id, importer) {
      const at = importer?.lastIndexOf(components) ?? -1;
      if (!importer || at < 0 || !id.startsWith('./')) return undefined;
      const folder = importer.slice(at + components.length, importer.lastIndexOf('/') + 1);
      const file = `${folder}${id.slice(2)}`;
      return Object.hasOwn(replacedByTheme, file) || Object.hasOwn(unreachableFromContent, file) ? stub : undefined;
    },
  };
}

/**
 * The entry's own files (its chunk and its CSS): every page loads them before any other code runs, so no dynamic
 * import needs to preload them again (`entryFiles()` fills the set as the bundle is written, before the preloads are).
 */
const entry = new Set<string>();
function entryFiles(): Plugin {
  return {
    name: 'entry-files',
    enforce: 'pre',
    generateBundle(_, bundle) {
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && chunk.isEntry) {
          entry.add(chunk.fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) entry.add(css);
        }
    },
  };
}

export default defineConfig({
  plugins: [
    entryFiles(),
    chunkGroups(),
    react(),
    contentPlugin(root),
    preloadPlugin(root),
    compressPlugin(),
    // The rules JSON the engine imports, without the editors' descriptions (scripts/vite/editor-only-plugin.ts).
    editorOnlyPlugin(),
    // rjsf's URI resolution (fast-uri, about 7 KB gzip in the form chunk) is done by the browser's URL parser instead.
    // Only rjsf's import is replaced: ajv's needs fast-uri's whole API.
    rjsfSwap('rjsf-uri-resolver', 'fast-uri', 'engine/form/uri-resolver.ts'),
    // rjsf's decimal separator, worked out once per language list instead of with a new Intl.NumberFormat on every
    // render of a number field.
    rjsfSwap('rjsf-decimal-separator', './getDecimalSeparator.js', 'engine/form/decimal-separator.ts'),
    // rjsf's hasWidget, without an Error built and thrown on every render of a string field with a format whose answer
    // is already known.
    rjsfSwap('rjsf-has-widget', './hasWidget.js', 'engine/form/has-widget.ts'),
    // rjsf's default templates and widgets that our theme replaces by name, and its layout fields and rating widget that
    // no content can name (about 4 KB gzip in the form chunk).
    rjsfReplaced(),
  ],
  resolve: { alias: [markdownStubAlias(root)] },
  // No modulepreload polyfill (0.5 KB gzip on every page): every browser of the es2022 target but Safari 16 preloads
  // modules itself, and one that does not only loads them when imported.
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    // A dynamic import preloads what the chunk it loads needs besides the entry's files (always in already), and
    // nothing when that is the chunk alone (which the import fetches anyway): the loader maps of every page name fewer
    // files.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (file, deps) => {
        const needed = deps.filter((dep) => !entry.has(dep));
        return needed.length === 1 && needed[0] === file ? [] : needed;
      },
    },
    // A screen's chunks (its definition with its messages, its validators) are named by their hash alone: each page's
    // catalogue names every screen's chunk (its `screens`), and the screen id repeated in each file name cost the
    // landing 0.7 KB gzip. The map's key still says which screen a chunk is.
    rolldownOptions: {
      output: {
        // The engine with the modules it shares with lazily loaded screens, and a form step's validation kit, each one
        // file (scripts/vite/chunk-groups.ts).
        codeSplitting,
        chunkFileNames: (chunk) =>
          /^\0virtual:(screen-messages|validators)\//.test(chunk.facadeModuleId ?? '')
            ? 'assets/[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3001', '/sso': 'http://127.0.0.1:3001', '/sandbox': 'http://127.0.0.1:3001' },
  },
});
