/**
 * Step-up kinds in one place (issue 25): rules/step-ups.json lists the kinds; the schemas that name them take their
 * list from it. `npm run gen:types` writes the list into each schema below (then the TypeScript follows from the
 * schemas), `npm run check:types-in-step` fails when one is not in step. Only the list's text changes; the rest of
 * each schema file is left as written.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The schemas whose enum is the list of step-up kinds, with the path of that enum. */
export const STEP_UP_ENUMS: ReadonlyArray<{ file: string; path: readonly string[] }> = [
  { file: 'schemas/entities/step-up-detail.schema.json', path: ['$defs', 'stepUpKind', 'enum'] },
  {
    file: 'schemas/content/rules/decisioning.schema.json',
    path: ['$defs', 'outcome', 'properties', 'stepUps', 'items', 'enum'],
  },
  {
    file: 'schemas/content/rules/decided-fields.schema.json',
    path: ['properties', 'openedByStepUps', 'propertyNames', 'enum'],
  },
];

/** The kinds of rules/step-ups.json, in its order (none when the file is absent). */
export function stepUpKinds(root: string): string[] {
  const file = join(root, 'rules/step-ups.json');
  if (!existsSync(file)) return [];
  return Object.keys((JSON.parse(readFileSync(file, 'utf8')) as { kinds?: object }).kinds ?? {});
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A schema's text with the enum at `path` replaced by `kinds`, written in the style (one line or one per item) it had. */
export function withKinds(text: string, path: readonly string[], kinds: readonly string[]): string {
  const current = path.reduce<unknown>(
    (node, key) => (node as Record<string, unknown> | undefined)?.[key],
    JSON.parse(text) as unknown,
  );
  if (!Array.isArray(current)) throw new Error(`no enum at /${path.join('/')}`);
  const pattern = new RegExp(
    `\\[(\\s*)${current.map((item) => escape(JSON.stringify(item))).join('\\s*,\\s*')}\\s*\\]`,
  );
  const match = pattern.exec(text);
  if (!match) throw new Error(`the enum at /${path.join('/')} is not written as a plain list`);
  const lineStart = text.lastIndexOf('\n', match.index) + 1;
  const indent = /^\s*/.exec(text.slice(lineStart))![0];
  const list = match[0].includes('\n')
    ? `[\n${kinds.map((kind) => `${indent}  ${JSON.stringify(kind)}`).join(',\n')}\n${indent}]`
    : `[${kinds.map((kind) => JSON.stringify(kind)).join(', ')}]`;
  return text.slice(0, match.index) + list + text.slice(match.index + match[0].length);
}

/** The schema files whose list of kinds differs from rules/step-ups.json, with the text each should have. */
export function stepUpSchemaChanges(root: string): Array<{ file: string; text: string }> {
  const kinds = stepUpKinds(root);
  if (kinds.length === 0) return [];
  return STEP_UP_ENUMS.flatMap(({ file, path }) => {
    const text = readFileSync(join(root, file), 'utf8');
    const next = withKinds(text, path, kinds);
    return next === text ? [] : [{ file, text: next }];
  });
}

/** Writes the list of kinds into every schema that lists them; returns the files written. */
export function writeStepUpKinds(root: string): string[] {
  return stepUpSchemaChanges(root).map(({ file, text }) => {
    writeFileSync(join(root, file), text);
    return file;
  });
}
