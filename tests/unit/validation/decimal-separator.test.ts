/**
 * engine/form/decimal-separator.ts stands in for rjsf's getDecimalSeparator (vite.config.ts). Oracle: rjsf's own, read
 * from its file (the build swaps only rjsf's relative imports of it), over language lists with either separator, and
 * the browser's languages when none are given.
 */
import fc from 'fast-check';
import rjsfDecimalSeparator from '@rjsf/utils/lib/getDecimalSeparator.js';
import getDecimalSeparator from '../../../engine/form/decimal-separator.ts';

const language = fc.constantFrom(
  'en-US',
  'en-CA',
  'fr-CA',
  'fr-FR',
  'de-DE',
  'de-CH',
  'ar-EG',
  'hi-IN',
  'pt-BR',
  'not a tag',
  'x',
);

describe("the decimal separator rjsf's number fields use", () => {
  it('is the one rjsf works out, for any language list, the same on every call', () => {
    fc.assert(
      fc.property(fc.oneof(language, fc.array(language, { maxLength: 3 })), (languages) => {
        const expected = rjsfDecimalSeparator(languages as string | string[]);
        expect(getDecimalSeparator(languages)).toBe(expected);
        expect(getDecimalSeparator(languages)).toBe(expected);
      }),
      { numRuns: 300 },
    );
    expect(getDecimalSeparator('fr-CA')).toBe(',');
    expect(getDecimalSeparator(['en-US', 'fr-CA'])).toBe('.');
  });

  it("reads the browser's languages when none are given, as rjsf does", () => {
    const languages = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    try {
      Object.defineProperty(globalThis, 'navigator', { value: { languages: ['de-DE'] }, configurable: true });
      expect(getDecimalSeparator()).toBe(rjsfDecimalSeparator());
      expect(getDecimalSeparator()).toBe(',');
    } finally {
      if (languages) Object.defineProperty(globalThis, 'navigator', languages);
      else delete (globalThis as { navigator?: unknown }).navigator;
    }
  });
});
