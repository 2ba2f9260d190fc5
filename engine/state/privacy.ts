/**
 * What may never reach browser storage (ARCHITECTURE.md "What never happens"): a field is sensitive when its
 * format is listed in rules/privacy.json or its uiSchema marks it `"ui:sensitive": true`. Pure.
 */
import privacy from '../../rules/privacy.json' with { type: 'json' };

const SENSITIVE_FORMATS = new Set<string>(privacy.sensitiveFormats);

export function sensitiveFields(
  schema: { properties?: Record<string, { format?: string }> },
  uiSchema: Record<string, unknown> = {},
): Set<string> {
  const fields = new Set<string>();
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const ui = (uiSchema[name] ?? {}) as Record<string, unknown>;
    if ((property.format && SENSITIVE_FORMATS.has(property.format)) || ui['ui:sensitive'] === true) fields.add(name);
  }
  return fields;
}

/** The form data without sensitive fields. */
export function withoutSensitive(data: Record<string, unknown>, sensitive: Set<string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([name]) => !sensitive.has(name)));
}
