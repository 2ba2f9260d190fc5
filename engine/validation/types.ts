/**
 * Types of the validation rules data in `rules/validation/` (the meta-schemas in
 * `schemas/content/rules/validation-*.schema.json` describe the same shapes).
 */

/** Arguments of a message: MessageFormat 2 variables such as `{$limit}`. */
export type MessageArgs = Record<string, string | number>;

/** What every step has: the message key when it fails, optional message arguments. */
export interface StepBase {
  /** Message key used when the step fails (or when a check fails with a code not in `keys`). */
  key: string;
  /** Message keys by failure code, for checks that can fail in more than one way. */
  keys?: Record<string, string>;
  args?: MessageArgs;
}

/** The value must have at most this many characters (Unicode code points, as ajv counts). */
export interface MaxLengthStep extends StepBase {
  maxLength: number;
}
/** The value must have at least this many characters. */
export interface MinLengthStep extends StepBase {
  minLength: number;
}
/** The value must match a regular expression. */
export interface PatternStep extends StepBase {
  pattern: string;
  flags?: string;
}
/** The value must not match a regular expression. */
export interface NotPatternStep extends StepBase {
  notPattern: string;
  flags?: string;
}
/** The value (whole, or any of its words) must not be in a named placeholder list. */
export interface NotInStep extends StepBase {
  notIn: string;
  match: 'word' | 'whole';
}
/** A named check from `checks.ts`, with its parameters. */
export interface CheckStep extends StepBase {
  check: string;
  params?: Record<string, unknown>;
}

export type Step = MaxLengthStep | MinLengthStep | PatternStep | NotPatternStep | NotInStep | CheckStep;

/** One named format in `rules/validation/formats.json`. */
export interface FormatSpec {
  description: string;
  /** Another format whose steps (and strip) this one reuses. */
  extends?: string;
  /** Accept the empty string (optional fields). */
  allowEmpty?: boolean;
  /** Message key for an empty value when not allowed; default `validation.required`. */
  emptyKey?: string;
  /** A regular-expression character class removed from the value before the steps run. */
  strip?: string;
  steps?: Step[];
}

export interface FormatsFile {
  description: string;
  formats: Record<string, FormatSpec>;
}
export interface PlaceholdersFile {
  description: string;
  lists: Record<string, string[]>;
}
export interface PoBoxFile {
  description: string;
  phrases: string[];
  patterns: string[];
}
export interface CardBrandsFile {
  description: string;
  brands: Array<{ brand: string; ranges: Array<[string, string]>; lengths: number[] }>;
}
export interface KeywordMessage {
  key: string;
  args?: string[];
}
export interface MessagesFile {
  description: string;
  keywords: Record<string, KeywordMessage>;
  fallback: string;
  otherKeys: string[];
}
/** A format chosen by another value of the document (`by`, a dot path): format name by that value. */
export interface FormatBy {
  by: string;
  formats: Record<string, string>;
}
/** Document path to format name (or a format chosen by another answer) by market (`*` for every market). */
export interface FieldsFile {
  description: string;
  fields: Record<string, Record<string, string | FormatBy>>;
}
