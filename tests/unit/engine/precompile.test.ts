/**
 * scripts/content/precompile.ts: every form schema of every variant combination becomes one precompiled ajv
 * validator, whatever name rjsf's hash gives it. Two variants with a `$data` confirmation (`const: {$data: ...}`)
 * used to break the build: ajv writes `exports.f09625b = ...` (not `exports["..."]`) for a hash that starts
 * with a letter, and the precompiler refused it.
 */
import { createPrecompiledValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { schemaParser } from '@rjsf/utils';
import { formatRules } from '../../../engine/validation/index.ts';
import { formatKit } from '../../../engine/validation/format-kit.ts';
import * as checks from '../../../engine/validation/checks.ts';
import type { FormatRule } from '../../../engine/validation/compile.ts';
import * as runtime from '../../../engine/form/ajv-runtime.ts';
import { possibleFormSchemas } from '../../../engine/content/resolve.ts';
import { precompileValidators, schemasToCompile } from '../../../scripts/content/precompile.ts';
import type { ContentBundle, Screen } from '../../../engine/content/types.ts';

const confirmation = (of: string) => ({ type: 'string', const: { $data: `1/${of}` } });

/** One screen, three variants of its form: two add a `$data` confirmation, one changes a format. */
function screen(id: string, extra: Record<string, unknown> = {}): Screen {
  return {
    id,
    flow: 'signup',
    path: `/:applicationId/${id}`,
    kind: 'form',
    messages: id,
    form: {
      schema: {
        type: 'object',
        required: ['firstName', 'email'],
        properties: {
          firstName: { type: 'string', format: 'person-name' },
          email: { type: 'string', format: 'email' },
          ...extra,
        },
      },
      uiSchema: {},
      bind: {},
    },
    variants: [
      {
        when: { '==': [{ var: 'environment.market' }, 'A'] },
        merge: {
          form: {
            schema: {
              properties: { confirmEmail: confirmation('email') },
              required: ['firstName', 'email', 'confirmEmail'],
            },
          },
        },
      },
      {
        when: { '==': [{ var: 'environment.portal' }, 'B'] },
        merge: { form: { schema: { properties: { confirmName: confirmation('firstName') } } } },
      },
      {
        when: { '==': [{ var: 'environment.locale' }, 'C'] },
        merge: { form: { schema: { properties: { firstName: { format: 'person-name-accented' } } } } },
      },
    ],
  } as unknown as Screen;
}

const bundle = {
  flows: {},
  screens: {
    one: screen('one'),
    two: screen('two', { nickname: { type: 'string', maxLength: 20 } }),
    // rjsf hashes this schema to "df512a2", which ajv exports as `exports.df512a2` (the shape that broke).
    three: {
      id: 'three',
      flow: 'signup',
      path: '/three',
      kind: 'form',
      messages: 'three',
      form: {
        schema: { type: 'object', properties: { nickname: { type: 'string', maxLength: 43 } } },
        uiSchema: {},
        bind: {},
      },
    } as unknown as Screen,
  },
  calls: {},
  tables: {},
} as unknown as ContentBundle;

/**
 * Evaluates the generated ES module the way the bundle would import it (test-only; the build never evaluates): its
 * validators and the format rules it exports.
 */
function load(source: string): { functions: ValidatorFunctions; rules: Record<string, FormatRule> } {
  const checkImports = /^import \{ ([^}]*) \} from "\/checks\.ts";$/m.exec(source)?.[1] ?? '';
  const body = source
    .replace(/^import \{ formatKit as __formatKit \} from "\/kit\.ts";$/m, '')
    .replace(/^import \{ [^}]* \} from "\/checks\.ts";$/m, '')
    .replace(/^import \* as __runtime from .*;$/m, '')
    .replace(/^export \{ __formatRules as formatRules \};$/m, '')
    .replace(/^export default (.*);$/m, 'return { functions: $1, rules: __formatRules };');
  expect(body).not.toMatch(/\bimport\b|\bexport\b|\brequire\(/);
  const names = checkImports ? checkImports.split(', ').map((item) => item.split(' as ')) : [];
  const bound = names.map(([name]) => (checks as unknown as Record<string, unknown>)[name!]);
  return new Function('__formatKit', '__runtime', ...names.map(([, local]) => local!), body)(
    formatKit,
    runtime,
    ...bound,
  ) as { functions: ValidatorFunctions; rules: Record<string, FormatRule> };
}

