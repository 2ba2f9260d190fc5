/** Maps an ajv error to a message key and arguments (doc2 §5; keyword defaults in rules/validation/messages.json). */
import type { ErrorObject } from 'ajv';
import messagesData from '../../rules/validation/messages.json' with { type: 'json' };
import { defaultKeyOf, type FormatRule, type Reason } from './compile.ts';
import type { MessagesFile } from './types.ts';

const messages: MessagesFile = messagesData;

function argsFrom(
  params: Record<string, unknown>,
  names: readonly string[],
): Record<string, string | number> | undefined {
  const args: Record<string, string | number> = {};
  for (const name of names) {
    const value = params[name];
    if (typeof value === 'string' || typeof value === 'number') args[name] = value;
  }
  return Object.keys(args).length ? args : undefined;
}

/**
 * Maps one ajv error on a value to a Reason. Format errors ask the format why the value fails (so a PO box
 * and a missing building number get different keys); other keywords use the defaults of
 * rules/validation/messages.json. `fieldMessages` (a field's uiSchema `ui:messages`) overrides the key: for a
 * format error it is looked up by the specific reason key, then the format name, then `format`; for other
 * errors by keyword. Arguments are kept. `rules`: the format rules to ask, every format (engine/validation/index.ts
 * reasonForError) or a screen's own (the browser's form, from the screen's precompiled validators).
 */
export function reasonFromRules(
  rules: Record<string, FormatRule>,
  error: ErrorObject,
  value: unknown,
  fieldMessages: Record<string, string> = {},
): Reason {
  const params = (error.params ?? {}) as Record<string, unknown>;
  if (error.keyword === 'format') {
    const name = typeof params.format === 'string' ? params.format : '';
    const rule = Object.hasOwn(rules, name) ? rules[name] : undefined;
    const found = rule && typeof value === 'string' ? rule.reason(value) : null;
    const reason: Reason = found ?? rule?.fallback ?? { key: name ? defaultKeyOf(name) : messages.fallback };
    const key = fieldMessages[reason.key] ?? fieldMessages[name] ?? fieldMessages.format ?? reason.key;
    return reason.args ? { key, args: reason.args } : { key };
  }
  const known = messages.keywords[error.keyword];
  const key = fieldMessages[error.keyword] ?? known?.key ?? messages.fallback;
  const args = known?.args ? argsFrom(params, known.args) : undefined;
  return args ? { key, args } : { key };
}

/** Every key reasonFromRules can return without field overrides, besides format keys. */
export function keywordMessageKeys(): string[] {
  return [...new Set([...Object.values(messages.keywords).map((entry) => entry.key), messages.fallback])];
}

/** Validation keys that screens and the API name directly (confirmations, code answers, categories, summaries). */
export const otherMessageKeys: readonly string[] = messages.otherKeys;
