/**
 * Every message key the validation code can return (format reasons, keyword defaults, other keys) exists
 * in the three catalogues, compiles as MessageFormat 2 and formats with its arguments; fr-CA is French.
 */
import { readFileSync } from 'node:fs';
import { MessageFormat } from 'messageformat';
import { formatMessageKeys, keywordMessageKeys, otherMessageKeys } from '../../../engine/validation/index.ts';

const locales = ['en-US', 'en-CA', 'fr-CA'] as const;
type Catalogue = { $schema: string; messages: Record<string, string> };
const catalogues = Object.fromEntries(
  locales.map((locale) => [locale, JSON.parse(readFileSync(`locales/${locale}/validation.json`, 'utf8')) as Catalogue]),
) as Record<(typeof locales)[number], Catalogue>;

const usedKeys = [...new Set([...formatMessageKeys(), ...keywordMessageKeys(), ...otherMessageKeys])].sort();

/** Sample arguments for every variable a message may use. */
const sampleArgs = { limit: 64, min: 3, max: 64, minAge: 18, maxAge: 100 };

describe('validation catalogues', () => {
  it('the code can return a substantial set of keys', () => {
    expect(usedKeys.length).toBeGreaterThan(60);
    expect(usedKeys).toContain('validation.address.poBox');
    expect(usedKeys).toContain('validation.emailMismatch');
  });

  it.each(locales)('%s names the catalogue meta-schema and holds only validation.* keys', (locale) => {
    expect(catalogues[locale].$schema).toBe('../../schemas/content/catalogue.schema.json');
    for (const key of Object.keys(catalogues[locale].messages)) expect(key.startsWith('validation.')).toBe(true);
  });

  it.each(locales)('%s has every key the code can return, and no other', (locale) => {
    expect(Object.keys(catalogues[locale].messages).sort()).toEqual(usedKeys);
  });

  it.each(locales)('every %s message compiles as MF2 and formats with its arguments', (locale) => {
    for (const [key, text] of Object.entries(catalogues[locale].messages)) {
      const formatted = new MessageFormat(locale, text).format(sampleArgs);
      expect(formatted, key).not.toMatch(/\{\$?\w+\}|\uFFFD/);
      expect(formatted.trim().length, key).toBeGreaterThan(1);
    }
  });

  it('argument placeholders match across locales', () => {
    const vars = (text: string) => [...text.matchAll(/\{\$(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of Object.entries(catalogues['en-US'].messages)) {
      expect(vars(catalogues['fr-CA'].messages[key]), key).toEqual(vars(text));
      expect(vars(catalogues['en-CA'].messages[key]), key).toEqual(vars(text));
    }
  });

  it('fr-CA is translated: no message equals its English text, and French words appear', () => {
    for (const [key, text] of Object.entries(catalogues['en-US'].messages)) {
      expect(catalogues['fr-CA'].messages[key], key).not.toBe(text);
    }
    const french = Object.values(catalogues['fr-CA'].messages).join(' ');
    for (const word of ['Veuillez', 'adresse', 'obligatoire', 'caractères', 'chiffres']) expect(french).toContain(word);
  });

  it('keeps the brand name in catalogue text only (doc2 §5 SUPER_PROHIBITED) and the spec wording of key messages', () => {
    expect(catalogues['en-US'].messages['validation.category.superProhibited']).toContain('GoDaddy');
    expect(catalogues['fr-CA'].messages['validation.category.superProhibited']).toContain('GoDaddy');
    expect(catalogues['en-US'].messages['validation.address.streetNumber']).toBe('Street number is required.');
    expect(catalogues['en-US'].messages['validation.otp.required']).toBe('Code is required.');
    expect(catalogues['en-US'].messages['validation.form.requiredFields']).toBe(
      'Fill in the required fields to continue.',
    );
    expect(
      new MessageFormat('fr-CA', catalogues['fr-CA'].messages['validation.dateOfBirth.minAge']).format({ minAge: 18 }),
    ).toMatch(/18/);
  });
});
