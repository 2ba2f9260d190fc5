/**
 * The rules of a form screen that depend on other answers (issue 25, "same verdict"): the conditional parts of its
 * form schema (`if`/`then`/`else`, `dependentRequired`, `dependentSchemas`, at the top level or in an `allOf`),
 * rewritten from the form's field names to the document paths the screen binds them to (`form.bind`). The API holds a
 * saved document to the rewritten rule (server/routes/document-checks.ts), so a rule such as "at least 19 when the
 * home province is BC" refuses on the API what it refuses in the browser; the content check refuses a conditional part
 * that cannot be rewritten (a field it names is not bound, a keyword that has no meaning over the document). Pure: the
 * server, the content check and the tests share it.
 */

type Obj = Record<string, unknown>;

/** A conditional part of a form schema rewritten over the document. */
export interface DocumentRule {
  /** A JSON Schema (2020-12) over the whole application document. */
  schema: Obj;
  /** The document pointers the rule reads or constrains (`/applicant/dob`), in the order the part names them. */
  pointers: string[];
}

/** Why a conditional part cannot be rewritten, and where in the form schema. */
export interface RuleProblem {
  at: string;
  message: string;
}

const isObj = (value: unknown): value is Obj => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The conditional parts of a form schema, each with its JSON pointer in the schema. */
export function conditionalParts(schema: unknown, at = ''): Array<{ part: Obj; at: string }> {
  if (!isObj(schema)) return [];
  const out: Array<{ part: Obj; at: string }> = [];
  if ('if' in schema) {
    const part: Obj = {};
    for (const key of ['if', 'then', 'else']) if (key in schema) part[key] = schema[key];
    out.push({ part, at });
  }
  for (const key of ['dependentRequired', 'dependentSchemas'])
    if (isObj(schema[key])) out.push({ part: { [key]: schema[key] }, at });
  if (Array.isArray(schema.allOf))
    schema.allOf.forEach((part, index) => out.push(...conditionalParts(part, `${at}/allOf/${index}`)));
  return out;
}

/** Keywords of a form schema level that describe the form, not a rule: dropped from the rewritten rule. */
const DESCRIPTIVE = new Set(['type', 'title', 'description', '$comment']);

/** Deep-merges two rewritten schema levels: `properties` merge by name, `required` joins, other keywords go to allOf. */
function merge(a: Obj, b: Obj): Obj {
  const out: Obj = { ...a };
  for (const [key, value] of Object.entries(b)) {
    if (!(key in out)) out[key] = value;
    else if (key === 'required') out.required = [...new Set([...(out.required as string[]), ...(value as string[])])];
    else if (key === 'properties') {
      const merged: Obj = { ...(out.properties as Obj) };
      for (const [name, sub] of Object.entries(value as Obj))
        merged[name] = name in merged ? merge(merged[name] as Obj, sub as Obj) : sub;
      out.properties = merged;
    } else if (key === 'allOf') out.allOf = [...(out.allOf as unknown[]), ...(value as unknown[])];
    else out.allOf = [...((out.allOf as unknown[]) ?? []), { [key]: value }];
  }
  return out;
}

/** `{properties: {a: {properties: {b: leaf}}}}` for the path `a.b` (and `required` on the way when asked). */
function nested(path: string, leaf: Obj | undefined, required: boolean): Obj {
  const segments = path.split('.');
  let level: Obj = {};
  for (let index = segments.length - 1; index >= 0; index--) {
    const name = segments[index];
    const child = index === segments.length - 1 ? leaf : level;
    level = {
      ...(required ? { required: [name] } : {}),
      ...(child !== undefined ? { properties: { [name]: child } } : {}),
    };
  }
  return level;
}

const pointerOf = (path: string): string => `/${path.split('.').join('/')}`;

/**
 * Rewrites one conditional part over the document: each field name becomes its bound path. Returns the rule, or the
 * problems that stop it (a field with no binding, a binding into a list, a `$data` reference, a keyword about the
 * form object itself such as `additionalProperties`).
 */
export function documentRule(
  part: Obj,
  bind: Record<string, string>,
  at = '',
): { rule: DocumentRule; problems: [] } | { rule?: undefined; problems: RuleProblem[] } {
  const problems: RuleProblem[] = [];
  const pointers: string[] = [];
  const pathOf = (field: string, where: string): string | undefined => {
    const path = bind[field];
    if (path === undefined) {
      problems.push({ at: where, message: `the field "${field}" is not bound (form.bind), so the API never sees it` });
      return undefined;
    }
    if (path.split('.').some((segment) => /^\d+$/.test(segment))) {
      problems.push({ at: where, message: `the field "${field}" is bound into a list ("${path}")` });
      return undefined;
    }
    if (!pointers.includes(pointerOf(path))) pointers.push(pointerOf(path));
    return path;
  };
  const level = (schema: unknown, where: string): unknown => {
    if (typeof schema === 'boolean') return schema;
    if (!isObj(schema)) {
      problems.push({ at: where, message: 'not a schema' });
      return {};
    }
    let out: Obj = {};
    for (const [key, value] of Object.entries(schema)) {
      const here = `${where}/${key}`;
      if (DESCRIPTIVE.has(key)) continue;
      if (key === 'properties' && isObj(value)) {
        for (const [field, sub] of Object.entries(value)) {
          if (JSON.stringify(sub).includes('"$data"')) {
            problems.push({ at: `${here}/${field}`, message: 'a "$data" reference compares form fields' });
            continue;
          }
          const path = pathOf(field, `${here}/${field}`);
          if (path) out = merge(out, nested(path, sub as Obj, false));
        }
      } else if (key === 'required' && Array.isArray(value)) {
        value.forEach((field: string, index) => {
          const path = pathOf(field, `${here}/${index}`);
          if (path) out = merge(out, nested(path, undefined, true));
        });
      } else if (key === 'if' || key === 'then' || key === 'else' || key === 'not') {
        out = merge(out, { [key]: level(value, here) });
      } else if ((key === 'allOf' || key === 'anyOf' || key === 'oneOf') && Array.isArray(value)) {
        out = merge(out, { [key]: value.map((item, index) => level(item, `${here}/${index}`)) });
      } else if (key === 'dependentRequired' && isObj(value)) {
        for (const [field, needs] of Object.entries(value)) {
          const when = level({ required: [field] }, `${here}/${field}`);
          const then = level({ required: needs }, `${here}/${field}`);
          out = merge(out, { allOf: [{ if: when, then }] });
        }
      } else if (key === 'dependentSchemas' && isObj(value)) {
        for (const [field, sub] of Object.entries(value)) {
          const when = level({ required: [field] }, `${here}/${field}`);
          out = merge(out, { allOf: [{ if: when, then: level(sub, `${here}/${field}`) }] });
        }
      } else {
        problems.push({ at: here, message: `"${key}" is about the form itself, not a rule over the answers` });
      }
    }
    return out;
  };
  const schema = level(part, at) as Obj;
  return problems.length > 0 ? { problems } : { rule: { schema, pointers }, problems: [] };
}
