/**
 * The validation shared with the browser (`engine/validation/`): named formats, message keys for ajv errors,
 * market checks of a whole document. The server takes it through this interface so tests can substitute it.
 */
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { Ajv, ErrorObject } from 'ajv';
import { checkDocument, reasonForError, registerFormats } from '../../engine/validation/index.ts';

/** A message key with its arguments. */
export interface Reason {
  key: string;
  args?: Record<string, string | number>;
}

/** A market-specific problem found in a document. */
export interface FieldProblem extends Reason {
  /** JSON pointer into the document, e.g. `/applicant/name/firstName`. */
  field: string;
}

/** What the server uses of `engine/validation/index.ts`. */
export interface SharedValidation {
  registerFormats(ajv: Ajv | Ajv2020): unknown;
  reasonForError(error: ErrorObject, value: unknown): Reason;
  checkDocument(doc: unknown, market: string, onlyUnder?: readonly string[]): FieldProblem[];
}

/** The engine's validation module. */
export const engineValidation: SharedValidation = { registerFormats, reasonForError, checkDocument };
