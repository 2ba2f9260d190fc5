/**
 * Content against the API (issue 25): every call of flows/calls.json is a route the API serves; every answer a
 * screen sends (its bound fields, through the call's body template, as the engine builds it) is one the API's
 * request schema accepts, not an `errors.unknownField`; every `format` a form schema names is one the API's and
 * the browser's validator knows.
 */
import { changesFrom } from '../../engine/state/bind.ts';
import { fillTemplate } from '../../engine/calls/template.ts';
import {
  apiModel,
  findRoute,
  routeShape,
  schemaFileOf,
  unknownPropertyErrors,
  type ApiModel,
  type ApiRoute,
} from './api.ts';
import type { ContentModel, Obj } from './model.ts';
import { asArray, asObject } from './model.ts';
import { pointer, type Problem } from './problem.ts';
import { viewsOf } from './screens.ts';
import { closest, didYouMean } from './suggest.ts';
import { conditionalParts, documentRule } from '../../domain/conditional-rules.ts';
import { savesToDocument } from '../../server/domain/screen-rules.ts';
import type { CallCatalogue, Screen } from '../../engine/content/types.ts';

/** Every call names a route of the API (method and path; parameter names may differ). */
function checkCalls(model: ContentModel, api: ApiModel, problems: Problem[]): void {
  if (!model.calls) return;
  const calls = asObject(model.calls.data.calls) ?? {};
  for (const [name, value] of Object.entries(calls)) {
    const call = asObject(value);
    if (!call || typeof call.path !== 'string' || typeof call.method !== 'string') continue;
    if (findRoute(api, call.method, call.path)) continue;
    const served = new Map(
      api.routes.map((route) => [`${route.method} ${routeShape(route.path)}`, `${route.method} ${route.path}`]),
    );
    const samePath = [
      ...new Set(
        api.routes
          .filter(
            (route) =>
              routeShape(route.path) === routeShape(call.path as string) ||
              findRoute(api, route.method, call.path as string) === route,
          )
          .map((route) => route.method),
      ),
    ];
    const nearShape = closest(`${call.method.toUpperCase()} ${routeShape(call.path)}`, served.keys());
    const near = nearShape === undefined ? undefined : served.get(nearShape);
    problems.push({
      file: model.calls.file,
      pointer: pointer('calls', name, samePath.length ? 'method' : 'path'),
      message: samePath.length
        ? `call "${name}" is ${call.method} ${call.path}, but the API serves that path only with ${samePath.join(', ')}`
        : `call "${name}" is ${call.method} ${call.path}, a route the API does not serve`,
      fix: `${samePath.length ? `Use ${samePath.join(' or ')}, or add a ${call.method.toUpperCase()} route for this path to server/routes/.` : near ? `Did you mean "${near}"?` : 'Name a route of the API (GET /api/docs/openapi.json lists them), or add the route to server/routes/.'}`,
    });
  }
}

const MARK = '\u0001';
const marker = (field: string): string => `${MARK}${field}${MARK}`;

/** Where in a filled body each form field's value landed (JSON pointer → field). */
function fieldPointers(body: unknown, at = '', into = new Map<string, string>()): Map<string, string> {
  if (typeof body === 'string' && body.startsWith(MARK) && body.endsWith(MARK)) into.set(at, body.slice(1, -1));
  else if (Array.isArray(body)) body.forEach((item, index) => fieldPointers(item, `${at}/${index}`, into));
  else if (body !== null && typeof body === 'object') {
    for (const [key, value] of Object.entries(body)) fieldPointers(value, `${at}${pointer(key)}`, into);
  }
  return into;
}

/** The top-level fields of a form schema, including those a conditional part adds. */
function fieldsOf(schema: Obj | undefined, into = new Set<string>()): Set<string> {
  if (!schema) return into;
  for (const name of Object.keys(asObject(schema.properties) ?? {})) into.add(name);
  for (const key of ['allOf', 'anyOf', 'oneOf'])
    for (const part of asArray(schema[key])) fieldsOf(asObject(part), into);
  for (const key of ['if', 'then', 'else']) fieldsOf(asObject(schema[key]), into);
  for (const part of Object.values(asObject(schema.dependentSchemas) ?? {})) fieldsOf(asObject(part), into);
  return into;
}

