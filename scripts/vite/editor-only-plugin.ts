/**
 * Vite plugin (build only): the rules files the engine imports as JSON (rules/services.json,
 * rules/validation/formats.json, …) reach the browser without their editor-only keys (`description`, `$schema`,
 * `fixtures`, `examples`: content-plugin.ts `forRuntime`, the same cut the content bundle gets). No engine code reads
 * them; they were about half of the formats chunk (engine/validation/README.md "Size") and of the services rules in the
 * entry chunk. Tests and the dev server read the files whole.
 */
import type { Plugin } from 'vite';
import { forRuntime } from './content-plugin.ts';

export function editorOnlyPlugin(): Plugin {
  return {
    name: 'onboarding-rules-without-editor-keys',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/rules\/[\w/-]+\.json$/.test(id) || id.includes('/node_modules/')) return undefined;
      return { code: JSON.stringify(forRuntime(JSON.parse(code) as unknown)), map: null };
    },
  };
}
