/// <reference types="vite/client" />
// Types of the virtual modules served by scripts/vite/content-plugin.ts.
declare module 'virtual:content' {
  import type { ContentBundle } from './content/types.ts';
  const bundle: ContentBundle;
  export default bundle;
}
declare module 'virtual:catalogues' {
  export const locales: string[];
  /** rules/config.json fallbackLocale. */
  export const fallbackLocale: string;
  /** One locale's messages, and the fallback locale's messages for the keys it lacks (empty when complete). */
  export const loaders: Record<string, () => Promise<{ default: Record<string, string>; fallback: Record<string, string> }>>;
}
declare module 'virtual:validators' {
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
  /** One loader per screen that can show a form: its precompiled validators (every variant of its schema). */
  export const loaders: Record<string, () => Promise<{ default: ValidatorFunctions }>>;
}
