/**
 * Variants that add to lists (engine/content/merge-patch.ts: `{"$add": [...], "after" | "before": <item>,
 * "$remove": [...]}`): the anchor must be an item of the list the variant changes (the screen's own list, or one an
 * earlier variant gives), and the value it changes must be a list. At run time a missing anchor adds at the end,
 * silently; here it is an error.
 */
import { isListPatch, missingAnchor, type ListPatch } from '../../engine/content/merge-patch.ts';
import type { ContentModel, Obj } from './model.ts';
import { asArray, asObject } from './model.ts';
import { pointer, type Problem } from './problem.ts';
import { didYouMean } from './suggest.ts';

const at = (value: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>((node, key) => asObject(node)?.[key], value);

/** Every list operation of a merge patch, with its path inside the screen. */
function listPatches(merge: unknown, path: string[] = []): Array<{ path: string[]; patch: ListPatch }> {
  if (isListPatch(merge)) return [{ path, patch: merge }];
  const object = asObject(merge);
  if (!object) return [];
  return Object.entries(object).flatMap(([key, value]) => listPatches(value, [...path, key]));
}

export function checkListPatches(model: ContentModel, resolved: Map<string, Obj>, problems: Problem[]): void {
  for (const entry of model.allScreens) {
    const screen = resolved.get(entry.file) ?? entry.data;
    const variants = asArray(screen.variants);
    variants.forEach((variant, index) => {
      for (const { path, patch } of listPatches(asObject(variant)?.merge)) {
        const where = pointer('variants', index, 'merge', ...path);
        const base = at(screen, path);
        if (base !== undefined && !Array.isArray(base)) {
          problems.push({
            file: entry.file,
            pointer: where,
            message: `adds to ${path.join('.')}, which is not a list`,
            fix: 'Use "$add"/"$remove" only where the screen has a list (such as form.schema.required or ui:order).',
          });
          continue;
        }
        // The items the list may hold when this variant applies: the screen's, and those earlier variants give.
        const known = [...asArray(base)];
        for (const earlier of variants.slice(0, index)) {
          const value = at(asObject(earlier)?.merge, path);
          known.push(...(Array.isArray(value) ? value : isListPatch(value) ? (value.$add ?? []) : []));
        }
        const anchor = missingAnchor(known, patch);
        if (anchor === undefined) continue;
        const side = patch.after !== undefined ? 'after' : 'before';
        problems.push({
          file: entry.file,
          pointer: `${where}/${side}`,
          message: `adds ${side} ${JSON.stringify(anchor)}, which ${path.join('.')} does not hold`,
          fix: `Name an item of the list (${known.map((item) => JSON.stringify(item)).join(', ') || 'it is empty'}), or leave "${side}" out to add at the end.${didYouMean(String(anchor), known.map(String))}`,
        });
      }
    });
  }
}
