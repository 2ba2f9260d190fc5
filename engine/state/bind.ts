/**
 * Bindings between a screen's flat form data and the application document (flows/README.md): each field
 * lives at a dot path. Pure.
 */
import { valueAt } from '../content/json.ts';

/** Field name → dot path in the document. */
export type Bindings = Record<string, string | undefined>;

/** The value at a dot path of the document (engine/content/json.ts valueAt). */
export const getPath = valueAt;

export function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1]] = value;
}

/** Form data for a screen, read from the document at the bound paths (unbound fields are left out). */
export function formDataFrom(document: unknown, bind: Bindings = {}): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const [field, path] of Object.entries(bind)) {
    if (!path) continue;
    const value = getPath(document, path);
    if (value !== undefined && value !== null) data[field] = value;
  }
  return data;
}

/**
 * The form data after the document's bound values changed under an open form (issue 27.10: a form drawn before the
 * application's read): each field still showing the earlier document's value, or nothing, takes the new one; a field
 * the person changed keeps their answer.
 */
export function refillFromDocument(
  current: Record<string, unknown>,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, unknown> {
  const next = { ...current };
  for (const [field, value] of Object.entries(after)) {
    const shown = current[field];
    const untouched = shown === undefined || shown === '' || JSON.stringify(shown) === JSON.stringify(before[field]);
    if (untouched) next[field] = value;
  }
  return next;
}

/** The partial document a screen's form data makes (the `changes` of the context). */
export function changesFrom(form: Record<string, unknown>, bind: Bindings = {}): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [field, path] of Object.entries(bind)) {
    if (path && field in form) setPath(changes, path, form[field] === undefined ? null : form[field]);
  }
  return changes;
}
