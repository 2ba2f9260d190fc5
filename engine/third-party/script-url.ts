/**
 * The address of a third-party script (rules/scripts.json): its `src` with a query built from constants and context
 * paths, or `undefined` when a path it `requires` (a key, a flag) holds no value, so the script is not loaded. The
 * script language is French for fr-CA and otherwise the first part of the locale (doc2 §7 Other). Pure.
 */
import { getPath } from '../state/bind.ts';

/** One script's definition in rules/scripts.json. */
export interface ScriptDefinition {
  src: string;
  query: Record<string, string | { var: string }>;
  requires: string[];
  retries: number;
  retryDelayMs: number;
  logFailure: boolean;
}

/** rules/scripts.json as the engine reads it. */
export interface ScriptRules {
  scripts: Record<string, ScriptDefinition>;
  languages: Record<string, string>;
}

/** The language a script is asked for: the table's entry for the locale, else the locale's first part. */
export function scriptLanguage(locale: string, languages: Record<string, string>): string {
  return languages[locale] ?? locale.split('-')[0]!;
}

const present = (value: unknown): boolean => value !== undefined && value !== null && value !== '' && value !== false;

/** Whether every path the script `requires` (a key, a flag) holds a value in `context`: else it must not load. */
export function scriptWanted(definition: Pick<ScriptDefinition, 'requires'>, context: object): boolean {
  return definition.requires.every((path) => present(getPath(context, path)));
}

/** The script's URL for a context (which has `environment.locale`), or undefined when it must not load. */
export function scriptUrl(
  definition: ScriptDefinition,
  context: object,
  languages: Record<string, string>,
): string | undefined {
  if (!scriptWanted(definition, context)) return undefined;
  const locale = String(getPath(context, 'environment.locale') ?? '');
  const scope = { ...context, language: locale ? scriptLanguage(locale, languages) : undefined };
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(definition.query)) {
    const resolved = typeof value === 'string' ? value : getPath(scope, value.var);
    if (present(resolved)) params.set(name, String(resolved));
  }
  const query = params.toString();
  return query ? `${definition.src}?${query}` : definition.src;
}
