/**
 * Builds the named format rules from rules/validation/formats.json: each format is an ordered list of
 * steps (length, pattern, placeholder list or a named check) and the first failing step gives the reason.
 */
import formatsData from '../../rules/validation/formats.json' with { type: 'json' };
import placeholdersData from '../../rules/validation/placeholders.json' with { type: 'json' };
import { checks } from './checks.ts';
import { now as sharedNow } from './clock.ts';
import { compileFormats, defaultKeyOf, type FormatRule } from './compile.ts';
import type { FormatSpec, FormatsFile, PlaceholdersFile } from './types.ts';

export { defaultKeyOf, type Reason, type FormatRule } from './compile.ts';

/** Options of createFormatRules. */
export interface FormatRulesOptions {
  /** "Now" for the date rules; default: the shared validation clock (see setValidationClock). */
  now?: () => Date;
}

const data = formatsData as unknown as FormatsFile;
const placeholders = placeholdersData as PlaceholdersFile;

/** Resolves `extends`: the steps and strip of the base format, the rest of this one. */
function resolve(name: string, specs: Record<string, FormatSpec>, seen: string[] = []): FormatSpec {
  const spec = specs[name];
  if (!spec) throw new Error(`unknown format "${name}"${seen.length ? ` (extended by ${seen.join(', ')})` : ''}`);
  if (!spec.extends) return spec;
  if (seen.includes(name)) throw new Error(`format "${name}" extends itself`);
  const base = resolve(spec.extends, specs, [...seen, name]);
  return { ...base, ...spec, steps: spec.steps ?? base.steps, strip: spec.strip ?? base.strip };
}

/** Builds every format of rules/validation/formats.json, reading "now" from `options.now`. */
export function createFormatRules(options: FormatRulesOptions = {}): Record<string, FormatRule> {
  const specs = Object.fromEntries(Object.keys(data.formats).map((name) => [name, resolve(name, data.formats)]));
  return compileFormats(specs, placeholders.lists, checks, options.now ?? sharedNow);
}

/**
 * What a format needs to be built on its own (scripts/content/precompile.ts writes it into a screen's validators): its
 * spec with `extends` resolved and without the editors' description, and the names of the placeholder lists and
 * checks its steps use.
 */
export function formatParts(name: string): {
  spec: Omit<FormatSpec, 'description' | 'extends'>;
  lists: Record<string, string[]>;
  checks: string[];
} {
  const { description: _description, extends: _extends, ...spec } = resolve(name, data.formats);
  const lists: Record<string, string[]> = {};
  const used = new Set<string>();
  for (const step of spec.steps ?? []) {
    if ('notIn' in step) lists[step.notIn] = placeholders.lists[step.notIn] ?? [];
    if ('check' in step) used.add(step.check);
  }
  return { spec, lists, checks: [...used] };
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
