/**
 * Named custom JSON Logic operators. Each is small, pure and tested in tests/unit/conditions.
 * Add one here only when content cannot say the thing with the standard operators.
 */

interface StepUp {
  type?: string;
  [k: string]: unknown;
}

/** `firstStepUp(stepUps, excluded[])`: the type of the first step-up whose type is not excluded, or null. */
function firstStepUp(stepUps: unknown, excluded: unknown = []): string | null {
  if (!Array.isArray(stepUps)) return null;
  const skip = new Set(Array.isArray(excluded) ? excluded : [excluded]);
  for (const item of stepUps as Array<StepUp | string>) {
    const type = typeof item === 'string' ? item : item?.type;
    if (typeof type === 'string' && !skip.has(type)) return type;
  }
  return null;
}

/** `count(list)`: the length of an array, 0 for anything else. */
function count(list: unknown): number {
  return Array.isArray(list) ? list.length : 0;
}

/** `startsWith(text, prefix)`: string prefix test; false for non-strings. */
function startsWith(text: unknown, prefix: unknown): boolean {
  return typeof text === 'string' && typeof prefix === 'string' && text.startsWith(prefix);
}

/** `contains(text, part)`: case-sensitive substring test; false for non-strings. */
function contains(text: unknown, part: unknown): boolean {
  return typeof text === 'string' && typeof part === 'string' && text.includes(part);
}

/** `present(value)`: not null, not undefined, not an empty or blank string, not an empty array. */
function present(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/**
 * `firstMatching(text, rows, otherwise)`: the `label` of the first row (`{pattern, label}`) whose pattern (a regular
 * expression, case-insensitive) matches `text`, else `otherwise` (also for empty or non-string text). The table is
 * content the condition names; the engine knows no rows of its own.
 */
function firstMatching(text: unknown, rows: unknown, otherwise: unknown = null): unknown {
  if (typeof text !== 'string' || text === '' || !Array.isArray(rows)) return otherwise;
  for (const row of rows as Array<{ pattern?: unknown; label?: unknown }>) {
    if (typeof row?.pattern === 'string' && new RegExp(row.pattern, 'i').test(text)) return row.label;
  }
  return otherwise;
}

export const customOperators = { firstStepUp, count, startsWith, contains, present, firstMatching };
