/**
 * rjsf renders markdown descriptions through markdown-to-jsx; our screens take rich text from the catalogues instead,
 * so the 30 KB (gzip) parser is replaced by a stub (NOTES.md). One alias for the app's build, the tests and the
 * benchmark's libraries reference.
 */
import { join } from 'node:path';
import type { Alias } from 'vite';

export function markdownStubAlias(root: string): Alias {
  return { find: /^markdown-to-jsx(\/react)?$/, replacement: join(root, 'engine/form/markdown-stub.tsx') };
}
