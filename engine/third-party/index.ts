/** Third-party scripts (maps, analytics tag, customer survey) through one loader with retries. */
export { loadWithRetry, type RetryDeps, type RetryPolicy } from './retry.ts';
export { scriptLanguage, scriptUrl, type ScriptDefinition, type ScriptRules } from './script-url.ts';
export { attachScript, loadThirdPartyScripts } from './browser.ts';
