/**
 * The small runtime that precompiled validators call (the rewrite of ajv's `ajv/dist/runtime/*` requires).
 * Kept here so the browser bundle holds only what the validators need.
 */

/** Length of a string in Unicode code points, as JSON Schema counts `maxLength`. */
export function ucs2length(text: string): number {
  let length = 0;
  for (const _char of text) length += 1;
  return length;
}

/** Deep equality of JSON values (for `const`, `enum` of objects and `uniqueItems`). */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a !== a && b !== b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, index) => equal(item, other[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => key in right && equal(left[key], right[key]));
}
