/**
 * The rules behind the FULL_SSN step-up in Canada (doc1 §4.5, doc2 §5 SIN): the sin format (after removing spaces and
 * dashes, 9 digits, not starting with 0, Luhn), and rules/government-ids.json, where a SIN (Canada only) answers a
 * pending FULL_SSN as a SSN9 does in the US.
 */
import { readFileSync } from 'node:fs';
import { formatRules } from '../../../engine/validation/index.ts';

const ids = JSON.parse(readFileSync('rules/government-ids.json', 'utf8')) as {
  sourceTypes: Record<string, { type: string; markets: string[]; format: string; clears: string[] }>;
};

describe('sin format', () => {
  it.each(['130692544', '130 692 544', '130-692-544', '130700008'])('accepts %s', (value) => {
    expect(formatRules.sin.validate(value)).toBe(true);
  });
  it.each([
    ['130692545', 'a Luhn checksum that fails'],
    ['046454286', 'a first digit 0 (never issued), though Luhn holds'],
    ['13069254', 'eight digits'],
    ['1306925440', 'ten digits'],
    ['13069254a', 'a letter'],
  ])('refuses %s (%s) with validation.sin', (value) => {
    expect(formatRules.sin.validate(value)).toBe(false);
    expect(formatRules.sin.reason(value)?.key).toBe('validation.sin');
  });
});

describe('government ids: who answers FULL_SSN', () => {
  it('a SIN is the applicant’s, Canadian only, checked with the sin format, and clears FULL_SSN', () => {
    expect(ids.sourceTypes.SIN).toEqual({ type: 'INDIVIDUAL', markets: ['CA'], format: 'sin', clears: ['FULL_SSN'] });
  });
  it('in the US the SSN9 clears it; no business id and no last-4 does', () => {
    const clearing = Object.entries(ids.sourceTypes)
      .filter(([, rule]) => rule.clears.includes('FULL_SSN'))
      .map(([name]) => name)
      .sort();
    expect(clearing).toEqual(['SIN', 'SSN9']);
    expect(ids.sourceTypes.SSN9.markets).toEqual(['US']);
  });
});
