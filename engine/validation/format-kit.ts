/**
 * What a screen's precompiled validators (virtual:validators/<screen>, scripts/content/precompile.ts) import to build
 * the formats their schemas name. The generated module holds those formats' specs and placeholder lists itself and
 * imports the named checks of checks.ts only when they use one, so a form step downloads its own format rules, not
 * every format of rules/validation/formats.json with every word list and phone pattern.
 */
import type { Check } from './checks.ts';
import { now } from './clock.ts';
import { compileFormats, formatDefinitionsOf, type FormatRule, type StringFormatDefinition } from './compile.ts';
import type { FormatSpec } from './types.ts';

/**
 * The rules (for the error messages: engine/validation/reasons.ts) and ajv definitions (for the validators) of the
 * formats `specs` (each resolved: no `extends`), reading the shared validation clock.
 */
export function formatKit(
  specs: Record<string, Omit<FormatSpec, 'description'>>,
  lists: Record<string, string[]>,
  checks: Record<string, Check>,
): { rules: Record<string, FormatRule>; definitions: Record<string, StringFormatDefinition> } {
  const rules = compileFormats(specs, lists, checks, now);
  return { rules, definitions: formatDefinitionsOf(rules) };
}
