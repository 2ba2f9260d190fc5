/**
 * Issue 22 item 3: every message gets its variables wherever it is raised. Whatever way a format fails (a step, an
 * empty value, a value the rule cannot read, a keyword), the reason carries every `{$variable}` its message names, in
 * each locale: formatted, no placeholder is left and MessageFormat reports no missing variable.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorObject } from 'ajv';
import { createTranslator } from '../../../engine/i18n/translator.ts';
import { formatNames, formatRules, keywordMessageKeys, reasonForError } from '../../../engine/validation/index.ts';
import formatsData from '../../../rules/validation/formats.json' with { type: 'json' };

const locales = readdirSync('locales').filter((name) => /^[a-z]{2}-[A-Z]{2}$/.test(name));

function translator(locale: string, problems: string[]) {
  const catalogue: Record<string, string> = {};
  for (const file of readdirSync(join('locales', locale)).filter((name) => name.endsWith('.json')))
    Object.assign(
      catalogue,
      (JSON.parse(readFileSync(join('locales', locale, file), 'utf8')) as { messages: Record<string, string> })
        .messages,
    );
  return createTranslator(locale, catalogue, undefined, (problem) => problems.push(`${locale} ${problem}`)).t;
}

type Spec = { steps?: Array<{ key: string; args?: Record<string, string | number>; keys?: Record<string, string> }> };
const specs = (formatsData as unknown as { formats: Record<string, Spec> }).formats;

describe.each(locales)('%s: no message of a validation reason shows a variable unfilled', (locale) => {
  it('a format that fails on a value it cannot read (the default key) gets the arguments of its steps', () => {
    const problems: string[] = [];
    const t = translator(locale, problems);
    for (const format of formatNames) {
      const error = {
        keyword: 'format',
        params: { format },
        instancePath: '/x',
        schemaPath: '#/format',
      } as unknown as ErrorObject;
      const reason = reasonForError(error, undefined);
      const text = t(reason.key, reason.args);
      expect(text, `${format} -> ${reason.key}`).not.toContain('{$');
    }
    expect(problems).toEqual([]);
  });

  it('every step of every format gives the variables its message names', () => {
    const problems: string[] = [];
    const t = translator(locale, problems);
    for (const [format, spec] of Object.entries(specs)) {
      for (const step of spec.steps ?? []) {
        for (const key of [step.key, ...Object.values(step.keys ?? {})])
          expect(t(key, step.args), `${format}: ${key}`).not.toContain('{$');
      }
    }
    expect(problems).toEqual([]);
  });

  it('the rule of each format answers with its variables for a value of every kind it refuses', () => {
    const problems: string[] = [];
    const t = translator(locale, problems);
    for (const [format, rule] of Object.entries(formatRules)) {
      for (const value of ['', ' ', 'x', '1', '12', 'a'.repeat(400), '9'.repeat(30)]) {
        const reason = rule.reason(value);
        if (reason) expect(t(reason.key, reason.args), `${format} "${value.slice(0, 10)}"`).not.toContain('{$');
      }
    }
    expect(problems).toEqual([]);
  });

  it('keyword messages (minLength, maximum, ...) get their limits from the error', () => {
    expect(keywordMessageKeys().length).toBeGreaterThan(0);
    const problems: string[] = [];
    const t = translator(locale, problems);
    const errors = [
      { keyword: 'minLength', params: { limit: 3 } },
      { keyword: 'maxLength', params: { limit: 64 } },
      { keyword: 'minimum', params: { limit: 1, comparison: '>=' } },
      { keyword: 'maximum', params: { limit: 9, comparison: '<=' } },
      { keyword: 'minItems', params: { limit: 1 } },
      { keyword: 'maxItems', params: { limit: 4 } },
    ];
    for (const error of errors) {
      const reason = reasonForError({ ...error, instancePath: '/x', schemaPath: '#' } as unknown as ErrorObject, 'x');
      expect(t(reason.key, reason.args), error.keyword).not.toContain('{$');
    }
    expect(problems).toEqual([]);
  });
});
