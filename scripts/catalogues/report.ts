/**
 * The catalogue report for localisers: per locale, keys that are missing (the reference locale or a screen needs
 * them), unused (no screen, rule or engine code names them), untranslated (a message in another language identical
 * to the reference, unless locales/same-as-source.json says it is meant to be), and MessageFormat 2 errors
 * (syntax, and variables nobody provides). `variableProblems` is also part of `npm run check:content`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { messageKeysOfScreen, type ScreenMessageSource } from '../../engine/content/messages.ts';
import { ownRequiredKey, requiredFieldsOf } from '../../engine/content/required-fields.ts';
import { readContent } from '../check-content/files.ts';
import { sourceFiles } from '../content/source-files.ts';
import { buildModel, asObject, type ContentModel, type Obj } from '../check-content/model.ts';
import { resolveIncludes } from '../check-content/includes.ts';
import { pointer, sortProblems, type Problem } from '../check-content/problem.ts';
import { viewsOf } from '../check-content/screens.ts';
import { LOCALES, REFERENCE_LOCALE } from '../check-content/catalogues.ts';
import { variablesOfMessage } from './variables.ts';

/** The file where a localiser marks a message that is meant to read the same as the reference. */
export const SAME_AS_SOURCE = 'locales/same-as-source.json';

export interface LocaleReport {
  locale: string;
  keys: number;
  missing: Array<{ key: string; neededBy: string }>;
  unused: string[];
  untranslated: string[];
  problems: Problem[];
}

export interface CatalogueReport {
  locales: LocaleReport[];
  /** Problems of locales/same-as-source.json (keys it marks that no longer exist or now differ). */
  sameAsSource: Problem[];
}

/** Every message key a screen needs, by screen, and the keys it shows without variables. */
export function screenKeys(
  model: ContentModel,
  resolved: Map<string, Obj>,
): { needed: Map<string, string>; plain: Map<string, string> } {
  const needed = new Map<string, string>();
  const plain = new Map<string, string>();
  for (const entry of model.screens.values()) {
    const screen = resolved.get(entry.file) ?? entry.data;
    for (const { screen: view } of viewsOf(screen)) {
      if (typeof view.messages !== 'string') continue;
      // Raw content JSON: messageKeysOfScreen throws on a screen that does not fit its type (skipped here).
      const source = view as unknown as ScreenMessageSource;
      let keys: string[];
      try {
        keys = messageKeysOfScreen(source);
      } catch {
        continue;
      }
      // Keys the engine derives (title, intro, submit, labels, help, options, busy texts) are shown without
      // variables; keys a kind's options or a secondary action name may get values from the kind, so they are
      // left out, as are validation messages (they get the failed rule's arguments) and the keys a widget's
      // `ui:options` name (the widget may give them values: a choice's price).
      const derived = new Set(messageKeysOfScreen({ ...source, options: undefined, secondary: undefined }));
      const withArgs = new Set<string>();
      collectUiMessages(asObject(view.form)?.uiSchema, withArgs);
      collectWidgetOptionKeys(asObject(view.form)?.uiSchema, withArgs);
      // Each required field's own message for a missing value (scripts/check-content/required-messages.ts).
      const form = asObject(view.form);
      if (form)
        for (const field of requiredFieldsOf(form.schema, form.uiSchema))
          keys.push(ownRequiredKey(view.messages, form.uiSchema, field.path.join('.')).key);
      for (const key of keys) {
        if (!needed.has(key)) needed.set(key, entry.id);
        if (derived.has(key) && !withArgs.has(key) && !key.startsWith('validation.') && !plain.has(key))
          plain.set(key, entry.id);
      }
    }
  }
  return { needed, plain };
}

/** Keys named under a widget's `ui:options` (keys ending in `Key`): the widget may give them values. */
function collectWidgetOptionKeys(node: unknown, out: Set<string>, inOptions = false): void {
  if (Array.isArray(node)) node.forEach((item) => collectWidgetOptionKeys(item, out, inOptions));
  else if (node !== null && typeof node === 'object')
    for (const [key, value] of Object.entries(node as Obj)) {
      if (inOptions && /Key$/.test(key) && typeof value === 'string') out.add(value);
      else collectWidgetOptionKeys(value, out, inOptions || key === 'ui:options');
    }
}

