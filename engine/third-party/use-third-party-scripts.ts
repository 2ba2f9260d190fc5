/**
 * Loads the third-party scripts of rules/scripts.json once the environment is known (keys and flags come from the
 * configuration; the language from the locale). Nothing waits for them: a script that never loads leaves the app
 * working without it (manual address entry). The loader (addresses, retries, script elements: browser.ts) is a chunk
 * of its own, fetched only when some script's requirements hold: a configuration without keys or flags for them
 * downloads none of it.
 */
import { useEffect } from 'react';
import type { Environment } from '../environment/detect.ts';
import type { ScriptRules } from './script-url.ts';
import { getPath } from '../state/bind.ts';

/**
 * Whether some script's `requires` paths all hold a value (script-url.ts `scriptUrl` gives no address otherwise). Kept
 * here rather than imported from script-url.ts: a module the entry shares with the loader's chunk makes the bundler
 * split further modules out of the entry (measured: state/bind.ts became a file of its own on every page).
 */
function someScriptWanted(rules: ScriptRules, context: object): boolean {
  const given = (value: unknown) => value !== undefined && value !== null && value !== '' && value !== false;
  return Object.values(rules.scripts).some((definition) =>
    definition.requires.every((path) => given(getPath(context, path))),
  );
}

/** Starts loading the configured scripts for this environment. */
export function useThirdPartyScripts(rules: ScriptRules | undefined, environment: Environment): void {
  useEffect(() => {
    if (!rules) return;
    const { config, ...facts } = environment;
    const context = { environment: { ...facts, ...config }, flags: config.flags ?? {} };
    if (!someScriptWanted(rules, context)) return;
    void import('./browser.ts').then(
      ({ loadThirdPartyScripts }) => loadThirdPartyScripts(rules, context),
      (error: unknown) => console.error('third-party loader failed to load', error),
    );
  }, [rules, environment]);
}
