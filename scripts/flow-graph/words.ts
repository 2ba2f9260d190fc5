/**
 * Conditions in words: a JSON Logic condition (engine/conditions) written as a short English phrase for the flow
 * graph, so a product editor reads "application.decision is ERROR" instead of `{"==": [{"var": ...}, "ERROR"]}`.
 * Operators without a phrase fall back to compact JSON, so nothing is ever hidden. Pure.
 */
import { isObject } from '../../engine/content/json.ts';

/** A value (a literal, a `var`, or a nested operation) in words. */
function valueWords(value: unknown): string {
  if (Array.isArray(value)) return value.map(valueWords).join(', ');
  if (isObject(value)) {
    const [operator] = Object.keys(value);
    if (operator === 'var') {
      const arg = value.var;
      return Array.isArray(arg) ? String(arg[0]) : String(arg);
    }
    return conditionWords(value);
  }
  if (typeof value === 'string') return value === '' ? '""' : value;
  return JSON.stringify(value);
}

const COMPARISONS: Record<string, string> = {
  '==': 'is',
  '===': 'is',
  '!=': 'is not',
  '!==': 'is not',
  '<': 'is below',
  '<=': 'is at most',
  '>': 'is above',
  '>=': 'is at least',
};

/**
 * A condition in words. `undefined` (an unconditional row) is "always". Custom operators of
 * engine/conditions/operators.ts have their own phrases.
 */
export function conditionWords(condition: unknown): string {
  if (condition === undefined) return 'always';
  if (condition === true) return 'always';
  if (condition === false) return 'never';
  if (!isObject(condition)) return valueWords(condition);
  const [operator] = Object.keys(condition);
  const raw = condition[operator];
  const args = Array.isArray(raw) ? raw : [raw];
  if (operator in COMPARISONS && args.length === 2)
    return `${valueWords(args[0])} ${COMPARISONS[operator]} ${valueWords(args[1])}`;
  switch (operator) {
    case 'var':
      return `${valueWords(condition)} is set`;
    case '!':
      return `not (${conditionWords(args[0])})`;
    case '!!':
      return `${valueWords(args[0])} is set`;
    case 'and':
      return args.map((part) => conditionWords(part)).join(' and ');
    case 'or':
      return args.map((part) => conditionWords(part)).join(' or ');
    case 'in':
      return Array.isArray(args[1])
        ? `${valueWords(args[0])} is one of ${valueWords(args[1])}`
        : `${valueWords(args[1])} contains ${valueWords(args[0])}`;
    case 'firstStepUp':
      return `first step-up of ${valueWords(args[0])}${Array.isArray(args[1]) && args[1].length ? ` (ignoring ${valueWords(args[1])})` : ''}`;
    case 'count':
      return `number of ${valueWords(args[0])}`;
    case 'present':
      return `${valueWords(args[0])} is filled in`;
    case 'startsWith':
      return `${valueWords(args[0])} starts with ${valueWords(args[1])}`;
    case 'contains':
      return `${valueWords(args[0])} contains ${valueWords(args[1])}`;
    default:
      return JSON.stringify(condition);
  }
}