/** `ui:messages` values: validation messages, which get the failed rule's arguments. */
function collectUiMessages(node: unknown, out: Set<string>): void {
  if (Array.isArray(node)) node.forEach((item) => collectUiMessages(item, out));
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node as Obj)) {
      if (key === 'ui:messages' && asObject(value))
        for (const text of Object.values(value as Obj))
          if (typeof text === 'string') out.add(text);
          else collectUiMessages(value, out);
    }
  }
}

/**
 * Variable checks: a message a screen shows without variables (titles, labels, help, options, paragraphs) must
 * not read one, in any locale; and a translation must not read a variable the reference message does not.
 */
export function variableProblems(model: ContentModel, resolved: Map<string, Obj>): Problem[] {
  const problems: Problem[] = [];
  const { plain } = screenKeys(model, resolved);
  const reference = new Map<string, string[]>();
  for (const catalogue of model.catalogues.filter((c) => c.locale === REFERENCE_LOCALE)) {
    for (const [key, text] of Object.entries(catalogue.messages)) {
      const parsed = typeof text === 'string' ? variablesOfMessage(text) : undefined;
      if (parsed && 'variables' in parsed) reference.set(key, parsed.variables);
    }
  }
  for (const catalogue of model.catalogues) {
    for (const [key, text] of Object.entries(catalogue.messages)) {
      if (typeof text !== 'string') continue;
      const parsed = variablesOfMessage(text);
      if (!('variables' in parsed) || parsed.variables.length === 0) continue;
      const at = pointer('messages', key);
      const screen = plain.get(key);
      const list = parsed.variables.map((name) => `{$${name}}`).join(', ');
      if (screen !== undefined) {
        problems.push({
          file: catalogue.file,
          pointer: at,
          message: `uses ${list}, but screen "${screen}" shows this message (a title, intro, button, label, help, option or busy text) without variables`,
          fix: 'Write the text without the variable: the engine gives these texts no values.',
        });
        continue;
      }
      const base = reference.get(key);
      if (catalogue.locale === REFERENCE_LOCALE || base === undefined) continue;
      const extra = parsed.variables.filter((name) => !base.includes(name));
      if (extra.length) {
        problems.push({
          file: catalogue.file,
          pointer: at,
          message: `uses ${extra.map((name) => `{$${name}}`).join(', ')}, which the ${REFERENCE_LOCALE} message does not provide${base.length ? ` (it has ${base.map((name) => `{$${name}}`).join(', ')})` : ' (it has none)'}`,
          fix: `Use the variables of locales/${REFERENCE_LOCALE}/${catalogue.namespace}.json, spelt the same (variable names are not translated).`,
        });
      }
    }
  }
  return problems;
}

/** Dotted names that engine, server, rules and flows files spell out (message keys and key prefixes). */
function namedInSources(root: string): Set<string> {
  const names = new Set<string>();
  for (const folder of ['engine', 'server', 'rules', 'flows']) {
    for (const file of sourceFiles(join(root, folder), /\.(tsx?|json)$/)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/[a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_-]+)+/g)) names.add(match[0]);
      // A format named in content has a default message `validation.<format>` (engine/validation/rules.ts).
      if (file.endsWith('.json'))
        for (const match of text.matchAll(/"([a-z][a-z0-9]*(?:-[a-z0-9]+)+)"/g)) names.add(`validation.${match[1]}`);
    }
  }
  return names;
}

function readSameAsSource(root: string): Record<string, Record<string, string>> {
  const file = join(root, SAME_AS_SOURCE);
  if (!existsSync(file)) return {};
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as { locales?: Record<string, Record<string, string>> };
    return data.locales ?? {};
  } catch {
    return {};
  }
}

const language = (locale: string): string => locale.split('-')[0].toLowerCase();

