import fieldsData from '../../rules/validation/fields.json' with { type: 'json' };
import { formatRules } from '../../engine/validation/index.ts';
import { ApiError, type ErrorDetail } from '../http/errors.ts';
import type { SharedValidation } from '../http/shared-validation.ts';
import { atPointer, marketOf, type ApplicationDocument, type Market } from '../domain/document.ts';
import { lockedChanges, type DecidedFieldsRules } from '../domain/decided-fields.ts';
import { normaliseDocument } from '../domain/normalise.ts';
import { rulesFor, type ScreenRules } from '../domain/screen-rules.ts';
import { AJV_OPTIONS } from '../../engine/form/ajv-options.ts';
import { Ajv, type ValidateFunction } from 'ajv';

/** Every leaf JSON pointer a patch sets (`{applicant:{name:{firstName:"A"}}}` -> `/applicant/name/firstName`). */
export function leafPointers(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  const entries = Object.entries(value);
  if (entries.length === 0) return [prefix];
  return entries.flatMap(([key, child]) =>
    leafPointers(child, `${prefix}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`),
  );
}

const fields = (
  fieldsData as { fields: Record<string, Record<string, string | { by: string; formats: Record<string, string> }>> }
).fields;

/** The format rules/validation/fields.json names for a document pointer in a market (`/owners/0/email` too). */
export function formatAt(pointer: string, market: Market): string | undefined {
  const path = pointer
    .split('/')
    .slice(1)
    .map((segment) => (/^\d+$/.test(segment) ? null : segment));
  for (const [declared, byMarket] of Object.entries(fields)) {
    const parts = declared.split('.');
    const flat: Array<string | null> = parts.flatMap((p) => (p.endsWith('[]') ? [p.slice(0, -2), null] : [p]));
    if (flat.length === path.length && flat.every((p, i) => p === path[i])) {
      const spec = byMarket[market] ?? byMarket['*'];
      // A format chosen by another answer has no one format for an empty value: required fields are the schemas' job.
      return typeof spec === 'string' ? spec : undefined;
    }
  }
  return undefined;
}

/**
 * A present but empty value at a declared field fails like its format says (`checkDocument` skips empty values,
 * leaving required fields to request schemas, but a market-dependent field such as a zip or a phone has no one
 * format in the schema): `""` for a zip is `validation.required`, as in the browser; optional formats accept it.
 */
function emptyProblems(doc: ApplicationDocument, market: Market, pointers: string[]): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  for (const pointer of pointers) {
    if (atPointer(doc, pointer) !== '') continue;
    const format = formatAt(pointer, market);
    const reason = format ? formatRules[format]?.reason('') : null;
    if (reason) problems.push({ field: pointer, key: reason.key, ...(reason.args ? { args: reason.args } : {}) });
  }
  return problems;
}

/**
 * Members a merge patch removes (null, RFC 7386): only an optional value can go. A field whose format refuses an
 * empty value (a required one) is refused as it would be empty, and a part that is not a single value (an address,
 * a name) cannot be removed by a null at all.
 */
export function removalProblems(doc: ApplicationDocument, market: Market, pointers: string[]): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  for (const pointer of pointers) {
    const current = atPointer(doc, pointer);
    if (typeof current === 'object' && current !== null) {
      problems.push({ field: pointer, key: 'validation.invalid' });
      continue;
    }
    const format = formatAt(pointer, market);
    const reason = format ? formatRules[format]?.reason('') : null;
    if (reason) problems.push({ field: pointer, key: reason.key, ...(reason.args ? { args: reason.args } : {}) });
  }
  return problems;
}

/**
 * Market checks (`checkDocument`) on a document. With `onlyUnder`, only problems at or under those
 * pointers count: a partial save is judged on what it changes, not on fields the applicant has not reached.
 */
export function documentProblems(
  shared: SharedValidation,
  doc: ApplicationDocument,
  market: Market,
  onlyUnder?: string[],
): ErrorDetail[] {
  const problems = shared.checkDocument(doc, market, onlyUnder);
  const relevant = onlyUnder
    ? problems.filter((p) =>
        onlyUnder.some((ptr) => p.field === ptr || p.field.startsWith(`${ptr}/`) || ptr.startsWith(`${p.field}/`)),
      )
    : problems;
  const details = relevant.map((p) => ({ field: p.field, key: p.key, ...(p.args ? { args: p.args } : {}) }));
  const seen = new Set(details.map((d) => d.field));
  const empty = emptyProblems(doc, market, onlyUnder ?? leafPointers(doc)).filter((d) => !seen.has(d.field));
  return [...details, ...empty];
}

