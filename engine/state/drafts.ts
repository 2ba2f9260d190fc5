/**
 * Form drafts in local storage, keyed by co-brand and currency (doc2 §9 Storage), one entry per screen.
 * What the applicant typed survives a reload before they submit; sensitive fields are never written
 * (state/privacy.ts). Storage failures (private mode, quota) are ignored: a draft is a convenience. The engine writes
 * a keystroke's save after the next frame, and at once when the page is hidden or left (createDraftStore `defer`).
 *
 * Answers that last: each entry remembers the shape of the form it was saved under (a fingerprint of the form
 * schema's fields). Read with the form's current schema, a draft saved under another shape (or by an older
 * version of this store, without a shape) is migrated: fields the schema no longer has, and values that no longer
 * fit their field (type, enum, const, maxLength), are dropped, the rest kept, and `onDropped` is told which fields
 * went (after the current render, so a screen can say so without updating state while rendering). Nothing in a
 * stored draft can make a read throw.
 */
import { isObject } from '../content/json.ts';
import type { DraftChange, DraftSettings, DraftStore } from './draft-settings.ts';

export { DRAFT_CHANGED_KEY, draftKey, type DraftChange, type DraftStore } from './draft-settings.ts';

/**
 * Saves not yet written, by storage and key, shared by every store of that storage and key (one made again for
 * another locale reads what the one before it has not written yet).
 */
const unsaved = new WeakMap<object, Map<string, Record<string, unknown>>>();

type Obj = Record<string, unknown>;

/** A stored entry: the current format, with the shape it was saved under. */
interface Entry {
  v: 2;
  shape: string;
  data: Obj;
}

const isEntry = (value: unknown): value is Entry =>
  isObject(value) && value.v === 2 && typeof value.shape === 'string' && isObject(value.data);

/** The parts of a field's schema that decide which values fit it, in a stable order. */
function fieldShape(schema: unknown): unknown {
  if (!isObject(schema)) return null;
  const shape: Obj = {};
  for (const key of ['type', 'enum', 'const', 'maxLength', 'format', 'items']) {
    if (key in schema) shape[key] = key === 'items' ? fieldShape(schema.items) : schema[key];
  }
  if (isObject(schema.properties)) {
    shape.properties = Object.fromEntries(
      Object.keys(schema.properties)
        .sort()
        .map((name) => [name, fieldShape((schema.properties as Obj)[name])]),
    );
  }
  return shape;
}

/** A short fingerprint of a form schema's fields (FNV-1a over their canonical JSON). */
export function shapeOf(schema: object): string {
  // A form keeps its schema object while the applicant types: its shape is worked out once, not on every keystroke.
  const known = shapes.get(schema);
  if (known !== undefined) return known;
  const shape = hashOf(JSON.stringify(fieldShape(schema)));
  shapes.set(schema, shape);
  return shape;
}
const shapes = new WeakMap<object, string>();

/** FNV-1a of a text, in base 36. */
function hashOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Whether a value fits a field's schema (type, enum, const, maxLength; objects and arrays checked inside). */
function fits(value: unknown, schema: Obj, dropped: string[], path: string): { ok: boolean; value: unknown } {
  const types = schema.type === undefined ? undefined : [schema.type].flat();
  const typeOk = (type: unknown): boolean => {
    switch (type) {
      case 'string':
        return typeof value === 'string';
      case 'integer':
        return typeof value === 'number' && Number.isInteger(value);
      case 'number':
        return typeof value === 'number' && Number.isFinite(value);
      case 'boolean':
        return typeof value === 'boolean';
      case 'array':
        return Array.isArray(value);
      case 'object':
        return isObject(value);
      case 'null':
        return value === null;
      default:
        return true;
    }
  };
  if (value === undefined || (types && !types.some(typeOk))) return { ok: false, value };
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => sameJson(option, value))) return { ok: false, value };
  if ('const' in schema && !isObject(schema.const) && !sameJson(schema.const, value)) return { ok: false, value };
  if (typeof schema.maxLength === 'number' && typeof value === 'string' && [...value].length > schema.maxLength)
    return { ok: false, value };
  if (isObject(value) && isObject(schema.properties))
    return { ok: true, value: migrateObject(value, schema, dropped, `${path}.`) };
  if (Array.isArray(value) && isObject(schema.items)) {
    const items = schema.items;
    return { ok: value.every((item) => fits(item, items, [], path).ok), value };
  }
  return { ok: true, value };
}

