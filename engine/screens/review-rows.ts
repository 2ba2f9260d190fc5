/**
 * "Check your answers" (issue 22.8, the GOV.UK pattern): the rows of a review screen, generated from the screens'
 * own content. Each summarised form screen, resolved for the context (its variants), gives one group: every field
 * it binds to the document that holds an answer, in the form's order, with its label, its answer as the applicant
 * would read it (the option's label for a choice) and the address that changes it. A sensitive field (a format of
 * rules/privacy.json or `"ui:sensitive": true`, engine/state/privacy.ts) shows only its last two characters. Pure.
 */
import { resolveScreen } from '../content/resolve.ts';
import type { Screen } from '../content/types.ts';
import { getPath } from '../state/bind.ts';
import { sensitiveFields } from '../state/privacy.ts';

/** How a row's answer reads: a message of the catalogue, plain text, or a masked value with its last characters. */
export type ReviewAnswer = { key: string } | { text: string } | { masked: string; end: string };

export interface ReviewRow {
  field: string;
  labelKey: string;
  answer: ReviewAnswer;
}

export interface ReviewGroup {
  screen: string;
  titleKey: string;
  rows: ReviewRow[];
}

/** The widgets that are not answers (an explainer is a button, hidden fields carry constants). */
const NOT_ANSWERS = new Set(['hidden', 'explainer']);

/** The number of characters a masked answer shows at its end. */
const SHOWN = 2;

/** A sensitive value as it may show: bullets, then its last two characters (never more than half of it). */
export function masked(value: string): { masked: string; end: string } {
  const shown = value.length >= SHOWN * 2 ? SHOWN : 0;
  const end = shown ? value.slice(-shown) : '';
  return { masked: '•'.repeat(Math.max(value.length - shown, 4)) + end, end };
}

type SchemaNode = { enum?: unknown[]; type?: unknown; properties?: Record<string, SchemaNode> };

function answerOf(
  value: unknown,
  property: SchemaNode | undefined,
  ui: Record<string, unknown>,
  prefix: string,
  field: string,
): ReviewAnswer {
  const widgetOptions = (ui['ui:options'] ?? {}) as { itemLabels?: string };
  if (typeof widgetOptions.itemLabels === 'string') return { key: `${widgetOptions.itemLabels}.${String(value)}` };
  if (property?.enum || typeof value === 'boolean') {
    const labels = (ui['ui:enumLabels'] as string | undefined) ?? `${prefix}.${field}.options`;
    return { key: `${labels}.${String(value)}` };
  }
  return { text: String(value) };
}

/** The group of one summarised screen in `context`; undefined when it has no form or no answered field. */
export function reviewGroup(screen: Screen, context: object): ReviewGroup | undefined {
  const resolved = resolveScreen(screen, context);
  const form = resolved.form;
  if (!form) return undefined;
  const schema = form.schema as SchemaNode;
  const uiSchema = (form.uiSchema ?? {}) as Record<string, unknown>;
  const bind = form.bind ?? {};
  const sensitive = sensitiveFields(schema as never, uiSchema);
  const declared = ((uiSchema['ui:order'] as string[] | undefined) ?? []).filter((name) => name !== '*');
  const order = [...declared, ...Object.keys(schema.properties ?? {}).filter((name) => !declared.includes(name))];
  const rows: ReviewRow[] = [];
  for (const field of order) {
    const property = schema.properties?.[field];
    const ui = (uiSchema[field] ?? {}) as Record<string, unknown>;
    const path = bind[field];
    if (!property || !path || NOT_ANSWERS.has(ui['ui:widget'] as string)) continue;
    const value = getPath(context, path);
    if (value === undefined || value === null || value === '') continue;
    rows.push({
      field,
      labelKey: (ui['ui:label'] as string | undefined) ?? `${resolved.messages}.${field}.label`,
      answer: sensitive.has(field) ? masked(String(value)) : answerOf(value, property, ui, resolved.messages, field),
    });
  }
  return rows.length ? { screen: screen.id, titleKey: `${resolved.messages}.title`, rows } : undefined;
}

/** The groups of the summarised screens, in order, leaving out those with nothing answered. */
export function reviewGroups(screens: readonly Screen[], context: object): ReviewGroup[] {
  return screens.flatMap((screen) => reviewGroup(screen, context) ?? []);
}
