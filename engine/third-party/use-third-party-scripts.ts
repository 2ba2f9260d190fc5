/**
 * Loads the third-party scripts of rules/scripts.json once the environment is known (keys and flags come from the
 * configuration; the language from the locale). Nothing waits for them: a script that never loads leaves the app
 * working without it (manual address entry). The loader (addresses, retries, script elements: browser.ts) is a chunk
 * of its own, fetched only when some script's requirements hold: a configuration without keys or flags for them
 * downloads none of it.
 */
import { useEffect } from 'react';
import type { Environment } from '../environment/detect.ts';
import { scriptWanted, type ScriptRules } from './script-url.ts';

/** Starts loading the configured scripts for this environment. */
export function useThirdPartyScripts(rules: ScriptRules | undefined, environment: Environment): void {
  useEffect(() => {
    if (!rules) return;
    const { config, ...facts } = environment;
    const context = { environment: { ...facts, ...config }, flags: config.flags ?? {} };
    if (!Object.values(rules.scripts).some((definition) => scriptWanted(definition, context))) return;
    void import('./browser.ts').then(
      ({ loadThirdPartyScripts }) => loadThirdPartyScripts(rules, context),
      (error: unknown) => console.error('third-party loader failed to load', error),
    );
  }, [rules, environment]);
}