/** The fields of `data` that the schema still has and that still fit; the rest are added to `dropped`. */
function migrateObject(data: Obj, schema: Obj, dropped: string[], prefix = ''): Obj {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const kept: Obj = {};
  for (const [name, value] of Object.entries(data)) {
    const field = properties[name];
    const result = isObject(field) ? fits(value, field, dropped, `${prefix}${name}`) : { ok: false, value };
    if (result.ok) kept[name] = result.value;
    else dropped.push(`${prefix}${name}`);
  }
  return kept;
}

/**
 * A draft saved under another shape, migrated to `schema`: the fields that still exist and fit, and the paths
 * dropped. Pure (exported for tests and the preview page).
 */
export function migrateDraft(data: Obj, schema: object): { data: Obj; dropped: string[] } {
  const dropped: string[] = [];
  const kept = migrateObject(data, isObject(schema) ? schema : {}, dropped);
  return { data: kept, dropped };
}

/**
 * A store of `key` in `storage`. With `defer`, a save is kept in memory (reads see it) and written when `defer` runs
 * the write it is handed, or at `flush()`: the engine defers to after the next frame, so a keystroke does not wait for
 * local storage, and flushes when the page is hidden or left. Without, each save is written at once.
 */
export function createDraftStore(
  storage: Storage | undefined,
  key: string,
  onDropped: (change: DraftChange) => void = () => {},
  options: { defer?: (write: () => void) => void } = {},
): DraftStore {
  const pending = storage
    ? (unsaved.get(storage) ?? unsaved.set(storage, new Map()).get(storage)!)
    : new Map<string, Record<string, unknown>>();
  const write = (all: Record<string, unknown>) => {
    try {
      storage?.setItem(key, JSON.stringify(all));
    } catch {
      /* a draft is a convenience; the API holds the truth */
    }
  };
  const flush = () => {
    const all = pending.get(key);
    if (all === undefined) return;
    pending.delete(key);
    write(all);
  };
  const load = (): Record<string, unknown> => {
    // A copy, as a read of storage gives: what a screen reads is never the object another screen keeps writing.
    const waiting = pending.get(key);
    if (waiting) return JSON.parse(JSON.stringify(waiting)) as Record<string, unknown>;
    try {
      const parsed = JSON.parse(storage?.getItem(key) ?? '{}');
      return isObject(parsed) ? parsed : {};
    } catch {
      return {};
    }
  };
  const save = (all: Record<string, unknown>) => {
    if (!options.defer) return write(all);
    const scheduled = pending.has(key);
    pending.set(key, all);
    if (!scheduled) options.defer(flush);
  };
  const tell = (change: DraftChange) => {
    const run = () => {
      try {
        onDropped(change);
      } catch {
        /* telling is a courtesy */
      }
    };
    if (typeof queueMicrotask === 'function') queueMicrotask(run);
    else void Promise.resolve().then(run);
  };
  return {
    read: (screenId, schema) => {
      const all = load();
      const stored = all[screenId];
      const entry: Entry | undefined = isEntry(stored)
        ? stored
        : isObject(stored)
          ? { v: 2, shape: '', data: stored }
          : undefined;
      if (!entry) return undefined;
      if (!schema) return entry.data;
      const shape = shapeOf(schema);
      if (entry.shape === shape) return entry.data;
      const { data, dropped } = migrateDraft(entry.data, schema);
      save({ ...all, [screenId]: { v: 2, shape, data } satisfies Entry });
      if (dropped.length) tell({ screenId, dropped });
      return data;
    },
    write: (screenId, data, schema) =>
      save({ ...load(), [screenId]: { v: 2, shape: schema ? shapeOf(schema) : '', data } satisfies Entry }),
    clear: (screenId) => {
      const all = load();
      delete all[screenId];
      save(all);
    },
    flush,
  };
}

/** The store of an engine's draft settings (made on first use and kept in them, state/draft-settings.ts). */
export function draftStoreOf(settings: DraftSettings): DraftStore {
  settings.store ??= createDraftStore(settings.storage, settings.key, settings.onDropped, { defer: settings.defer });
  return settings.store;
}
