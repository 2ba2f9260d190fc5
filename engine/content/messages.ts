/**
 * Which message keys a screen needs, derived exactly as flows/README.md's "Message keys" table says. Pure: used by
 * the engine (to render) and by the content check (to require every key in all three catalogues).
 */
import type { Screen } from '../generated/content.ts';
import { isObject } from './json.ts';

/** The parts of a screen that message keys are derived from. */
export type ScreenMessageSource = Pick<Screen, 'messages' | 'intro' | 'form' | 'busy' | 'options' | 'final'> & {
  secondary?: unknown;
};

type Obj = Record<string, unknown>;

/** Sub-schemas at the same level whose properties are fields of the same object (rjsf shows them too). */
function propertiesOf(schema: Obj): Array<[string, Obj]> {
  const found: Array<[string, Obj]> = [];
  const visit = (node: unknown): void => {
    if (!isObject(node)) return;
    if (isObject(node.properties)) {
      for (const [name, property] of Object.entries(node.properties))
        if (isObject(property)) found.push([name, property]);
    }
    for (const key of ['allOf', 'anyOf', 'oneOf'])
      if (Array.isArray(node[key])) (node[key] as unknown[]).forEach(visit);
    visit(node.then);
    visit(node.else);
    if (isObject(node.dependencies)) Object.values(node.dependencies).forEach(visit);
  };
  visit(schema);
  return found;
}

function enumValues(property: Obj): unknown[] {
  if (Array.isArray(property.enum)) return property.enum;
  if (isObject(property.items) && Array.isArray(property.items.enum)) return property.items.enum;
  return [];
}

function fieldKeys(schema: Obj, uiSchema: Obj, path: string, keys: Set<string>): void {
  for (const [name, property] of propertiesOf(schema)) {
    const ui = isObject(uiSchema[name]) ? uiSchema[name] : {};
    if (ui['ui:widget'] === 'hidden') continue;
    const field = `${path}.${name}`;
    keys.add(`${field}.label`);
    if (ui['ui:help'] === true) keys.add(`${field}.help`);
    const shared = typeof ui['ui:enumLabels'] === 'string' ? ui['ui:enumLabels'] : undefined;
    for (const value of enumValues(property))
      keys.add(shared ? `${shared}.${String(value)}` : `${field}.options.${String(value)}`);
    if (propertiesOf(property).length > 0) fieldKeys(property, ui, field, keys);
    if (isObject(property.items) && propertiesOf(property.items).length > 0) {
      fieldKeys(property.items, isObject(ui.items) ? ui.items : {}, field, keys);
    }
  }
}

/** Every string under a key ending in `Key` or `Keys`, and every value of a `ui:messages` map, anywhere inside. */
function referencedKeys(node: unknown, keys: Set<string>): void {
  if (Array.isArray(node)) {
    node.forEach((item) => referencedKeys(item, keys));
    return;
  }
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'ui:messages' && isObject(value)) {
      for (const text of Object.values(value)) if (typeof text === 'string') keys.add(text);
    } else if (/Keys?$/.test(key) && (typeof value === 'string' || Array.isArray(value))) {
      for (const text of [value].flat()) if (typeof text === 'string') keys.add(text);
    } else referencedKeys(value, keys);
  }
}

/**
 * Every message key a screen needs, sorted: `<prefix>.title`; `<prefix>.submit` (the primary button) unless the
 * screen is `final` (an outcome page has nowhere to go, so no primary button); `<prefix>.intro` when the screen
 * declares `"intro": true`; for each form field (nested object and array-item fields too, as
 * `<prefix>.<field>.<child>`; fields with `"ui:widget": "hidden"` excepted) `<prefix>.<field>.label`,
 * `<prefix>.<field>.help` when its uiSchema says `"ui:help": true`, and one option key per enum value
 * (`<prefix>.<field>.options.<value>`, or `<ui:enumLabels>.<value>`); every `ui:messages` value; the busy
 * title and subtitle; and every string under a key ending in `Key` or `Keys` in the uiSchema or the kind's options.
 * Variants are not applied here: pass a resolved screen.
 */
export function messageKeysOfScreen(screen: ScreenMessageSource): string[] {
  const keys = new Set<string>();
  const prefix = screen.messages;
  keys.add(`${prefix}.title`);
  if (screen.final !== true) keys.add(`${prefix}.submit`);
  if (screen.intro === true) keys.add(`${prefix}.intro`);
  if (screen.form) {
    const uiSchema = isObject(screen.form.uiSchema) ? screen.form.uiSchema : {};
    fieldKeys(screen.form.schema, uiSchema, prefix, keys);
    referencedKeys(uiSchema, keys);
  }
  if (screen.busy) {
    keys.add(screen.busy.title);
    if (screen.busy.subtitle !== undefined) keys.add(screen.busy.subtitle);
  }
  referencedKeys(screen.options, keys);
  referencedKeys(screen.secondary, keys);
  return [...keys].sort();
}
