/**
 * The precompiled-validator path: ajv standalone code that looks formats up in engine/validation/formats.ts
 * by a require expression gives the same verdicts as the rules (no ajv compiler at run time).
 */
import { createRequire } from 'node:module';
import Ajv, { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { formats, registerFormats, setValidationClock } from '../../../engine/validation/index.ts';
import { fixture, fixedNow } from './helpers.ts';

const FORMATS_MODULE = '../engine/validation/formats.ts';

function precompile(schema: object): (data: unknown) => boolean {
  const ajv = new Ajv({ code: { source: true, formats: _`require(${FORMATS_MODULE}).formats` } });
  registerFormats(ajv);
  const code = standaloneCode(ajv, ajv.compile(schema));
  expect(code).toContain(FORMATS_MODULE);
  const nodeRequire = createRequire(import.meta.url);
  const fakeRequire = (id: string) => (id === FORMATS_MODULE ? { formats } : nodeRequire(id));
  const module = { exports: {} as unknown };
  // Evaluating generated code is what the browser bundle does with the file; only this test does it at run time.
  new Function('require', 'module', 'exports', code)(fakeRequire, module, module.exports);
  return module.exports as (data: unknown) => boolean;
}

describe('standalone validators with the formats module', () => {
  let restore: () => void = () => {};
  beforeAll(() => {
    restore = setValidationClock(fixedNow);
  });
  afterAll(() => restore());

  it.each(Object.entries(fixture.formats))('%s: same verdicts as the examples', (name, examples) => {
    const validate = precompile({ type: 'string', format: name });
    for (const value of examples.valid) expect(validate(value), `${name} ${JSON.stringify(value)}`).toBe(true);
    for (const { value } of examples.invalid) expect(validate(value), `${name} ${JSON.stringify(value)}`).toBe(false);
  });
});
