/**
 * Validators for screen forms: one precompiled rjsf validator per distinct schema (built by the content plugin;
 * no ajv compiler in the browser), and the mapping of every validation error to a message key through the
 * shared rules of engine/validation (the screen's own formats, which come with its validators).
 */
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema, RJSFValidationError, ValidatorType } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { ErrorObject } from 'ajv';
import { reasonFromRules } from '../validation/reasons.ts';
import type { FormatRule } from '../validation/compile.ts';
import type { Translate } from '../i18n/translator.ts';
import { uiSchemaAt } from '../content/required-fields.ts';

const cache = new WeakMap<object, ValidatorType>();

export function validatorFor(functions: ValidatorFunctions, schema: RJSFSchema): ValidatorType {
  let validator = cache.get(schema);
  if (!validator) {
    validator = createPrecompiledValidator(functions, schema);
    cache.set(schema, validator);
  }
  return validator;
}

function valueAt(data: unknown, property: string | undefined): unknown {
  if (!property) return data;
  let node: unknown = data;
  for (const part of property.replace(/^\./, '').split('.').filter(Boolean)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part.replace(/^\[|\]$/g, '').replace(/^'|'$/g, '')];
  }
  return node;
}

/** The field an rjsf error belongs to: the missing property for `required`, else the error's own property. */
export function fieldOf(error: RJSFValidationError): string {
  const property = (error.property ?? '').replace(/^\./, '');
  const missing = error.name === 'required' ? error.params?.missingProperty : undefined;
  if (missing && property.split('.').pop() !== String(missing)) {
    return property ? `${property}.${missing}` : String(missing);
  }
  return property;
}

/**
 * rjsf `transformErrors`: every error's message becomes the localised text of its rule's message key, one error
 * per field (the first, doc2 §5 "the first failing message is shown"), in the order the fields are shown.
 */
export function localiseErrors(
  errors: RJSFValidationError[],
  formData: unknown,
  uiSchema: Record<string, unknown>,
  t: Translate,
  fieldOrder: string[] = [],
  /**
   * The field's own "what to do" message for a missing value (`<screen>.<path>.required`, engine/content/
   * required-fields.ts), when it has one; given the field's property path (`address.zip`, `owners.0.firstName`).
   */
  requiredKeyOf: (field: string) => string | undefined = () => undefined,
  /** The rules of the formats the schema names (the screen's own: engine/form/screen-validators.ts). */
  formatRules: Record<string, FormatRule> = {},
): RJSFValidationError[] {
  const seen = new Set<string>();
  const rank = (error: RJSFValidationError) => {
    const index = fieldOrder.indexOf(fieldOf(error).split('.')[0]);
    return index < 0 ? fieldOrder.length : index;
  };
  // An `if` error ('must match "then" schema') always comes with the failing error of its branch: show that one.
  const firstPerField = errors
    .filter((error) => error.name !== 'if')
    .sort((a, b) => rank(a) - rank(b))
    .filter((error) => {
      const field = fieldOf(error);
      if (seen.has(field)) return false;
      seen.add(field);
      return true;
    });
  return firstPerField.map((error) => {
    const field = fieldOf(error);
    // The field's own uiSchema, nested fields too (`address.zip` reads uiSchema.address.zip, array items `items`).
    const declared = (uiSchemaAt(uiSchema, field)['ui:messages'] ?? {}) as Record<string, string>;
    const own = declared.required === undefined ? requiredKeyOf(field) : undefined;
    const overrides = own ? { ...declared, required: own } : declared;
    const ajvError = {
      keyword: error.name ?? '',
      params: error.params ?? {},
      instancePath: `/${field.replace(/\./g, '/')}`,
      schemaPath: error.schemaPath ?? '',
      message: error.message,
    } as ErrorObject;
    const found = reasonFromRules(formatRules, ajvError, valueAt(formData, field), overrides);
    // An empty value a format refuses is a missing value too: the field's own message says what to do.
    const reason = found.key === 'validation.required' && overrides.required ? { key: overrides.required } : found;
    const message = t(reason.key, reason.args);
    return { ...error, message, stack: message, property: `.${field}` };
  });
}
