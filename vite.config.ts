import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { contentPlugin } from './scripts/vite/content-plugin.ts';
import { compressPlugin } from './scripts/vite/compress-plugin.ts';
import { preloadPlugin } from './scripts/vite/preload-plugin.ts';

const root = import.meta.dirname;

export default defineConfig({
  plugins: [
    react(),
    contentPlugin(root),
    preloadPlugin(root),
    compressPlugin(),
    {
      // rjsf's URI resolution (fast-uri, about 7 KB gzip in the form chunk) is done by the browser's URL parser
      // instead (engine/form/uri-resolver.ts). Only rjsf's import is replaced: ajv's needs fast-uri's whole API.
      name: 'rjsf-uri-resolver',
      enforce: 'pre',
      resolveId(source, importer) {
        return source === 'fast-uri' && importer?.includes('/node_modules/@rjsf/utils/') ? `${root}/engine/form/uri-resolver.ts` : undefined;
      },
    },
    {
      // rjsf's decimal separator, worked out once per language list instead of with a new Intl.NumberFormat on every
      // render of a number field (engine/form/decimal-separator.ts).
      name: 'rjsf-decimal-separator',
      enforce: 'pre',
      resolveId(source, importer) {
        return source === './getDecimalSeparator.js' && importer?.includes('/node_modules/@rjsf/utils/') ? `${root}/engine/form/decimal-separator.ts` : undefined;
      },
    },
    {
      // rjsf's hasWidget, without an Error built and thrown on every render of a string field with a format whose
      // answer is already known (engine/form/has-widget.ts).
      name: 'rjsf-has-widget',
      enforce: 'pre',
      resolveId(source, importer) {
        return source === './hasWidget.js' && importer?.includes('/node_modules/@rjsf/utils/') ? `${root}/engine/form/has-widget.ts` : undefined;
      },
    },
  ],
  resolve: {
    // rjsf renders markdown descriptions through markdown-to-jsx; our screens take rich text from the catalogues
    // instead, so the 30 KB (gzip) parser is replaced by a stub (NOTES.md).
    alias: [{ find: /^markdown-to-jsx(\/react)?$/, replacement: `${root}/engine/form/markdown-stub.tsx` }],
  },
  build: { outDir: 'dist', sourcemap: false, target: 'es2022' },
  server: { proxy: { '/api': 'http://127.0.0.1:3001', '/sso': 'http://127.0.0.1:3001' } },
});
