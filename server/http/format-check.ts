import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorDetail } from './errors.ts';
import type { SharedValidation } from './shared-validation.ts';

/** Checks one value against a named format chosen at run time (by source type, market...). */
export type FormatCheck = (format: string, value: string, field: string) => ErrorDetail[];

/**
 * Builds a checker over the shared formats: the same definitions and message keys as the browser, for rules
 * where the format depends on data (a government id's source type) and so cannot be written in a request schema.
 */
export function formatChecker(shared: SharedValidation): FormatCheck {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  shared.registerFormats(ajv);
  const compiled = new Map<string, ReturnType<Ajv2020['compile']>>();
  return (format, value, field) => {
    let validate = compiled.get(format);
    if (!validate) {
      validate = ajv.compile({ type: 'string', format });
      compiled.set(format, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).slice(0, 1).map((error) => {
      const reason = shared.reasonForError(error, value);
      return { field, key: reason.key, ...(reason.args ? { args: reason.args } : {}) };
    });
  };
}
