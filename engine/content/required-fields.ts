/**
 * Required fields and their own "what to do" messages (issue 22 item 11). Pure: the engine uses it to find the
 * message of a field left empty, the content check to require that message for every field a form can ask for.
 *
 * A field's own message is its uiSchema's `ui:messages.required` when it declares one, else the key
 * `<screen.messages>.<path>.required`, where `<path>` is the field's names without array indices, as for its label:
 * `signup.identity.dob.required`, `money.order.address.zip.required`, `owners.list.owners.firstName.required`.
 */
import { isObject } from './json.ts';

type Obj = Record<string, unknown>;

/** A field a form schema can make required. */
export interface RequiredField {
  /** Property names from the form root to the field; array items add no name. */
  path: string[];
  /** JSON pointer segments, from the form schema, of the `required` (or `dependentRequired`) entry naming it. */
  at: string[];
  /** Whether only a condition makes it required (`if`/`then`/`else`, `dependentRequired`, `anyOf`, ...). */
  conditional: boolean;
  /** The field's uiSchema (an empty object when it has none). */
  ui: Obj;
}

/** The key of a field's own message for a missing value (`<prefix>.<path>.required`). */
export function requiredMessageKey(prefix: string, path: readonly string[]): string {
  return `${prefix}.${path.join('.')}.required`;
}

/** A field's names from an rjsf/ajv property path (`owners.0.firstName`, `.address.zip`): array indices dropped. */
export function fieldNames(field: string): string[] {
  return field
    .replace(/^\./, '')
    .split('.')
    .filter((part) => part !== '' && !/^\d+$/.test(part));
}

/** The uiSchema of a field by its property path (`owners.0.firstName` reads `owners.items.firstName`). */
export function uiSchemaAt(uiSchema: unknown, field: string): Obj {
  let node: unknown = uiSchema;
  for (const part of field.replace(/^\./, '').split('.').filter(Boolean)) {
    if (!isObject(node)) return {};
    node = /^\d+$/.test(part) ? node.items : node[part];
  }
  return isObject(node) ? node : {};
}

/** A field's own message key for a missing value: its `ui:messages.required`, else the derived key. */
export function ownRequiredKey(prefix: string, uiSchema: unknown, field: string): { key: string; declared: boolean } {
  const declared = uiSchemaAt(uiSchema, field)['ui:messages'];
  if (isObject(declared) && typeof declared.required === 'string') return { key: declared.required, declared: true };
  return { key: requiredMessageKey(prefix, fieldNames(field)), declared: false };
}

interface Found {
  names: Map<string, { at: string[]; conditional: boolean }>;
  properties: Array<[string, Obj]>;
}

/** The required names and the properties of one object schema, through its combinators and conditional parts. */
function collect(schema: Obj): Found {
  const found: Found = { names: new Map(), properties: [] };
  const add = (name: unknown, at: string[], conditional: boolean): void => {
    if (typeof name !== 'string') return;
    const known = found.names.get(name);
    if (!known || (known.conditional && !conditional)) found.names.set(name, { at, conditional });
  };
  const visit = (node: unknown, at: string[], conditional: boolean): void => {
    if (!isObject(node)) return;
    if (isObject(node.properties))
      for (const [name, property] of Object.entries(node.properties))
        if (isObject(property)) found.properties.push([name, property]);
    if (Array.isArray(node.required))
      node.required.forEach((name, index) => add(name, [...at, 'required', String(index)], conditional));
    for (const key of ['allOf', 'anyOf', 'oneOf'])
      if (Array.isArray(node[key]))
        (node[key] as unknown[]).forEach((part, index) =>
          visit(part, [...at, key, String(index)], conditional || key !== 'allOf'),
        );
    // `if` only tests; `then` and `else` require. `not` never makes a field required.
    visit(node.then, [...at, 'then'], true);
    visit(node.else, [...at, 'else'], true);
    for (const key of ['dependentRequired', 'dependencies', 'dependentSchemas']) {
      if (!isObject(node[key])) continue;
      for (const [trigger, value] of Object.entries(node[key])) {
        if (Array.isArray(value)) value.forEach((name, index) => add(name, [...at, key, trigger, String(index)], true));
        else visit(value, [...at, key, trigger], true);
      }
    }
  };
  visit(schema, [], false);
  return found;
}

/**
 * Every field the form can require, depth first in schema order: the names of `required` lists at the root and in
 * nested objects and array items (as rjsf shows them, as fields), including those a condition adds (`then`, `else`,
 * `dependentRequired`, `dependencies`, `dependentSchemas`, `anyOf`/`oneOf` branches). Fields with
 * `"ui:widget": "hidden"` are left out: nobody can fill them in, so no message would help.
 */
export function requiredFieldsOf(schema: unknown, uiSchema: unknown): RequiredField[] {
  const fields: RequiredField[] = [];
  const walk = (node: Obj, ui: Obj, path: string[], at: string[]): void => {
    const { names, properties } = collect(node);
    for (const [name, { at: where, conditional }] of names) {
      const own = isObject(ui[name]) ? ui[name] : {};
      if (own['ui:widget'] === 'hidden') continue;
      fields.push({ path: [...path, name], at: [...at, ...where], conditional, ui: own });
    }
    const walked = new Set<string>();
    for (const [name, property] of properties) {
      if (walked.has(name)) continue;
      const own = isObject(ui[name]) ? ui[name] : {};
      if (own['ui:widget'] === 'hidden') continue;
      if (isObject(property.properties)) {
        walked.add(name);
        walk(property, own, [...path, name], [...at, ...pointerOf(node, name)]);
      } else if (isObject(property.items)) {
        walked.add(name);
        const items = isObject(own.items) ? own.items : {};
        walk(property.items, items, [...path, name], [...at, ...pointerOf(node, name), 'items']);
      }
    }
  };
  if (isObject(schema)) walk(schema, isObject(uiSchema) ? uiSchema : {}, [], []);
  return fields;
}

/** The pointer segments of a property declared directly under `properties` (else of the schema itself). */
function pointerOf(node: Obj, name: string): string[] {
  return isObject(node.properties) && name in node.properties ? ['properties', name] : [];
}
