/**
 * Precompiles every form schema the screens can show into one ES module of ajv standalone validators, so the
 * browser ships no ajv compiler and needs no `unsafe-eval` (NOTES.md: rjsf and CSP).
 *
 * ajv writes CommonJS; we rewrite its few `require`s into imports of modules we own (the shared formats and a tiny
 * runtime), keep rjsf's schema hashes as keys, and export one map. Anything unexpected fails the build loudly.
 */
import { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import createAjvInstance from '@rjsf/validator-ajv8/lib/createAjvInstance.js';
import { schemaParser, type RJSFSchema } from '@rjsf/utils';
import { formatParts, registerFormats } from '../../engine/validation/index.ts';
import { possibleFormSchemas } from '../../engine/content/resolve.ts';
import type { ContentBundle } from '../../engine/content/types.ts';
import { AJV_OPTIONS } from '../../engine/form/ajv-options.ts';

const EXPORT_LINE = /^exports(?:\.([A-Za-z_$][\w$]*)|\[("(?:[^"\\]|\\.)*")\]) = (validate\d+);$/gm;
const RUNTIME_REQUIRE = /require\("ajv\/dist\/runtime\/([a-z_0-9]+)"\)\.default/g;
const FORMAT_LOOKUP = /\b__formats(?:\.([A-Za-z_$][\w$]*)|\[("(?:[^"\\]|\\.)*")\])/g;

/** The distinct schemas (rjsf's sub-schema map included) of every screen in every variant combination. */
export function schemasToCompile(bundle: ContentBundle): RJSFSchema[] {
  const byId = new Map<string, RJSFSchema>();
  for (const screen of Object.values(bundle.screens)) {
    for (const schema of possibleFormSchemas(screen)) {
      for (const [id, sub] of Object.entries(schemaParser(schema as RJSFSchema))) byId.set(id, sub as RJSFSchema);
    }
  }
  return [...byId.values()];
}

/**
 * The lines that build the formats the generated code names (`__formats["person-name"]`): their resolved specs and
 * placeholder lists as data, `formatKit` from `kit` (engine/validation/format-kit.ts), the checks they use imported by
 * name from `checks` (engine/validation/checks.ts; none when they use none), and `__formatRules`, the same formats'
 * rules for the error messages.
 */
function formatLines(code: string, kit: string, checksModule: string): string[] {
  const names = new Set<string>();
  for (const match of code.matchAll(FORMAT_LOOKUP)) names.add(match[1] ?? (JSON.parse(match[2]!) as string));
  if ((code.match(/\b__formats\b/g) ?? []).length !== [...code.matchAll(FORMAT_LOOKUP)].length) {
    throw new Error('precompiled validators: ajv used the formats object in a way this precompiler does not know');
  }
  const specs: Record<string, unknown> = {};
  const lists: Record<string, string[]> = {};
  const checks = new Set<string>();
  for (const name of [...names].sort()) {
    const parts = formatParts(name);
    specs[name] = parts.spec;
    Object.assign(lists, parts.lists);
    for (const check of parts.checks) checks.add(check);
  }
  const checkNames = [...checks].sort();
  for (const check of checkNames) {
    if (!/^[A-Za-z_$][\w$]*$/.test(check)) throw new Error(`precompiled validators: check "${check}" is not a name`);
  }
  const imports = checkNames.map((check) => `${check} as __check_${check}`);
  return [
    `import { formatKit as __formatKit } from ${JSON.stringify(kit)};`,
    ...(imports.length ? [`import { ${imports.join(', ')} } from ${JSON.stringify(checksModule)};`] : []),
    `const { rules: __formatRules, definitions: __formats } = __formatKit(${JSON.stringify(specs)}, ${JSON.stringify(lists)}, { ${checkNames.map((check) => `${check}: __check_${check}`).join(', ')} });`,
  ];
}

/**
 * ES module source exporting `{ [schemaHash]: validateFunction }` and `formatRules`: the rules of the formats those
 * validators name, built in the module from their own specs (`modules.formats`: engine/validation/format-kit.ts; the
 * named checks from `modules.checks`, engine/validation/checks.ts, else from `modules.formats`).
 */
export function precompileValidators(
  bundle: ContentBundle,
  modules: { formats: string; runtime: string; checks?: string },
): string {
  const schemas = schemasToCompile(bundle);
  const ajv = createAjvInstance(
    undefined,
    undefined,
    { ...AJV_OPTIONS, code: { source: true, lines: true, formats: _`__formats` }, schemas },
    false,
  );
  registerFormats(ajv);
  let code = schemas.length ? standaloneCode(ajv) : '"use strict";';
  // ajv writes `exports["-6d8f2432"] = validate13;` for a hash that is not an identifier and
  // `exports.f09625b = validate49;` for one that is (a hash that starts with a letter): take both.
  const keys: string[] = [];
  code = code.replace(EXPORT_LINE, (_m, identifier: string | undefined, quoted: string | undefined, fn: string) => {
    keys.push(`${JSON.stringify(identifier ?? JSON.parse(quoted!))}: ${fn}`);
    return '';
  });
  if (keys.length !== schemas.length) {
    throw new Error(`precompiled validators: ${schemas.length} schemas compiled but ${keys.length} exports found`);
  }
  code = code.replace(/^"use strict";/, '').replace(RUNTIME_REQUIRE, (_m, name: string) => `__runtime.${name}`);
  if (/\brequire\(|\bexports\b|\bmodule\.exports\b/.test(code)) {
    throw new Error(
      'precompiled validators: ajv emitted a require/exports this precompiler does not know how to rewrite',
    );
  }
  return [
    '// Generated by scripts/content/precompile.ts from the screens in flows/. Do not edit.',
    ...formatLines(code, modules.formats, modules.checks ?? modules.formats),
    `import * as __runtime from ${JSON.stringify(modules.runtime)};`,
    code,
    'export { __formatRules as formatRules };',
    `export default { ${keys.join(', ')} };`,
    '',
  ].join('\n');
}