/** The calls a screen view runs with its form data: its actions and its secondary actions'. */
function callsOf(view: Obj): Array<{ call: string; at: string }> {
  const list: Array<{ call: string; at: string }> = [];
  asArray(view.actions).forEach((action, index) => {
    const call = asObject(action)?.call;
    if (typeof call === 'string') list.push({ call, at: pointer('actions', index, 'call') });
  });
  asArray(view.secondary).forEach((secondary, s) =>
    asArray(asObject(secondary)?.actions).forEach((action, index) => {
      const call = asObject(action)?.call;
      if (typeof call === 'string') list.push({ call, at: pointer('secondary', s, 'actions', index, 'call') });
    }),
  );
  return list;
}

/**
 * Every field a screen sends is accepted by the API: the form's fields, bound as the engine binds them
 * (`changes`), go through each call's body template; a property the route's request schema does not allow is
 * reported at the field's binding, naming the call, the route and the schema to extend.
 */
function checkSentFields(model: ContentModel, resolved: Map<string, Obj>, api: ApiModel, problems: Problem[]): void {
  const calls = asObject(model.calls?.data.calls) ?? {};
  for (const entry of model.allScreens) {
    const screen = resolved.get(entry.file) ?? entry.data;
    const said = new Set<string>();
    const baseBind = asObject(asObject(screen.form)?.bind) ?? {};
    for (const { at, screen: view } of viewsOf(screen)) {
      const form = asObject(view.form);
      if (!form) continue;
      const bind = (asObject(form.bind) ?? {}) as Record<string, string>;
      const data = Object.fromEntries([...fieldsOf(asObject(form.schema))].map((field) => [field, marker(field)]));
      const context = { form: data, changes: changesFrom(data, bind) };
      for (const { call: name } of callsOf(view)) {
        const call = asObject(calls[name]);
        if (!call || typeof call.method !== 'string' || typeof call.path !== 'string') continue;
        const route = findRoute(api, call.method, call.path);
        const validate = route ? api.bodyValidator(route) : undefined;
        if (!route || !validate || call.body === undefined) continue;
        const body = fillTemplate(call.body, context);
        if (validate(body)) continue;
        const placed = fieldPointers(body);
        for (const refused of unknownPropertyErrors(validate.errors ?? [])) {
          const target = `${refused.at}${pointer(refused.property)}`;
          for (const [where, field] of placed) {
            if (where !== target && !where.startsWith(`${target}/`)) continue;
            const key = `${name}\u0000${field}`;
            if (said.has(key)) continue;
            said.add(key);
            const path = bind[field];
            const located =
              path === undefined
                ? `${at}${pointer('form', 'schema', 'properties', field)}`
                : `${baseBind[field] === path ? '' : at}${pointer('form', 'bind', field)}`;
            problems.push({
              file: entry.file,
              pointer: located,
              message: `sends field "${field}"${path ? ` (bound to "${path}")` : ''} through call "${name}" (${route.method} ${route.path}), whose request schema has no property "${refused.property}" at ${refused.at || '/'}: the API refuses it (errors.unknownField)`,
              fix: `Bind the field to a path the API accepts${suggestion(refused.property, propertiesAt(api, route, refused.schemaPath))}, or add "${refused.property}" to ${describeSchema(route)} (and to the entity schema in schemas/entities/ and the server that stores it).`,
            });
          }
        }
      }
    }
  }
}

/** ` (did you mean "x"?)` when a close name exists. */
const suggestion = (name: string, known: string[]): string => {
  const match = closest(name, known);
  return match ? ` (did you mean "${match}"?)` : '';
};

const describeSchema = (route: ApiRoute): string =>
  route.body && 'id' in route.body ? schemaFileOf(route.body.id) : `the body schema of ${route.method} ${route.path}`;

