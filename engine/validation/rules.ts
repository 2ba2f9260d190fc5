/**
 * Builds the named format rules from rules/validation/formats.json: each format is an ordered list of
 * steps (length, pattern, placeholder list or a named check) and the first failing step gives the reason.
 */
import formatsData from '../../rules/validation/formats.json' with { type: 'json' };
import placeholdersData from '../../rules/validation/placeholders.json' with { type: 'json' };
import { checks, type CheckContext } from './checks.ts';
import { now as sharedNow } from './clock.ts';
import type { FormatSpec, FormatsFile, PlaceholdersFile, Step } from './types.ts';

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

/** Options of createFormatRules. */
export interface FormatRulesOptions {
  /** "Now" for the date rules; default: the shared validation clock (see setValidationClock). */
  now?: () => Date;
}

const data = formatsData as unknown as FormatsFile;
const placeholders = placeholdersData as PlaceholdersFile;

/** The default message key of a format that fails for an unspecified reason. */
export const defaultKeyOf = (format: string): string => `validation.${format}`;

/** Upper case, letters and digits only: how placeholder words are compared. */
const placeholderForm = (text: string): string => text.toUpperCase().replace(/[^\p{L}\p{N}]/gu, '');

const placeholderSets: Record<string, Set<string>> = Object.fromEntries(
  Object.entries(placeholders.lists).map(([name, words]) => [name, new Set(words.map(placeholderForm))]),
);

const codePoints = (value: string): number => [...value].length;

type CompiledStep = (value: string, context: CheckContext) => Reason | null;

function fail(step: Step, code = 'invalid'): Reason {
  const key = step.keys?.[code] ?? step.key;
  return step.args ? { key, args: step.args } : { key };
}

function compileStep(step: Step, format: string): CompiledStep {
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
    const words = placeholderSets[step.notIn];
    if (!words) throw new Error(`format ${format}: unknown placeholder list "${step.notIn}"`);
    return (value) => {
      const candidates = step.match === 'word' ? value.split(/[\s-]+/u) : [value];
      return candidates.some((word) => words.has(placeholderForm(word))) ? fail(step) : null;
    };
  }
  const check = checks[step.check];
  if (!check) throw new Error(`format ${format}: unknown check "${step.check}"`);
  const params = step.params ?? {};
  return (value, context) => {
    const code = check(value, params, context);
    return code === null ? null : fail(step, code);
  };
}

/** Resolves `extends`: the steps and strip of the base format, the rest of this one. */
function resolve(name: string, specs: Record<string, FormatSpec>, seen: string[] = []): FormatSpec {
  const spec = specs[name];
  if (!spec) throw new Error(`unknown format "${name}"${seen.length ? ` (extended by ${seen.join(', ')})` : ''}`);
  if (!spec.extends) return spec;
  if (seen.includes(name)) throw new Error(`format "${name}" extends itself`);
  const base = resolve(spec.extends, specs, [...seen, name]);
  return { ...base, ...spec, steps: spec.steps ?? base.steps, strip: spec.strip ?? base.strip };
}

function compileFormat(name: string, spec: FormatSpec, context: CheckContext): FormatRule {
  const strip = spec.strip ? new RegExp(spec.strip, 'gu') : null;
  const steps = (spec.steps ?? []).map((step) => compileStep(step, name));
  const emptyReason: Reason = { key: spec.emptyKey ?? 'validation.required' };
  const fallbackArgs = (spec.steps ?? []).find((step) => step.key === defaultKeyOf(name) && step.args)?.args;
  const fallback: Reason = fallbackArgs ? { key: defaultKeyOf(name), args: fallbackArgs } : { key: defaultKeyOf(name) };
  const reason = (value: string): Reason | null => {
    if (typeof value !== 'string') return fallback;
    if (value === '') return spec.allowEmpty ? null : emptyReason;
    const cleaned = strip ? value.replace(strip, '') : value;
    if (cleaned === '' && !spec.allowEmpty) return emptyReason;
    for (const step of steps) {
      const failure = step(cleaned, context);
      if (failure) return failure;
    }
    return null;
  };
  return { reason, validate: (value) => reason(value) === null, fallback };
}

/** Builds every format of rules/validation/formats.json, reading "now" from `options.now`. */
export function createFormatRules(options: FormatRulesOptions = {}): Record<string, FormatRule> {
  const context: CheckContext = { now: options.now ?? sharedNow };
  return Object.fromEntries(
    Object.keys(data.formats).map((name) => [name, compileFormat(name, resolve(name, data.formats), context)]),
  );
}

/** The names of every format, in file order. */
export const formatNames: readonly string[] = Object.keys(data.formats);

/** Every message key the format rules can return (for the catalogue check). */
export function formatMessageKeys(): string[] {
  const keys = new Set<string>(['validation.required']);
  for (const [name, spec] of Object.entries(data.formats)) {
    keys.add(defaultKeyOf(name));
    if (spec.emptyKey) keys.add(spec.emptyKey);
    for (const step of spec.steps ?? []) {
      keys.add(step.key);
      for (const key of Object.values(step.keys ?? {})) keys.add(key);
    }
  }
  return [...keys];
}

/** The shared rules, reading the shared validation clock. */
export const formatRules: Record<string, FormatRule> = createFormatRules();
