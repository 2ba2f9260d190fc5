/**
 * Every path a condition, a call template or a binding reads from the application document (`application`,
 * `applicant`, `company`, `owners`, `bank`, `order` of the context) exists in the entity schemas
 * (schemas/entities/document.schema.json), not only in the screen's own form: `company.phone.localPhonNumber`
 * fails with "did you mean". Values rules/shell.json derives (`application.level`) count as present.
 */
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { apiModel } from './api.ts';
import type { ContentModel, Obj } from './model.ts';
import { asArray, asObject } from './model.ts';
import { pointer, type Problem } from './problem.ts';
import { closest } from './suggest.ts';

const DOCUMENT_ID = 'https://schemas.onboarding.local/entities/document.schema.json';
const ROOTS = new Set(['application', 'applicant', 'company', 'owners', 'bank', 'order']);
/** Operators whose arguments after the first are evaluated over each item, not the context. */
const ITERATING = new Set(['map', 'filter', 'all', 'some', 'none', 'reduce']);

interface Node {
  base: string;
  schema: unknown;
}

/** Follows `$ref`s and spreads allOf/anyOf/oneOf/if/then/else into the schemas a value may have to satisfy. */
function expand(ajv: Ajv2020, node: Node, depth = 0): Node[] {
  const schema = asObject(node.schema);
  if (!schema || depth > 20) return [node];
  const out: Node[] = [node];
  if (typeof schema.$ref === 'string') {
    const url = new URL(schema.$ref, node.base);
    const base = url.href.split('#')[0];
    let target: unknown = ajv.getSchema(base)?.schema;
    for (const part of url.hash.replace(/^#/, '').split('/').slice(1))
      target = asObject(target)?.[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')];
    out.push(...expand(ajv, { base, schema: target }, depth + 1));
  }
  for (const key of ['allOf', 'anyOf', 'oneOf'])
    for (const part of asArray(schema[key])) out.push(...expand(ajv, { base: node.base, schema: part }, depth + 1));
  for (const key of ['then', 'else'])
    if (schema[key] !== undefined) out.push(...expand(ajv, { base: node.base, schema: schema[key] }, depth + 1));
  return out;
}

/** Where a dot path leaves the schema: the index of the unknown segment and the names allowed there; undefined when it fits. */
export function unknownSegment(ajv: Ajv2020, path: string): { index: number; known: string[] } | undefined {
  let nodes: Node[] = [{ base: DOCUMENT_ID, schema: ajv.getSchema(DOCUMENT_ID)?.schema }];
  const parts = path.split('.');
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index];
    const next: Node[] = [];
    const known: string[] = [];
    let open = false;
    for (const node of nodes.flatMap((n) => expand(ajv, n))) {
      const schema = asObject(node.schema);
      if (!schema) continue;
      const properties = asObject(schema.properties);
      if (properties) known.push(...Object.keys(properties));
      if (properties && part in properties) next.push({ base: node.base, schema: properties[part] });
      if (schema.items !== undefined && /^\d+$/.test(part)) next.push({ base: node.base, schema: schema.items });
      if ((schema.type === 'array' || schema.items !== undefined) && part === 'length') open = true;
      const additional = schema.additionalProperties;
      if (asObject(additional)) next.push({ base: node.base, schema: additional });
      if (additional === true || asObject(schema.patternProperties)) open = true;
      if (typeof schema.type === 'string' && schema.type !== 'object' && schema.type !== 'array') continue;
    }
    if (open) return undefined;
    if (next.length === 0) {
      // A schema that says nothing of its properties (no `properties`, no `additionalProperties: false`) is open.
      const closed = nodes
        .flatMap((n) => expand(ajv, n))
        .some(
          (n) => asObject(n.schema)?.additionalProperties === false || asObject(n.schema)?.properties !== undefined,
        );
      return closed ? { index, known: [...new Set(known)] } : undefined;
    }
    nodes = next;
  }
  return undefined;
}

/** Every `{"var": path}` in a piece of content that reads the context (not an item of map/filter/...), with its pointer. */
function varsOf(node: unknown, at: string, into: Array<{ at: string; path: string }>): void {
  if (Array.isArray(node)) return node.forEach((item, index) => varsOf(item, `${at}/${index}`, into));
  const object = asObject(node);
  if (!object) return;
  for (const [key, value] of Object.entries(object)) {
    if (key === 'var') {
      const path = Array.isArray(value) ? value[0] : value;
      if (typeof path === 'string') into.push({ at: `${at}/var`, path });
      continue;
    }
    if (ITERATING.has(key) && Array.isArray(value)) {
      varsOf(value[0], `${at}${pointer(key)}/0`, into);
      continue;
    }
    varsOf(value, `${at}${pointer(key)}`, into);
  }
}

/** Checks the document paths of screens (with their binds), routing tables and calls. */
export async function checkDocumentPaths(
  model: ContentModel,
  resolved: Map<string, Obj>,
  problems: Problem[],
): Promise<void> {
  const { validator } = await apiModel();
  const derived = new Set(
    asArray(asObject(model.rules.get('shell'))?.derived)
      .map((row) => asObject(row)?.set)
      .filter((set): set is string => typeof set === 'string'),
  );
  // One mistake, one message: a place another check already reported (a binding the form or the API refuses) is not reported again.
  const reported = new Set(problems.map((problem) => `${problem.file}\u0000${problem.pointer}`));
  const check = (file: string, at: string, path: string, what: string, said: Set<string>): void => {
    const parts = path.split('.');
    if (
      !ROOTS.has(parts[0]) ||
      derived.has(path) ||
      said.has(`${at}\u0000${path}`) ||
      reported.has(`${file}\u0000${at}`)
    )
      return;
    const unknown = unknownSegment(validator, path);
    if (!unknown) return;
    said.add(`${at}\u0000${path}`);
    const parent = parts.slice(0, unknown.index).join('.');
    const match = closest(parts[unknown.index], unknown.known);
    problems.push({
      file,
      pointer: at,
      message: `${what} "${path}", but the application document has no "${parts[unknown.index]}" ${parent ? `in ${parent}` : 'at its root'} (schemas/entities)`,
      fix: match
        ? `Did you mean "${[...parts.slice(0, unknown.index), match, ...parts.slice(unknown.index + 1)].join('.')}"?`
        : `Read a path the document has (${parent || 'the document'}: ${unknown.known.slice(0, 12).join(', ')}), or add the field to schemas/entities/ and the API.`,
    });
  };
  for (const entry of model.allScreens) {
    const screen = resolved.get(entry.file) ?? entry.data;
    const said = new Set<string>();
    const found: Array<{ at: string; path: string }> = [];
    varsOf(screen, '', found);
    for (const { at, path } of found) check(entry.file, at, path, 'reads', said);
    const binds = (owner: unknown, base: string): void => {
      for (const [field, path] of Object.entries(asObject(asObject(asObject(owner)?.form)?.bind) ?? {})) {
        if (typeof path === 'string')
          check(entry.file, `${base}${pointer('form', 'bind', field)}`, path, `binds field "${field}" to`, said);
      }
    };
    binds(screen, '');
    asArray(screen.variants).forEach((variant, index) =>
      binds(asObject(variant)?.merge, pointer('variants', index, 'merge')),
    );
  }
  for (const { file, data } of model.tables.values()) {
    const found: Array<{ at: string; path: string }> = [];
    varsOf(data.rows, '/rows', found);
    const said = new Set<string>();
    for (const { at, path } of found) check(file, at, path, 'reads', said);
  }
  if (model.calls) {
    const found: Array<{ at: string; path: string }> = [];
    varsOf(model.calls.data.calls, '/calls', found);
    const said = new Set<string>();
    for (const { at, path } of found) check(model.calls.file, at, path, 'reads', said);
  }
}
