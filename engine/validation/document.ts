/** Market-specific checks of a whole application document for the server (rules/validation/fields.json). */
import fieldsData from '../../rules/validation/fields.json' with { type: 'json' };
import { formatRules } from './rules.ts';
import type { FieldsFile } from './types.ts';

const fieldsFile: FieldsFile = fieldsData;
const fields = fieldsFile.fields;

/** One failing field: its JSON pointer and the message key (and arguments) of why. */
export interface DocumentProblem {
  field: string;
  key: string;
  args?: Record<string, string | number>;
}

const escapePointer = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** The values at a dot path in which `name[]` stands for every element of the array `name`, with their JSON pointers. */
function valuesAt(root: unknown, path: string): Array<{ pointer: string; value: unknown }> {
  let found: Array<{ pointer: string; value: unknown }> = [{ pointer: '', value: root }];
  for (const part of path.split('.')) {
    const each = part.endsWith('[]');
    const name = each ? part.slice(0, -2) : part;
    const next: Array<{ pointer: string; value: unknown }> = [];
    for (const { pointer, value } of found) {
      if (value === null || typeof value !== 'object' || !(name in value)) continue;
      const child = (value as Record<string, unknown>)[name];
      const childPointer = `${pointer}/${escapePointer(name)}`;
      if (!each) next.push({ pointer: childPointer, value: child });
      else if (Array.isArray(child))
        child.forEach((item, index) => next.push({ pointer: `${childPointer}/${index}`, value: item }));
    }
    found = next;
  }
  return found;
}

/** Each declared path as JSON pointer segments, `*` standing for any element of an array. */
const pathSegments = new Map(
  Object.keys(fields).map((path) => [
    path,
    path
      .split('.')
      .flatMap((part) => (part.endsWith('[]') ? [escapePointer(part.slice(0, -2)), '*'] : [escapePointer(part)])),
  ]),
);

/** Whether one of two JSON pointers is the other or under it. */
const touches = (a: string, b: string): boolean => a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);

/** Whether a value at `segments` can be at, under or above one of `scope` (pointers as segments). */
function mayTouch(segments: string[], scope: string[][]): boolean {
  return scope.some((pointer) => {
    for (let i = 0; i < Math.min(segments.length, pointer.length); i++)
      if (segments[i] !== '*' && segments[i] !== pointer[i]) return false;
    return true;
  });
}

/**
 * Checks each present, non-empty field at a declared document path against its format for `market`
 * (or the `*` entry). A present value that is not a string fails with `validation.type`. Returns [] when all
 * is well. Fields absent from the document are not reported: required fields are the request schema's job.
 * With `onlyUnder` (JSON pointers: what a partial save changes), only the values at, under or above one of them are
 * checked, and a declared path that cannot reach one is not even walked.
 */
export function checkDocument(doc: unknown, market: string, onlyUnder?: readonly string[]): DocumentProblem[] {
  const problems: DocumentProblem[] = [];
  const scope = onlyUnder?.map((pointer) => pointer.split('/').slice(1));
  for (const [path, byMarket] of Object.entries(fields)) {
    if (scope && !mayTouch(pathSegments.get(path)!, scope)) continue;
    const spec = byMarket[market] ?? byMarket['*'];
    // A format may depend on another answer (the kind of a government id decides its format).
    const format =
      typeof spec === 'string' ? spec : spec ? spec.formats[String(valuesAt(doc, spec.by)[0]?.value)] : undefined;
    const rule = format ? formatRules[format] : undefined;
    if (!rule) continue;
    for (const { pointer, value } of valuesAt(doc, path)) {
      if (value === undefined || value === null || value === '') continue;
      if (onlyUnder && !onlyUnder.some((scoped) => touches(pointer, scoped))) continue;
      if (typeof value !== 'string') {
        problems.push({ field: pointer, key: 'validation.type' });
        continue;
      }
      const reason = rule.reason(value);
      if (reason) problems.push({ field: pointer, ...reason });
    }
  }
  return problems;
}

/** Every format name fields.json refers to (for the data check). */
export function documentFormats(): string[] {
  return [
    ...new Set(
      Object.values(fields).flatMap((byMarket) =>
        Object.values(byMarket).flatMap((spec) => (typeof spec === 'string' ? [spec] : Object.values(spec.formats))),
      ),
    ),
  ];
}
