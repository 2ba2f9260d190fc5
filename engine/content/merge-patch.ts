/**
 * JSON Merge Patch (RFC 7396): objects merge key by key, `null` deletes, anything else replaces. Pure.
 *
 * One addition for lists (issue 25, "variants add to lists"): where the target is a list (or absent), a patch value
 * `{"$add": [...], "after": "<item>"}` (or `"before"`, or neither: at the end), optionally with `"$remove": [...]`,
 * changes the list instead of restating it, so an item added to the base list is kept by the variant. Removal comes
 * first; an added item already in the list moves to the new place. An anchor the list lacks adds at the end (the
 * content check reports it, scripts/check-content/list-patches.ts).
 */

/** A list operation of a variant: what to remove, what to add and where. */
export interface ListPatch {
  $add?: unknown[];
  $remove?: unknown[];
  after?: unknown;
  before?: unknown;
}

const LIST_PATCH_KEYS = new Set(['$add', '$remove', 'after', 'before']);

/** Whether a patch value is a list operation (only its keys, with `$add` or `$remove` a list). */
export function isListPatch(value: unknown): value is ListPatch {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  const record = value as Record<string, unknown>;
  return (
    keys.every((key) => LIST_PATCH_KEYS.has(key)) &&
    (Array.isArray(record.$add) || Array.isArray(record.$remove)) &&
    !('after' in record && 'before' in record)
  );
}

/** The anchor a list operation names that the list lacks, if any (the content check reports it). */
export function missingAnchor(list: readonly unknown[], patch: ListPatch): unknown {
  const anchor = patch.after ?? patch.before;
  if (anchor === undefined) return undefined;
  const remaining = list.filter((item) => !(patch.$remove ?? []).includes(item));
  return remaining.includes(anchor) ? undefined : anchor;
}

/** A list changed by a list operation. */
export function applyListPatch(list: readonly unknown[], patch: ListPatch): unknown[] {
  const added = patch.$add ?? [];
  const result = list.filter((item) => !(patch.$remove ?? []).includes(item) && !added.includes(item));
  const anchor = patch.after ?? patch.before;
  const at = anchor === undefined ? -1 : result.indexOf(anchor);
  if (at < 0) return [...result, ...added];
  const index = patch.after !== undefined ? at + 1 : at;
  return [...result.slice(0, index), ...added, ...result.slice(index)];
}

export function mergePatch<T>(target: T, patch: unknown): T {
  if (isListPatch(patch) && (target === undefined || Array.isArray(target)))
    return applyListPatch((target as unknown[] | undefined) ?? [], patch) as T;
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return patch as T;
  const base: Record<string, unknown> =
    target !== null && typeof target === 'object' && !Array.isArray(target)
      ? { ...(target as Record<string, unknown>) }
      : {};
  for (const [key, value] of Object.entries(patch as Record<string, unknown>)) {
    if (value === null) delete base[key];
    else base[key] = mergePatch(base[key], value);
  }
  return base as T;
}