/** The report for the tree under `root`. */
export function catalogueReport(root: string): CatalogueReport {
  const syntax: Problem[] = [];
  const model = buildModel(readContent(root, syntax));
  const resolved = new Map<string, Obj>();
  for (const screen of model.allScreens)
    resolved.set(screen.file, resolveIncludes(screen.data, model, screen.file, '', []) as Obj);
  const { needed } = screenKeys(model, resolved);
  const named = namedInSources(root);
  const prefixes = new Set(
    [...model.screens.values()]
      .map((screen) => (resolved.get(screen.file) ?? screen.data).messages)
      .filter((p): p is string => typeof p === 'string'),
  );
  const isUsed = (key: string): boolean => {
    if (needed.has(key) || named.has(key)) return true;
    const parts = key.split('.');
    for (let length = parts.length - 1; length >= 2; length -= 1) {
      const prefix = parts.slice(0, length).join('.');
      if (named.has(prefix) && !prefixes.has(prefix)) return true;
    }
    return false;
  };
  const messagesOf = (locale: string): Map<string, { text: unknown; file: string }> =>
    new Map(
      model.catalogues
        .filter((c) => c.locale === locale)
        .flatMap((c) => Object.entries(c.messages).map(([key, text]) => [key, { text, file: c.file }] as const)),
    );
  const reference = messagesOf(REFERENCE_LOCALE);
  const variables = variableProblems(model, resolved);
  const marked = readSameAsSource(root);
  const sameAsSource: Problem[] = [];
  const locales = [...new Set([...LOCALES, ...model.catalogues.map((c) => c.locale)])].map((locale): LocaleReport => {
    const own = messagesOf(locale);
    const missing: LocaleReport['missing'] = [];
    for (const key of reference.keys())
      if (!own.has(key)) missing.push({ key, neededBy: `locales/${REFERENCE_LOCALE}` });
    for (const [key, screen] of needed)
      if (!own.has(key) && !reference.has(key)) missing.push({ key, neededBy: `screen ${screen}` });
    const intended = marked[locale] ?? {};
    const untranslated =
      language(locale) === language(REFERENCE_LOCALE)
        ? []
        : [...own]
            .filter(([key, { text }]) => reference.get(key)?.text === text && !(key in intended))
            .map(([key]) => key);
    for (const key of Object.keys(intended)) {
      const at = pointer('locales', locale, key);
      if (!own.has(key))
        sameAsSource.push({
          file: SAME_AS_SOURCE,
          pointer: at,
          message: `marks "${key}", which locales/${locale}/ does not have`,
          fix: 'Remove the entry.',
        });
      else if (own.get(key)?.text !== reference.get(key)?.text)
        sameAsSource.push({
          file: SAME_AS_SOURCE,
          pointer: at,
          message: `marks "${key}" as the same as ${REFERENCE_LOCALE}, but it is now translated`,
          fix: 'Remove the entry.',
        });
    }
    const problems = [...syntax, ...variables].filter((problem) => problem.file.startsWith(`locales/${locale}/`));
    for (const [key, { text, file }] of own) {
      if (typeof text !== 'string') continue;
      const parsed = variablesOfMessage(text);
      if ('error' in parsed)
        problems.push({
          file,
          pointer: pointer('messages', key),
          message: `does not parse as MessageFormat 2: ${parsed.error}`,
          fix: 'Write variables as {$name} and a literal { or } as \\{ or \\}.',
        });
    }
    return {
      locale,
      keys: own.size,
      missing: missing.sort((a, b) => a.key.localeCompare(b.key)),
      unused: [...own.keys()].filter((key) => !isUsed(key)).sort(),
      untranslated: untranslated.sort(),
      problems: sortProblems(problems),
    };
  });
  return { locales, sameAsSource: sortProblems(sameAsSource) };
}

/** True when the report holds something a localiser must fix (unused keys are only listed). */
export function hasErrors(report: CatalogueReport): boolean {
  return (
    report.sameAsSource.length > 0 ||
    report.locales.some((l) => l.missing.length || l.untranslated.length || l.problems.length)
  );
}

/** The report as text. */
export function formatReport(report: CatalogueReport): string {
  const lines: string[] = [];
  for (const locale of report.locales) {
    lines.push(
      `${locale.locale}: ${locale.keys} keys, ${locale.missing.length} missing, ${locale.untranslated.length} untranslated, ${locale.problems.length} errors, ${locale.unused.length} unused`,
    );
    for (const { key, neededBy } of locale.missing)
      lines.push(
        `  missing       ${key}  (needed by ${neededBy}; add it to locales/${locale.locale}/${key.split('.')[0]}.json)`,
      );
    for (const key of locale.untranslated)
      lines.push(
        `  untranslated  ${key}  (same text as ${REFERENCE_LOCALE}; translate it, or list it in ${SAME_AS_SOURCE} if meant)`,
      );
    for (const problem of locale.problems)
      lines.push(
        `  error         ${problem.file}#${problem.pointer}: ${problem.message}\n                fix: ${problem.fix}`,
      );
    for (const key of locale.unused) lines.push(`  unused        ${key}  (no screen, rule or engine code names it)`);
  }
  for (const problem of report.sameAsSource)
    lines.push(`${problem.file}#${problem.pointer}: ${problem.message} (${problem.fix})`);
  return lines.join('\n');
}
