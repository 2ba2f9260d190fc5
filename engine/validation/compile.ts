/**
 * Compiles format specs (rules/validation/formats.json, `extends` already resolved) into format rules. It imports no
 * data: rules.ts hands it every format with every list and check (the server, the tests), and a screen's precompiled
 * validators (scripts/content/precompile.ts, through format-kit.ts) hand it only the formats their schemas name, with
 * the placeholder lists and checks those use, so a form step downloads its own rules and not every other step's.
 */
import type { Check, CheckContext } from './checks.ts';
import type { FormatSpec, Step } from './types.ts';

/** Why a value fails: a message key into locales/ and its arguments. */
export interface Reason {
  key: string;
  args?: Record<string, string | number>;
}

/** A named format: `validate(v) === (reason(v) === null)`. */
export interface FormatRule {
  validate(value: string): boolean;
  reason(value: string): Reason | null;
  /**
   * The reason when the value cannot be read (not a string): the format's default key, with the arguments a step of
   * the same key declares, so "{$min} to {$max} digits" never shows its variables unfilled.
   */
  fallback: Reason;
}

/** What compiling a format may use besides its spec: placeholder word sets, named checks, "now". */
interface CompileParts {
  placeholders: Record<string, Set<string>>;
  checks: Record<string, Check>;
  context: CheckContext;
}

/** The default message key of a format that fails for an unspecified reason. */
export const defaultKeyOf = (format: string): string => `validation.${format}`;

/** Upper case, letters and digits only: how placeholder words are compared. */
const placeholderForm = (text: string): string => text.toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');

/** Each placeholder list as the set of its words in compared form. */
function placeholderSetsOf(lists: Record<string, string[]>): Record<string, Set<string>> {
  return Object.fromEntries(Object.entries(lists).map(([name, words]) => [name, new Set(words.map(placeholderForm))]));
}

const codePoints = (value: string): number => [...value].length;

type CompiledStep = (value: string, context: CheckContext) => Reason | null;

function fail(step: Step, code = 'invalid'): Reason {
  const key = step.keys?.[code] ?? step.key;
  return step.args ? { key, args: step.args } : { key };
}

function compileStep(step: Step, format: string, parts: CompileParts): CompiledStep {
  if ('maxLength' in step) return (value) => (codePoints(value) <= step.maxLength ? null : fail(step));
  if ('minLength' in step) return (value) => (codePoints(value) >= step.minLength ? null : fail(step));
  if ('pattern' in step) {
    const pattern = new RegExp(step.pattern, step.flags ?? '');
    return (value) => (pattern.test(value) ? null : fail(step));
  }
  if ('notPattern' in step) {
    const pattern = new RegExp(step.notPattern, step.flags ?? '');
    return (value) => (pattern.test(value) ? fail(step) : null);
  }
  if ('notIn' in step) {
    const words = parts.placeholders[step.notIn];
    if (!words) throw new Error(`format ${format}: unknown placeholder list "${step.notIn}"`);
    return (value) => {
      const candidates = step.match === 'word' ? value.split(/[\s-]+/u) : [value];
      return candidates.some((word) => words.has(placeholderForm(word))) ? fail(step) : null;
    };
  }
  const check = parts.checks[step.check];
  if (!check) throw new Error(`format ${format}: unknown check "${step.check}"`);
  const params = step.params ?? {};
  return (value, context) => {
    const code = check(value, params, context);
    return code === null ? null : fail(step, code);
  };
}

/** One format's rule from its resolved spec (no `extends` left). */
function compileFormat(name: string, spec: Omit<FormatSpec, 'description'>, parts: CompileParts): FormatRule {
  const strip = spec.strip ? new RegExp(spec.strip, 'gu') : null;
  const steps = (spec.steps ?? []).map((step) => compileStep(step, name, parts));
  const emptyReason: Reason = { key: spec.emptyKey ?? 'validation.required' };
  const fallbackArgs = (spec.steps ?? []).find((step) => step.key === defaultKeyOf(name) && step.args)?.args;
  const fallback: Reason = fallbackArgs ? { key: defaultKeyOf(name), args: fallbackArgs } : { key: defaultKeyOf(name) };
  const reason = (value: string): Reason | null => {
    if (typeof value !== 'string') return fallback;
    if (value === '') return spec.allowEmpty ? null : emptyReason;
    const cleaned = strip ? value.replace(strip, '') : value;
    if (cleaned === '' && !spec.allowEmpty) return emptyReason;
    for (const step of steps) {
      const failure = step(cleaned, parts.context);
      if (failure) return failure;
    }
    return null;
  };
  return { reason, validate: (value) => reason(value) === null, fallback };
}

/**
 * The rules of the formats `specs` (each resolved: no `extends`), whose steps may name the placeholder `lists` and the
 * `checks`, with `now` for the date checks: every format (rules.ts) or a screen's own (format-kit.ts).
 */
export function compileFormats(
  specs: Record<string, Omit<FormatSpec, 'description'>>,
  lists: Record<string, string[]>,
  checks: Record<string, Check>,
  now: () => Date,
): Record<string, FormatRule> {
  const parts: CompileParts = { placeholders: placeholderSetsOf(lists), checks, context: { now } };
  return Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, compileFormat(name, spec, parts)]));
}

/** An ajv format definition for strings. */
export interface StringFormatDefinition {
  type: 'string';
  validate: (value: string) => boolean;
}

/**
 * Each rule as an ajv format definition. `validate` does not use `this` (precompiled validators call it detached).
 */
export function formatDefinitionsOf(rules: Record<string, FormatRule>): Record<string, StringFormatDefinition> {
  return Object.fromEntries(
    Object.entries(rules).map(([name, rule]) => [
      name,
      { type: 'string' as const, validate: (value: string) => rule.validate(value) },
    ]),
  );
}
