/**
 * Call templates: a body, query or parameter map in which every JSON Logic operation (an object with one
 * key that is an operator, e.g. `{"var": "changes"}`) is evaluated against the context and every other
 * value is kept as written. Pure.
 */
import { compute, customOperators } from '../conditions/index.ts';

/** The operators of JSON Logic (jsonlogic.com/operations.html) and ours; any other single-key object is data. */
const OPERATORS = new Set([
  'var',
  'missing',
  'missing_some',
  'if',
  '?:',
  '==',
  '===',
  '!=',
  '!==',
  '!',
  '!!',
  'or',
  'and',
  '>',
  '>=',
  '<',
  '<=',
  'max',
  'min',
  '+',
  '-',
  '*',
  '/',
  '%',
  'map',
  'reduce',
  'filter',
  'all',
  'none',
  'some',
  'merge',
  'in',
  'cat',
  'substr',
  ...Object.keys(customOperators),
]);

function isOperation(value: object): boolean {
  const keys = Object.keys(value);
  return keys.length === 1 && OPERATORS.has(keys[0]);
}

export function fillTemplate(template: unknown, context: object): unknown {
  if (Array.isArray(template)) return template.map((item) => fillTemplate(item, context));
  if (template === null || typeof template !== 'object') return template;
  if (isOperation(template)) return compute(template, context);
  return Object.fromEntries(
    Object.entries(template as Record<string, unknown>)
      .map(([key, value]) => [key, fillTemplate(value, context)] as const)
      .filter(([, value]) => value !== undefined),
  );
}

/** Fills `{name}` placeholders of a path; every value is URI-encoded. A missing value is an error. */
export function fillPath(path: string, values: Record<string, unknown>): string {
  return path.replace(/\{([A-Za-z][\w]*)\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`call path ${path}: no value for {${name}}`);
    }
    return encodeURIComponent(String(value)).replace(/%3A/gi, ':');
  });
}
