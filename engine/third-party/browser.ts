/**
 * The browser side of the loader: one `<script async>` per attempt (a failed element is removed before the next
 * try), one load per URL per page however many screens ask for it.
 */
import { loadWithRetry, type RetryDeps } from './retry.ts';
import { scriptUrl, type ScriptRules } from './script-url.ts';

const loads = new Map<string, Promise<boolean>>();

/** Adds a script element and settles when it loads or fails. */
export function attachScript(url: string, doc: Document = document): Promise<void> {
  return new Promise((resolve, reject) => {
    const element = doc.createElement('script');
    element.async = true;
    element.src = url;
    element.dataset.thirdParty = 'true';
    element.onload = () => resolve();
    element.onerror = () => {
      element.remove();
      reject(new Error(`script failed: ${url.split('?')[0]}`));
    };
    doc.head.appendChild(element);
  });
}

const browserDeps: RetryDeps = {
  attempt: (url) => attachScript(url),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  log: (message, error) => console.error(message, error),
};

/** Loads every script of rules/scripts.json whose requirements the context meets; resolves name → loaded. */
export async function loadThirdPartyScripts(
  rules: ScriptRules,
  context: object,
  deps: RetryDeps = browserDeps,
): Promise<Record<string, boolean>> {
  const results: Record<string, boolean> = {};
  await Promise.all(
    Object.entries(rules.scripts).map(async ([name, definition]) => {
      const url = scriptUrl(definition, context, rules.languages);
      if (!url) return;
      let load = loads.get(url);
      if (!load) {
        load = loadWithRetry(url, definition, deps).then((result) => result.loaded);
        loads.set(url, load);
      }
      results[name] = await load;
    }),
  );
  return results;
}
