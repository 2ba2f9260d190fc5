/**
 * Message keys: every key a screen needs (engine/content/messages.ts) exists in all three catalogues; every
 * catalogue has the same keys as en-US; every key starts with its file's namespace; every message compiles as
 * MessageFormat 2 (npm messageformat 4).
 */
import { closest } from './suggest.ts';
import { MessageFormat } from 'messageformat';
import { messageKeysOfScreen, type ScreenMessageSource } from '../../engine/content/messages.ts';
import { asArray, asObject, type ContentModel, type Obj } from './model.ts';
import { pointer, type Problem } from './problem.ts';
import { viewsOf } from './screens.ts';

/** The locales every key must exist in. */
export const LOCALES = ['en-US', 'en-CA', 'fr-CA'] as const;
/** The locale every catalogue is compared with. */
export const REFERENCE_LOCALE = 'en-US';

/** Checks catalogues against each other and against what the screens need. */
export function checkCatalogues(model: ContentModel, resolved: Map<string, Obj>, problems: Problem[]): void {
  const keysOf = new Map<string, Set<string>>();
  for (const catalogue of model.catalogues) {
    const keys = keysOf.get(catalogue.locale) ?? new Set<string>();
    keysOf.set(catalogue.locale, keys);
    for (const [key, text] of Object.entries(catalogue.messages)) {
      keys.add(key);
      const at = pointer('messages', key);
      if (!key.startsWith(`${catalogue.namespace}.`)) {
        problems.push({
          file: catalogue.file,
          pointer: at,
          message: `key "${key}" does not start with the file's namespace "${catalogue.namespace}."`,
          fix: `Move it to locales/${catalogue.locale}/${key.split('.')[0]}.json or rename it to start with "${catalogue.namespace}.".`,
        });
      }
      if (typeof text !== 'string') continue;
      try {
        new MessageFormat(catalogue.locale, text);
      } catch (error) {
        problems.push({
          file: catalogue.file,
          pointer: at,
          message: `message does not compile as MessageFormat 2: ${(error as Error).message}`,
          fix: 'Correct the message syntax; write a literal { or } as \\{ or \\}, variables as {$name}.',
        });
      }
    }
  }
  for (const locale of LOCALES) {
    if (!keysOf.has(locale)) {
      problems.push({
        file: `locales/${locale}`,
        pointer: '',
        message: `locale ${locale} has no catalogues`,
        fix: `Add locales/${locale}/<namespace>.json files with the same keys as ${REFERENCE_LOCALE}.`,
      });
    }
  }
  const reference = new Map(model.catalogues.filter((c) => c.locale === REFERENCE_LOCALE).map((c) => [c.namespace, c]));
  for (const locale of new Set(model.catalogues.map((c) => c.locale))) {
    if (locale === REFERENCE_LOCALE || !reference.size) continue;
    const own = new Map(model.catalogues.filter((c) => c.locale === locale).map((c) => [c.namespace, c]));
    for (const [namespace, base] of reference) {
      const catalogue = own.get(namespace);
      const file = `locales/${locale}/${namespace}.json`;
      if (!catalogue) {
        problems.push({
          file,
          pointer: '',
          message: `is missing: ${base.file} has ${Object.keys(base.messages).length} keys`,
          fix: `Create ${file} with the same keys as ${base.file}.`,
        });
        continue;
      }
      for (const key of Object.keys(base.messages)) {
        if (!(key in catalogue.messages)) {
          problems.push({
            file,
            pointer: '/messages',
            message: `lacks key "${key}", which ${base.file} has`,
            fix: `Add "${key}" with its ${locale} text.`,
          });
        }
      }
      for (const key of Object.keys(catalogue.messages)) {
        if (!(key in base.messages)) {
          problems.push({
            file,
            pointer: pointer('messages', key),
            message: `has key "${key}", which ${base.file} lacks`,
            fix: `Add "${key}" to ${base.file} too, or remove it here.`,
          });
        }
      }
    }
    for (const [namespace, catalogue] of own) {
      if (!reference.has(namespace)) {
        problems.push({
          file: catalogue.file,
          pointer: '',
          message: `has no counterpart in locales/${REFERENCE_LOCALE}/`,
          fix: `Create locales/${REFERENCE_LOCALE}/${namespace}.json with the same keys, or remove this file.`,
        });
      }
    }
  }
  for (const { file, data } of model.screens.values()) {
    const screen = resolved.get(file) ?? data;
    const said = new Set<string>();
    for (const { at, screen: view } of viewsOf(screen)) {
      if (typeof view.messages !== 'string') continue;
      let keys: string[];
      try {
        keys = messageKeysOfScreen(view as unknown as ScreenMessageSource);
      } catch (error) {
        problems.push({
          file,
          pointer: at,
          message: `message keys cannot be derived: ${(error as Error).message}`,
          fix: 'Correct the form and busy sections.',
        });
        continue;
      }
      for (const key of keys) {
        for (const locale of LOCALES) {
          const available = keysOf.get(locale);
          if (!available || available.has(key) || said.has(`${locale} ${key}`)) continue;
          said.add(`${locale} ${key}`);
          problems.push({
            file,
            pointer: at === '' ? '/messages' : at,
            message: `needs message key "${key}", which locales/${locale}/ lacks`,
            fix: `${suggestKey(key, available)}Add "${key}" to locales/${locale}/${key.split('.')[0]}.json.`,
          });
        }
      }
    }
  }
  // A walked flow's step names (progress.stepKeys, the list beside the form): every locale must have them.
  for (const { file, data } of model.flows.values()) {
    for (const [screen, key] of Object.entries(asObject(asObject(data.progress)?.stepKeys) ?? {})) {
      if (typeof key !== 'string') continue;
      for (const locale of LOCALES) {
        const available = keysOf.get(locale);
        if (!available || available.has(key)) continue;
        problems.push({
          file,
          pointer: pointer('progress', 'stepKeys', screen),
          message: `needs message key "${key}", which locales/${locale}/ lacks`,
          fix: `${suggestKey(key, available)}Add "${key}" to locales/${locale}/${key.split('.')[0]}.json.`,
        });
      }
    }
  }
  // A routing row that stays names the notice it shows (doc1 §4.3 row 5): every locale must have it.
  for (const { file, data } of model.tables.values()) {
    asArray(data.rows).forEach((row, index) => {
      const key = asObject(row)?.noticeKey;
      if (typeof key !== 'string') return;
      for (const locale of LOCALES) {
        const available = keysOf.get(locale);
        if (!available || available.has(key)) continue;
        problems.push({
          file,
          pointer: pointer('rows', index, 'noticeKey'),
          message: `needs message key "${key}", which locales/${locale}/ lacks`,
          fix: `${suggestKey(key, available)}Add "${key}" to locales/${locale}/${key.split('.')[0]}.json.`,
        });
      }
    });
  }
}

/** "Did you mean" a key of the same namespace that differs by a typo (a key named in `options` or by a field). */
function suggestKey(key: string, available: Set<string>): string {
  const prefix = `${key.split('.')[0]}.`;
  const match = closest(
    key,
    [...available].filter((candidate) => candidate.startsWith(prefix)),
  );
  return match ? `Did you mean "${match}"? If not: ` : '';
}
