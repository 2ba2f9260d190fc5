/**
 * The parts of rjsf's default theme our theme (engine/form/theme.tsx, and the file widget of its own chunk:
 * engine/form/widget-names.ts) always replaces: rjsf's Form merges our templates and widgets over its defaults by these
 * registry names, so the defaults never render, yet @rjsf/core's registry imports every one of them. The build hands
 * @rjsf/core a stub that throws instead of each (vite.config.ts), so the form chunk does not carry both; a unit test
 * holds each entry to a name our theme fills and to rjsf's own import of it. Plain data: the build reads it too.
 *
 * Keyed by the file under @rjsf/core/lib/components/; the value is the registry name (`ButtonTemplates.SubmitButton`:
 * inside `templates.ButtonTemplates`). `widgets` entries are widgets, the rest templates.
 */
export const replacedByTheme: Record<string, { kind: 'templates' | 'widgets'; name: string }> = {
  'templates/BaseInputTemplate.js': { kind: 'templates', name: 'BaseInputTemplate' },
  'templates/DescriptionField.js': { kind: 'templates', name: 'DescriptionFieldTemplate' },
  'templates/ErrorList.js': { kind: 'templates', name: 'ErrorListTemplate' },
  'templates/FieldErrorTemplate.js': { kind: 'templates', name: 'FieldErrorTemplate' },
  'templates/FieldHelpTemplate.js': { kind: 'templates', name: 'FieldHelpTemplate' },
  'templates/FieldTemplate/FieldTemplate.js': { kind: 'templates', name: 'FieldTemplate' },
  'templates/ObjectFieldTemplate.js': { kind: 'templates', name: 'ObjectFieldTemplate' },
  'templates/TitleField.js': { kind: 'templates', name: 'TitleFieldTemplate' },
  'templates/ButtonTemplates/SubmitButton.js': { kind: 'templates', name: 'ButtonTemplates.SubmitButton' },
  'widgets/CheckboxWidget.js': { kind: 'widgets', name: 'CheckboxWidget' },
  'widgets/RadioWidget.js': { kind: 'widgets', name: 'RadioWidget' },
  'widgets/SelectWidget.js': { kind: 'widgets', name: 'SelectWidget' },
};

/**
 * The parts of rjsf's default registry our content can never reach, which the build stubs the same way: rjsf shows them
 * only where a uiSchema names them (`ui:field`, `ui:widget`), and the content check refuses those names
 * (scripts/check-content/kinds.ts: `ui:widget` is one of schemas/content/screen-kinds.schema.json#/$defs/widget, which
 * has no `rating`; a `ui:field` naming one of the fields here is refused). Keyed as above; `name` is the name a
 * uiSchema would give.
 */
export const unreachableFromContent: Record<string, { kind: 'fields' | 'widgets'; name: string }> = {
  'fields/LayoutGridField.js': { kind: 'fields', name: 'LayoutGridField' },
  'fields/LayoutHeaderField.js': { kind: 'fields', name: 'LayoutHeaderField' },
  'fields/LayoutMultiSchemaField.js': { kind: 'fields', name: 'LayoutMultiSchemaField' },
  'widgets/RatingWidget.js': { kind: 'widgets', name: 'rating' },
};
