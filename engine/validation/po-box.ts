/** PO-box detection from the phrases and patterns in `rules/validation/po-box.json` (doc2 §5 Address). */
import data from '../../rules/validation/po-box.json' with { type: 'json' };
import type { PoBoxFile } from './types.ts';

const rules = data as PoBoxFile;
// Compiled on first use: a module with no work at load, so a build whose formats never check an address drops it.
let compiled: { patterns: RegExp[]; phrases: string[] } | undefined;

/** Lower case, accents removed, every run of characters other than letters and digits made one space. */
function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** True when an address text names a post-office box (or a similar mail-only address) in any known spelling. */
export function isPoBox(value: string): boolean {
  compiled ??= {
    patterns: rules.patterns.map((source) => new RegExp(source, 'iu')),
    phrases: rules.phrases.map((phrase) => ` ${normalise(phrase)} `),
  };
  const { patterns, phrases } = compiled;
  if (patterns.some((pattern) => pattern.test(value))) return true;
  const words = ` ${normalise(value)} `;
  return phrases.some((phrase) => words.includes(phrase));
}
