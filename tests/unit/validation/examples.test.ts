/**
 * Every named format against the shared examples (tests/fixtures/validation-examples.json): accepted
 * values pass, refused values fail with the exact message key, both directly and through ajv with
 * registerFormats and reasonForError (the server's path).
 */
import Ajv from 'ajv';
import {
  formatNames,
  reasonForError,
  registerFormats,
  setValidationClock,
  formats,
  formatRules,
} from '../../../engine/validation/index.ts';
import { fixture, fixedNow, rulesAtFixtureNow } from './helpers.ts';

describe('validation examples fixture', () => {
  it('has examples for every format, and only for formats that exist', () => {
    expect(Object.keys(fixture.formats).sort()).toEqual([...formatNames].sort());
    for (const [name, examples] of Object.entries(fixture.formats)) {
      expect(examples.valid.length, `${name} valid examples`).toBeGreaterThan(0);
      expect(examples.invalid.length, `${name} invalid examples`).toBeGreaterThan(0);
    }
  });

  it('exports one ajv definition per format', () => {
    expect(Object.keys(formats).sort()).toEqual([...formatNames].sort());
    for (const definition of Object.values(formats)) expect(definition.type).toBe('string');
  });
});

describe.each(Object.entries(fixture.formats))('format %s', (name, examples) => {
  const rule = rulesAtFixtureNow[name];

  it.each(examples.valid)('accepts %j', (value) => {
    expect(rule.reason(value)).toBeNull();
    expect(rule.validate(value)).toBe(true);
  });

  it.each(examples.invalid.map((example) => [example.value, example.key] as const))(
    'refuses %j with %s',
    (value, key) => {
      expect(rule.reason(value)?.key).toBe(key);
      expect(rule.validate(value)).toBe(false);
    },
  );
});

describe('through ajv (registerFormats + reasonForError)', () => {
  let restore: () => void = () => {};
  beforeAll(() => {
    restore = setValidationClock(fixedNow);
  });
  afterAll(() => restore());

  const ajv = new Ajv({ allErrors: true });
  registerFormats(ajv);

  it.each(Object.entries(fixture.formats))('%s gives the same verdict and key as the rule', (name, examples) => {
    const validate = ajv.compile({ type: 'string', format: name });
    for (const value of examples.valid) expect(validate(value), `${name} ${JSON.stringify(value)}`).toBe(true);
    for (const { value, key } of examples.invalid) {
      expect(validate(value), `${name} ${JSON.stringify(value)}`).toBe(false);
      const formatError = validate.errors!.find((error) => error.keyword === 'format')!;
      expect(reasonForError(formatError, value).key).toBe(key);
    }
  });

  it('the shared formatRules read the injected clock', () => {
    // 12/31/2008 is 18 years before the fixture's 2026; a year later it would still pass, a year earlier not.
    expect(formatRules['date-of-birth'].validate('12/31/2008')).toBe(true);
    const back = setValidationClock(() => new Date('2025-06-15T12:00:00Z'));
    try {
      expect(formatRules['date-of-birth'].reason('12/31/2008')?.key).toBe('validation.dateOfBirth.minAge');
    } finally {
      back();
    }
  });
});
