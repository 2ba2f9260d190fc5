/**
 * Puts the localised words into a screen's uiSchema: each field's label, help and option labels come from
 * message keys derived from the screen's `messages` prefix (flows/README.md "Message keys"). Pure.
 */
import type { Translate } from '../i18n/translator.ts';

interface PropertySchema {
  enum?: unknown[];
  type?: string | string[];
}

type SchemaNode = {
  properties?: Record<string, PropertySchema>;
  allOf?: unknown[];
  anyOf?: unknown[];
  oneOf?: unknown[];
  then?: unknown;
  else?: unknown;
};

/** Every property of an object schema, including those of allOf/anyOf/oneOf and if-then-else branches (rjsf shows them). */
function allProperties(
  schema: SchemaNode,
  found: Map<string, PropertySchema> = new Map(),
): Map<string, PropertySchema> {
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const known = found.get(name);
    found.set(name, known ? { ...known, ...property, enum: property.enum ?? known.enum } : property);
  }
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const)
    for (const sub of schema[key] ?? []) if (sub && typeof sub === 'object') allProperties(sub as SchemaNode, found);
  for (const key of ['then', 'else'] as const)
    if (schema[key] && typeof schema[key] === 'object') allProperties(schema[key] as SchemaNode, found);
  return found;
}

export function localiseUiSchema(
  schema: SchemaNode,
  uiSchema: Record<string, unknown> = {},
  prefix: string,
  t: Translate,
): Record<string, unknown> {
  const result: Record<string, unknown> = { ...uiSchema };
  for (const [field, property] of allProperties(schema)) {
    const ui = { ...((uiSchema[field] ?? {}) as Record<string, unknown>) };
    if (ui['ui:widget'] === 'hidden') continue;
    ui['ui:title'] = t((ui['ui:label'] as string | undefined) ?? `${prefix}.${field}.label`);
    if (ui['ui:help'] === true) ui['ui:help'] = t(`${prefix}.${field}.help`);
    if (property.enum) {
      const labels = (ui['ui:enumLabels'] as string | undefined) ?? `${prefix}.${field}.options`;
      ui['ui:enumNames'] = property.enum.map((value) => t(`${labels}.${String(value)}`));
    }
    result[field] = ui;
  }
  return result;
}
