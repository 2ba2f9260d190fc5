/**
 * `{"$rules": "<file>#<pointer>", ...}` includes (scripts/content/includes.ts, whose resolver is used here): each
 * include is resolved on its own, so one that names a missing rules file or pointer becomes a problem at its JSON
 * pointer instead of an exception.
 */
import { QUERY_KEYS, resolveIncludes as resolveWithRules } from '../content/includes.ts';
import type { ContentModel } from './model.ts';
import { segment, type Problem } from './problem.ts';

/** A copy of `value` with every include replaced; an include that cannot be resolved becomes `{}` and a problem. */
export function resolveIncludes(
  value: unknown,
  model: ContentModel,
  file: string,
  at: string,
  problems: Problem[],
): unknown {
  if (Array.isArray(value))
    return value.map((item, index) => resolveIncludes(item, model, file, `${at}/${index}`, problems));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (typeof record.$rules === 'string' && keys.every((key) => QUERY_KEYS.has(key))) {
    try {
      return resolveWithRules(record, (name) => {
        if (!model.rules.has(name)) throw new Error(`rules/${name}.json does not exist`);
        return model.rules.get(name);
      });
    } catch (error) {
      problems.push({
        file,
        pointer: `${at}/$rules`,
        message: `include "${record.$rules}" cannot be resolved: ${(error as Error).message}`,
        fix: 'Name an existing rules file and a JSON pointer into it, as "<file>#/<pointer>".',
      });
      return {};
    }
  }
  return Object.fromEntries(
    keys.map((key) => [key, resolveIncludes(record[key], model, file, `${at}/${segment(key)}`, problems)]),
  );
}
