/**
 * JSON patch (RFC 6902) for the V1 PATCH call, turned into the partial documents the V2 PUT already validates:
 * `add` and `replace` become a partial document holding the value at the path; `remove` deletes the leaf; `test`
 * compares. Operations apply in order; any failure leaves the document unchanged (the caller's transaction).
 */
import { atPointer, deepMerge, type JsonObject } from './document.ts';

/** One operation. */
export interface PatchOperation {
  op: 'add' | 'replace' | 'remove' | 'test';
  path: string;
  value?: unknown;
}

/** The segments of a JSON pointer, unescaped. */
export function segments(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The partial document `{a: {b: value}}` for pointer `/a/b`. */
export function partialAt(pointer: string, value: unknown): JsonObject {
  return segments(pointer).reduceRight<unknown>((inner, key) => ({ [key]: inner }), value) as JsonObject;
}

/** A copy of `doc` without the value at `pointer` (missing paths change nothing). */
export function removeAt<T>(doc: T, pointer: string): T {
  const copy = structuredClone(doc);
  const keys = segments(pointer);
  const last = keys.pop();
  let parent: unknown = copy;
  for (const key of keys) parent = parent && typeof parent === 'object' ? Reflect.get(parent, key) : undefined;
  if (last !== undefined && parent && typeof parent === 'object') Reflect.deleteProperty(parent, last);
  return copy;
}

/** Whether a test operation holds (deep equality by JSON). */
export function testHolds(doc: unknown, pointer: string, value: unknown): boolean {
  return JSON.stringify(atPointer(doc, pointer)) === JSON.stringify(value);
}

/** Applies `add`/`replace` as a merge of the partial document. */
export function mergeAt<T>(doc: T, pointer: string, value: unknown): T {
  return deepMerge(doc, partialAt(pointer, value));
}
