/**
 * Message keys: every key a screen needs (engine/content/messages.ts) exists in all three catalogues; every
 * catalogue has the same keys as en-US; every key starts with its file's namespace; every message compiles as
 * MessageFormat 2 (npm messageformat 4); a catalogue only the server shows (`serverOnly`) is so in every locale, and no
 * screen names one of its keys (the browser's catalogues leave them out).
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
        const unsaid = LOCALES.filter((locale) => !said.has(`${locale} ${key}`));
        for (const locale of unsaid) said.add(`${locale} ${key}`);
        needsKey(problems, keysOf, file, at === '' ? '/messages' : at, key, unsaid);
      }
    }
  }
  checkServerOnly(model, problems);
  checkComesWith(model, resolved, problems);
  // A walked flow's step names (progress.stepKeys, the list beside the form): every locale must have them.
  for (const { file, data } of model.flows.values()) {
    for (const [screen, key] of Object.entries(asObject(asObject(data.progress)?.stepKeys) ?? {})) {
      if (typeof key === 'string') needsKey(problems, keysOf, file, pointer('progress', 'stepKeys', screen), key);
    }
  }
  // A routing row that stays names the notice it shows (doc1 §4.3 row 5): every locale must have it.
  for (const { file, data } of model.tables.values()) {
    asArray(data.rows).forEach((row, index) => {
      const key = asObject(row)?.noticeKey;
      if (typeof key === 'string') needsKey(problems, keysOf, file, pointer('rows', index, 'noticeKey'), key);
    });
  }
}

/** One problem per locale of `locales` whose catalogue lacks `key`, named at `file` `at`. */
function needsKey(
  problems: Problem[],
  keysOf: Map<string, Set<string>>,
  file: string,
  at: string,
  key: string,
  locales: readonly string[] = LOCALES,
): void {
  for (const locale of locales) {
    const available = keysOf.get(locale);
    if (!available || available.has(key)) continue;
    problems.push({
      file,
      pointer: at,
      message: `needs message key "${key}", which locales/${locale}/ lacks`,
      fix: `${suggestKey(key, available)}Add "${key}" to locales/${locale}/${key.split('.')[0]}.json.`,
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

/**
 * Every string of a JSON value with its pointer (object keys aside), but those of conditions (`when`): a condition
 * compares data, such as the key of the API's refusal (`"errors.linkUsed"`), and shows no message.
 */
function* stringsAt(value: unknown, at: Array<string | number> = []): Generator<[string, Array<string | number>]> {
  if (typeof value === 'string') yield [value, at];
  else if (Array.isArray(value)) for (const [index, item] of value.entries()) yield* stringsAt(item, [...at, index]);
  else if (value !== null && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) if (key !== 'when') yield* stringsAt(item, [...at, key]);
}

/**
 * Server-only catalogues (`serverOnly`: the server's emails, text messages, sandbox pages and API error messages, which
 * it sends already in the request's language; left out of the
 * browser's catalogues): marked alike in every locale, and never named by a screen, which the browser shows. A screen
 * names a key by the key itself or a dotted prefix of it (`"ui:enumLabels": "sso.field"`), or by its `messages` prefix.
 */
function checkServerOnly(model: ContentModel, problems: Problem[]): void {
  const marked = (catalogue: { data: Obj }) => catalogue.data.serverOnly === true;
  const reference = new Map(
    model.catalogues.filter((c) => c.locale === REFERENCE_LOCALE).map((c) => [c.namespace, marked(c)]),
  );
  for (const catalogue of model.catalogues) {
    const expected = reference.get(catalogue.namespace);
    if (catalogue.locale === REFERENCE_LOCALE || expected === undefined || marked(catalogue) === expected) continue;
    problems.push({
      file: catalogue.file,
      pointer: '/serverOnly',
      message: expected
        ? `is not marked serverOnly, which locales/${REFERENCE_LOCALE}/${catalogue.namespace}.json is`
        : `is marked serverOnly, which locales/${REFERENCE_LOCALE}/${catalogue.namespace}.json is not`,
      fix: `Mark every locale's ${catalogue.namespace}.json alike ("serverOnly": true, or leave it out).`,
    });
  }
  // Each server-only key and its prefixes (namespace included) -> one key it stands for.
  const names = new Map<string, string>();
  for (const catalogue of model.catalogues.filter((c) => c.locale === REFERENCE_LOCALE && marked(c))) {
    for (const key of Object.keys(catalogue.messages)) {
      const parts = key.split('.');
      parts.forEach((_, i) => names.set(parts.slice(0, i + 1).join('.'), key));
    }
  }
  if (!names.size) return;
  for (const { file, data } of model.allScreens) {
    for (const [text, at] of stringsAt(data)) {
      const key = names.get(text);
      // One word is a key's namespace only as a screen's `messages` prefix; elsewhere it is an id or a value.
      if (key === undefined || (!text.includes('.') && at[at.length - 1] !== 'messages')) continue;
      problems.push({
        file,
        pointer: pointer(...at),
        message: `names "${text}", a message only the server shows (locales/${REFERENCE_LOCALE}/${key.split('.')[0]}.json is serverOnly, so the browser lacks "${key}")`,
        fix: 'Name a message of a catalogue the browser has, or move the message to one that is not serverOnly.',
      });
    }
  }
}

/**
 * Catalogues that come with a screen kind (`comesWith`: the browser loads them with a screen of that kind alone):
 * marked alike in every locale, and never named by a screen that cannot show as that kind (neither itself nor a
 * variant), which would show the key instead of the message.
 */
function checkComesWith(model: ContentModel, resolved: Map<string, Obj>, problems: Problem[]): void {
  const kindOf = (catalogue: { data: Obj }) =>
    typeof catalogue.data.comesWith === 'string' ? catalogue.data.comesWith : undefined;
  const reference = new Map(
    model.catalogues.filter((c) => c.locale === REFERENCE_LOCALE).map((c) => [c.namespace, kindOf(c)]),
  );
  for (const catalogue of model.catalogues) {
    if (catalogue.locale === REFERENCE_LOCALE || !reference.has(catalogue.namespace)) continue;
    const expected = reference.get(catalogue.namespace);
    if (kindOf(catalogue) === expected) continue;
    problems.push({
      file: catalogue.file,
      pointer: '/comesWith',
      message: `comes with ${kindOf(catalogue) ?? 'every page'}, but locales/${REFERENCE_LOCALE}/${catalogue.namespace}.json with ${expected ?? 'every page'}`,
      fix: `Mark every locale's ${catalogue.namespace}.json alike ("comesWith": "<kind>", or leave it out).`,
    });
  }
  // Each such key and its dotted prefixes -> the kind it comes with.
  const names = new Map<string, string>();
  for (const catalogue of model.catalogues.filter((c) => c.locale === REFERENCE_LOCALE)) {
    const kind = kindOf(catalogue);
    if (!kind) continue;
    for (const key of Object.keys(catalogue.messages)) {
      const parts = key.split('.');
      parts.forEach((_, i) => i > 0 && names.set(parts.slice(0, i + 1).join('.'), kind));
    }
  }
  if (!names.size) return;
  for (const { file, data } of model.allScreens) {
    const kinds = new Set(viewsOf(resolved.get(file) ?? data).map(({ screen }) => screen.kind));
    for (const [text, at] of stringsAt(data)) {
      const kind = names.get(text);
      if (kind === undefined || kinds.has(kind)) continue;
      problems.push({
        file,
        pointer: pointer(...at),
        message: `names "${text}", a message that comes with ${kind} screens only (locales/${REFERENCE_LOCALE}/${text.split('.')[0]}.json), which this screen is not`,
        fix: `Name a message of a catalogue every page has, or drop "comesWith" from the catalogue.`,
      });
    }
  }
}
