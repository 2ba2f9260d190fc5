/**
 * Loads the third-party scripts of rules/scripts.json once the environment is known (keys and flags come from the
 * configuration; the language from the locale). Nothing waits for them: a script that never loads leaves the app
 * working without it (manual address entry).
 */
import { useEffect } from 'react';
import type { Environment } from '../environment/detect.ts';
import { loadThirdPartyScripts } from './browser.ts';
import type { ScriptRules } from './script-url.ts';

/** Starts loading the configured scripts for this environment. */
export function useThirdPartyScripts(rules: ScriptRules | undefined, environment: Environment): void {
  useEffect(() => {
    if (!rules) return;
    const { config, ...facts } = environment;
    void loadThirdPartyScripts(rules, { environment: { ...facts, ...config }, flags: config.flags ?? {} });
  }, [rules, environment]);
}
