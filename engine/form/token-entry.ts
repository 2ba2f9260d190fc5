/**
 * The pure half of the card-entry widget: which parts of a composite entry fail their named format (the same
 * formats the API uses), and the request that sends the parts to a tokenising endpoint. No React, no fetch.
 */
import { formatRules, type Reason } from '../validation/rules.ts';

/** One input of a composite entry (`ui:options.parts`). */
export interface EntryPart {
  /** Property name in the posted body. */
  name: string;
  /** Named format of engine/validation that the value must pass. */
  format: string;
  labelKey: string;
  /** What to do when the input is left empty ("Enter the card number."). */
  requiredKey: string;
  autocomplete?: string;
  inputMode?: 'numeric' | 'text';
  maxLength?: number;
}

/** The first failure of each part (a missing value is the part's `requiredKey`, which says what to enter). */
export function partProblems(parts: readonly EntryPart[], values: Record<string, string>): Record<string, Reason> {
  const problems: Record<string, Reason> = {};
  for (const part of parts) {
    const value = values[part.name] ?? '';
    if (value === '') {
      problems[part.name] = { key: part.requiredKey };
      continue;
    }
    const rule = formatRules[part.format];
    if (!rule) throw new Error(`card entry: unknown format ${part.format}`);
    const reason = rule.reason(value);
    if (reason) problems[part.name] = reason;
  }
  return problems;
}

/** The body to post: every part by name, spaces and dashes removed from parts whose input mode is numeric. */
export function entryBody(parts: readonly EntryPart[], values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    parts.map((part) => [
      part.name,
      part.inputMode === 'numeric' ? (values[part.name] ?? '').replace(/[\s-]/g, '') : (values[part.name] ?? ''),
    ]),
  );
}