describe('precompiled validators', () => {
  const source = precompileValidators(bundle, { formats: '/kit.ts', runtime: '/runtime.ts', checks: '/checks.ts' });
  const { functions, rules } = load(source);

  it('compiles every schema of every variant combination, under its rjsf hash', () => {
    const ids = schemasToCompile(bundle).map((schema) => (schema as { $id: string }).$id);
    expect(ids.length).toBeGreaterThanOrEqual(16);
    expect(Object.keys(functions).sort()).toEqual([...ids].sort());
    // The regression: at least one hash is an identifier (ajv exports it as `exports.name`), one is not.
    expect(ids.some((id) => /^[A-Za-z_$][\w$]*$/.test(id))).toBe(true);
    expect(ids.some((id) => !/^[A-Za-z_$][\w$]*$/.test(id))).toBe(true);
  });

  it('ships no ajv compiler: no require, eval or Function in the module', () => {
    expect(source).not.toMatch(/\brequire\(|\beval\(|Function\(/);
    expect(source).toContain('import { formatKit as __formatKit } from "/kit.ts";');
  });

  it('builds the formats its schemas name, and only those, with the same verdicts and reasons as every format', () => {
    expect(Object.keys(rules).sort()).toEqual(['email', 'person-name', 'person-name-accented']);
    // None of these formats runs a named check: the module imports none (a form without checks does not load them).
    expect(source).not.toContain('/checks.ts');
    for (const [name, value] of [
      ['person-name', 'Ana'],
      ['person-name', 'Ana 2'],
      ['person-name', 'Test'],
      ['person-name-accented', 'Zoë'],
      ['email', 'ana@example'],
    ] as const) {
      expect(rules[name]!.reason(value), `${name} ${value}`).toEqual(formatRules[name]!.reason(value));
    }
    expect(rules['person-name']!.reason('Test')).toEqual({ key: 'validation.name.placeholder' });
  });

  it('imports the named checks its formats use, and they run', () => {
    const withChecks = {
      ...bundle,
      screens: {
        four: {
          id: 'four',
          flow: 'signup',
          path: '/four',
          kind: 'form',
          messages: 'four',
          form: {
            schema: { type: 'object', properties: { sin: { type: 'string', format: 'sin' } } },
            uiSchema: {},
            bind: {},
          },
        } as unknown as Screen,
      },
    } as unknown as ContentBundle;
    const code = precompileValidators(withChecks, { formats: '/kit.ts', runtime: '/runtime.ts', checks: '/checks.ts' });
    expect(code).toContain('import { luhn as __check_luhn } from "/checks.ts";');
    const loaded = load(code);
    expect(Object.keys(loaded.rules)).toEqual(['sin']);
    expect(loaded.rules.sin!.reason('130 692 544')).toBeNull();
    expect(loaded.rules.sin!.reason('130 692 545')).toEqual(formatRules.sin!.reason('130 692 545'));
    expect(loaded.rules.sin!.reason('130 692 545')).not.toBeNull();
  });

  it('each $data confirmation validates against its own field, in every combination', () => {
    for (const id of ['one', 'two']) {
      const schemas = possibleFormSchemas(bundle.screens[id]) as RJSFSchema[];
      expect(schemas).toHaveLength(8);
      for (const schema of schemas) {
        expect(Object.keys(schemaParser(schema)).every((hash) => hash in functions)).toBe(true);
        const validator = createPrecompiledValidator(functions, schema);
        const properties = schema.properties as Record<string, unknown>;
        const good: Record<string, string> = { firstName: 'Ana', email: 'ana@example.com' };
        if (properties.confirmEmail) good.confirmEmail = 'ana@example.com';
        if (properties.confirmName) good.confirmName = 'Ana';
        expect(validator.validateFormData(good, schema).errors).toEqual([]);
        if (properties.confirmEmail) {
          const { errors } = validator.validateFormData({ ...good, confirmEmail: 'ana@example.org' }, schema);
          expect(errors.map((error) => [error.property, error.name])).toEqual([['.confirmEmail', 'const']]);
        }
        if (properties.confirmName) {
          const { errors } = validator.validateFormData({ ...good, confirmName: 'Anna' }, schema);
          expect(errors.map((error) => [error.property, error.name])).toEqual([['.confirmName', 'const']]);
        }
        // The formats run too: an email that is no email fails the `format` keyword.
        const bad = validator.validateFormData({ ...good, email: 'nope' }, schema).errors.map((error) => error.name);
        expect(bad).toContain('format');
      }
    }
  });
});