/** The property names the schema allows where an unknown one was found (for "did you mean"). */
function propertiesAt(api: ApiModel, route: ApiRoute, schemaPath: string): string[] {
  if (!route.body || !('id' in route.body)) return [];
  // schemaPath is like `#/$defs/company/additionalProperties`, or a path inside a referenced file.
  const [file, fragment = ''] = schemaPath.split('#');
  const id = file ? new URL(file, route.body.id).href : route.body.id;
  const schema = api.validator.getSchema(id)?.schema as Obj | undefined;
  let node: unknown = schema;
  for (const part of fragment.split('/').slice(1, -1))
    node = asObject(node)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return Object.keys(asObject(asObject(node)?.properties) ?? {});
}

/** Keywords whose values are data, not schemas. */
const DATA = new Set(['enum', 'const', 'default', 'examples']);

/** Every `format` named in a form schema (or a variant's) is known to the validator the API and the browser share. */
function checkFormats(model: ContentModel, resolved: Map<string, Obj>, api: ApiModel, problems: Problem[]): void {
  for (const entry of model.allScreens) {
    const screen = resolved.get(entry.file) ?? entry.data;
    const said = new Set<string>();
    const walk = (node: unknown, at: string): void => {
      if (Array.isArray(node)) return node.forEach((item, index) => walk(item, `${at}/${index}`));
      const object = asObject(node);
      if (!object) return;
      for (const [key, value] of Object.entries(object)) {
        if (DATA.has(key)) continue;
        if (key === 'format' && typeof value === 'string') {
          if (!api.formats.has(value) && !said.has(`${at}/format`)) {
            said.add(`${at}/format`);
            problems.push({
              file: entry.file,
              pointer: `${at}/format`,
              message: `names format "${value}", which the format registry does not have`,
              fix: `${didYouMean(value, api.formats).trim() || 'Name a format of rules/validation (engine/validation/formats.ts) or a standard one.'} Formats are defined in rules/validation/ and shared by the browser and the API.`,
            });
          }
        } else walk(value, `${at}${pointer(key)}`);
      }
    };
    walk(asObject(screen.form)?.schema, '/form/schema');
    asArray(screen.variants).forEach((variant, index) =>
      walk(
        asObject(asObject(asObject(variant)?.merge)?.form)?.schema,
        pointer('variants', index, 'merge', 'form', 'schema'),
      ),
    );
  }
}

/**
 * A rule that depends on other answers (a conditional part of a form schema) on a screen that saves to the document
 * is enforced by the API (server/domain/screen-rules.ts): it must be one the API can apply to the document, every
 * field it names bound and no keyword about the form object itself (domain/conditional-rules.ts). Otherwise the
 * browser would refuse what the API accepts.
 */
function checkConditionalRules(model: ContentModel, resolved: Map<string, Obj>, problems: Problem[]): void {
  const calls = (asObject(model.calls?.data.calls) ?? {}) as unknown as CallCatalogue;
  for (const entry of model.allScreens) {
    const screen = resolved.get(entry.file) ?? entry.data;
    if (screen.kind !== 'form' || !savesToDocument(screen as unknown as Screen, calls)) continue;
    const said = new Set<string>();
    for (const { at, screen: view } of viewsOf(screen)) {
      const form = asObject(view.form);
      const bind = (asObject(form?.bind) ?? {}) as Record<string, string>;
      for (const { part, at: partAt } of conditionalParts(form?.schema)) {
        for (const problem of documentRule(part, bind, partAt).problems) {
          const located = `${at}${pointer('form', 'schema')}${problem.at}`;
          if (said.has(problem.message)) continue;
          said.add(problem.message);
          problems.push({
            file: entry.file,
            pointer: located,
            message: `a rule that depends on other answers, which the API must enforce on the saved document, cannot be applied there: ${problem.message}`,
            fix: 'Name only fields the screen binds (form.bind) in the conditional part (if/then/else, dependentRequired, dependentSchemas), with keywords about their values (format, const, enum, minimum, required...), so the API refuses what the browser refuses.',
          });
        }
      }
    }
  }
}

/** Runs the checks of content against the API. */
export async function checkAgainstApi(
  model: ContentModel,
  resolved: Map<string, Obj>,
  problems: Problem[],
): Promise<void> {
  const api = await apiModel();
  checkCalls(model, api, problems);
  checkSentFields(model, resolved, api, problems);
  checkFormats(model, resolved, api, problems);
  checkConditionalRules(model, resolved, problems);
}
