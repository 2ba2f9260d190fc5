/**
 * `{"$rules": "<file>#<JSON pointer>"}` anywhere in flow content is replaced by that part of rules/<file>.json,
 * so a screen can take its options or bounds from the rules instead of repeating them
 * (for example `{"enum": {"$rules": "countries#/countries/0/regions", "$pluck": "code"}}`: `$pluck` keeps one
 * property of each array item; `$flatten` concatenates a property's arrays; `$where` keeps items whose properties
 * equal the given values; `$missing` is what `$pluck` gives for an item without the property, in its place, e.g. null for
 * the sales range that sends no value, where without it the item is left out). Resolved when the bundle is built.
 */
export type RulesReader = (name: string) => unknown;

function pointerGet(document: unknown, pointer: string, where: string): unknown {
  if (pointer === '' || pointer === '/') return document;
  let node: unknown = document;
  for (const raw of pointer.replace(/^\//, '').split('/')) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !(part in (node as object))) {
      throw new Error(`${where}: the rules pointer does not exist`);
    }
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

export const QUERY_KEYS = new Set(['$rules', '$flatten', '$where', '$pluck', '$missing']);

/** Returns a copy of `value` with every `$rules` include replaced. */
export function resolveIncludes(value: unknown, read: RulesReader): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveIncludes(item, read));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (typeof record.$rules === 'string' && keys.every((key) => QUERY_KEYS.has(key))) {
    const [file, pointer = ''] = record.$rules.split('#');
    let found = pointerGet(read(file), pointer, `$rules ${record.$rules}`);
    if (keys.length === 1) return resolveIncludes(found, read);
    if (!Array.isArray(found)) throw new Error(`$rules ${record.$rules}: $flatten, $where and $pluck need an array`);
    let items = found as Array<Record<string, unknown>>;
    if (typeof record.$flatten === 'string') {
      const key = record.$flatten;
      items = items.flatMap((item) => (Array.isArray(item[key]) ? (item[key] as Array<Record<string, unknown>>) : []));
    }
    if (record.$where && typeof record.$where === 'object') {
      const where = Object.entries(record.$where as Record<string, unknown>);
      items = items.filter((item) => where.every(([key, value]) => item[key] === value));
    }
    found =
      typeof record.$pluck === 'string'
        ? items
            .map((item) => item[record.$pluck as string] ?? ('$missing' in record ? record.$missing : undefined))
            .filter((v) => v !== undefined)
        : items;
    return found;
  }
  return Object.fromEntries(keys.map((key) => [key, resolveIncludes(record[key], read)]));
}
