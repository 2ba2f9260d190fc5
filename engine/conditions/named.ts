/**
 * Named conditions (rules/conditions.json): a predicate or value written once and named from any condition as
 * `{"condition": "<name>"}`, inside `and`/`or`/`!` like any other operation. Each reference is replaced by its
 * definition (itself expanded) before anything evaluates the content: the content loader (scripts/content/load.ts,
 * the browser's bundle), the server's rules loader (server/content.ts) and the content check (which reports unknown
 * names and cycles, scripts/check-content/files.ts) all expand with this one function, so the engine, the server and
 * the check give one verdict. Pure.
 */

/** rules/conditions.json `conditions`: each name with its JSON Logic (`when`) and what it means. */
export type NamedConditions = Record<string, { description?: string; when: unknown }>;

/** The key of a reference: `{"condition": "boInfoPending"}`. */
export const CONDITION_REFERENCE = 'condition';

/** A reference that cannot be expanded: an unknown name, or a name whose definition leads back to itself. */
export interface NamedConditionProblem {
  kind: 'unknown' | 'cycle';
  name: string;
  /** JSON pointer of the reference in the value being expanded. */
  pointer: string;
  /** For a cycle: the names from the first to the one named again. */
  chain: string[];
}

/** The name a value refers to, when it is a reference `{"condition": "<name>"}` (one key, a string). */
export function conditionReference(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  const name = (value as Record<string, unknown>)[CONDITION_REFERENCE];
  return keys.length === 1 && keys[0] === CONDITION_REFERENCE && typeof name === 'string' ? name : undefined;
}

const segment = (key: string | number): string => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * A copy of `value` with every reference replaced by its definition. A reference that cannot be expanded is given
 * to `onProblem`, whose answer takes its place; without `onProblem` it throws (a loader refuses such content).
 */
export function expandConditions(
  value: unknown,
  named: NamedConditions,
  onProblem?: (problem: NamedConditionProblem) => unknown,
): unknown {
  const fail = (problem: NamedConditionProblem): unknown => {
    if (onProblem) return onProblem(problem);
    throw new Error(
      problem.kind === 'unknown'
        ? `${problem.pointer || '/'}: names condition "${problem.name}", which rules/conditions.json does not define`
        : `${problem.pointer || '/'}: condition "${problem.name}" names itself (${problem.chain.join(' → ')})`,
    );
  };
  const expand = (node: unknown, pointer: string, stack: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((item, index) => expand(item, `${pointer}/${index}`, stack));
    if (node === null || typeof node !== 'object') return node;
    const name = conditionReference(node);
    if (name !== undefined) {
      if (!Object.hasOwn(named, name)) return fail({ kind: 'unknown', name, pointer, chain: [...stack, name] });
      if (stack.includes(name)) return fail({ kind: 'cycle', name, pointer, chain: [...stack, name] });
      return expand(named[name].when, pointer, [...stack, name]);
    }
    return Object.fromEntries(
      Object.entries(node).map(([key, item]) => [key, expand(item, `${pointer}/${segment(key)}`, stack)]),
    );
  };
  return expand(value, '', []);
}

/** The names a value refers to directly, each with the pointer of its reference. */
export function referencesOf(value: unknown, pointer = ''): Array<{ name: string; pointer: string }> {
  const name = conditionReference(value);
  if (name !== undefined) return [{ name, pointer }];
  if (Array.isArray(value)) return value.flatMap((item, index) => referencesOf(item, `${pointer}/${index}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => referencesOf(item, `${pointer}/${segment(key)}`));
}