/** Compiled rule schemas per shared validation (its formats), by the rule's JSON. */
const compiledRules = new WeakMap<SharedValidation, { ajv: Ajv; byJson: Map<string, ValidateFunction> }>();

function compiledRule(shared: SharedValidation, schema: object): ValidateFunction {
  let cache = compiledRules.get(shared);
  if (!cache) {
    // The browser's validator options and formats (engine/form/ajv-options.ts), so both give one verdict.
    const ajv = new Ajv({ ...AJV_OPTIONS });
    shared.registerFormats(ajv);
    cache = { ajv, byJson: new Map() };
    compiledRules.set(shared, cache);
  }
  const json = JSON.stringify(schema);
  let validate = cache.byJson.get(json);
  if (!validate) {
    validate = cache.ajv.compile(schema);
    cache.byJson.set(json, validate);
  }
  return validate;
}

const touches = (a: string, b: string): boolean => a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);

/**
 * The screens' rules that depend on other answers (server/domain/screen-rules.ts), on a changed document: each rule
 * that reads or constrains a value the request changed is checked over the whole document, and each value it refuses
 * is named with the browser's message key (a missing value at its own pointer, not its parent's).
 */
export function conditionalProblems(
  shared: SharedValidation,
  source: ScreenRules | undefined,
  doc: ApplicationDocument,
  changed: string[],
): ErrorDetail[] {
  if (!source) return [];
  const problems: ErrorDetail[] = [];
  for (const rule of rulesFor(source, doc, marketOf(doc))) {
    if (!rule.pointers.some((pointer) => changed.some((change) => touches(pointer, change)))) continue;
    const validate = compiledRule(shared, rule.schema);
    if (validate(doc)) continue;
    for (const error of validate.errors ?? []) {
      if (['if', 'anyOf', 'oneOf', 'allOf'].includes(error.keyword) && (validate.errors ?? []).length > 1) continue;
      const at =
        error.keyword === 'required'
          ? `${error.instancePath}/${(error.params as { missingProperty: string }).missingProperty}`
          : error.instancePath;
      // A missing parent (no address at all) names the rule's field under it.
      const field = rule.pointers.includes(at) ? at : (rule.pointers.find((p) => p.startsWith(`${at}/`)) ?? at);
      if (problems.some((problem) => problem.field === field)) continue;
      const reason = shared.reasonForError(error, atPointer(doc, field));
      problems.push({ field, key: reason.key, ...(reason.args ? { args: reason.args } : {}) });
    }
  }
  return problems;
}

/**
 * A changed document as the API stores it (the PUT of /api/v2 and the JSON Patch of /api/v1 both end here): its
 * market checks at the pointers the request changed and the screens' conditional rules that read them (400
 * VALIDATION_FAILED), then normalised; a decided application
 * keeps the fields its decision rests on (rules/decided-fields.json: 409 CONFLICT naming them).
 */
export function acceptedChange(
  shared: SharedValidation,
  decidedFields: DecidedFieldsRules | undefined,
  before: ApplicationDocument,
  next: ApplicationDocument,
  changed: string[],
  screenRules?: ScreenRules,
): ApplicationDocument {
  const problems = documentProblems(shared, next, marketOf(next), changed);
  const seen = new Set(problems.map((problem) => problem.field));
  problems.push(...conditionalProblems(shared, screenRules, next, changed).filter((p) => !seen.has(p.field)));
  if (problems.length > 0) throw new ApiError('VALIDATION_FAILED', problems);
  const normalised = normaliseDocument(next);
  const locked = lockedChanges(decidedFields, before, normalised, changed);
  if (locked.length > 0)
    throw new ApiError(
      'CONFLICT',
      locked.map((field) => ({ field, key: 'errors.decidedFieldLocked' })),
    );
  return normalised;
}
