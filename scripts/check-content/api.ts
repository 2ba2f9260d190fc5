/**
 * What the content check knows of the API: the server's own route table (buildApp's OpenAPI document, built
 * once per process without storage: no route runs) and its request validator (the same ajv, formats and
 * schemas/api and schemas/entities schemas the API validates requests with). Content is checked against these,
 * so a call to a route the API does not serve, or a saved field the API would refuse, fails the check.
 */
import { join } from 'node:path';
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { isObject } from '../../engine/content/json.ts';
import { buildApp } from '../../server/app.ts';
import { createValidator, readSchemas } from '../../server/http/ajv.ts';
import { engineValidation } from '../../server/http/shared-validation.ts';
import { repoRoot } from '../../server/paths.ts';
import type { Database } from '../../server/storage/index.ts';

/** One route of the API. */
export interface ApiRoute {
  method: string;
  /** OpenAPI path, `{name}` for a parameter. */
  path: string;
  /** The request body's schema: the `$id` of a schema of schemas/, or an inline schema. */
  body?: { id: string } | { schema: object };
}

export interface ApiModel {
  routes: ApiRoute[];
  validator: Ajv2020;
  /** Every format name the API's (and the browser's) validator knows. */
  formats: Set<string>;
  /** The schema of a route's body, compiled; undefined when the route takes no described body. */
  bodyValidator(route: ApiRoute): ValidateFunction | undefined;
}

const SCHEMA_BASE = 'https://schemas.onboarding.local/';

/** `#/components/schemas/api.document-patch` → `https://schemas.onboarding.local/api/document-patch.schema.json`. */
export function schemaIdOfComponent(ref: string): string | undefined {
  const match = /^#\/components\/schemas\/([a-z]+)\.([a-z0-9-]+)$/.exec(ref);
  return match ? `${SCHEMA_BASE}${match[1]}/${match[2]}.schema.json` : undefined;
}

/** The file of a schema `$id` relative to the repository (`schemas/api/document-patch.schema.json`). */
export const schemaFileOf = (id: string): string =>
  id.startsWith(SCHEMA_BASE) ? `schemas/${id.slice(SCHEMA_BASE.length)}` : id;

/** A route path with every parameter name dropped, so `{applicationId}` and `{id}` compare equal. */
export const routeShape = (path: string): string => path.replace(/\{[^}]+\}/g, '{}');

async function load(): Promise<ApiModel> {
  // No request is made: routes only need storage when they run.
  const app = await buildApp({ db: {} as Database, logLevel: 'silent' });
  await app.ready();
  const doc = app.swagger();
  await app.close();
  const routes: ApiRoute[] = [];
  // The document as JSON: each level is read through a guard (an operation without a JSON body has no schema).
  const paths = isObject(doc) && isObject(doc.paths) ? doc.paths : {};
  for (const [path, operations] of Object.entries(paths)) {
    if (!isObject(operations)) continue;
    for (const [method, operation] of Object.entries(operations)) {
      if (!/^(get|put|post|patch|delete|head|options)$/.test(method) || !isObject(operation)) continue;
      const body = operation.requestBody;
      const content = isObject(body) && isObject(body.content) ? body.content : {};
      const media = content['application/json'] ?? Object.values(content)[0];
      const schema = isObject(media) && isObject(media.schema) ? media.schema : undefined;
      const ref = typeof schema?.$ref === 'string' ? schemaIdOfComponent(schema.$ref) : undefined;
      routes.push({
        method: method.toUpperCase(),
        path,
        ...(ref ? { body: { id: ref } } : schema ? { body: { schema } } : {}),
      });
    }
  }
  const schemas = [...readSchemas(join(repoRoot, 'schemas/entities')), ...readSchemas(join(repoRoot, 'schemas/api'))];
  const validator = createValidator(engineValidation, schemas);
  const compiled = new Map<ApiRoute, ValidateFunction | undefined>();
  return {
    routes,
    validator,
    formats: new Set(Object.keys(validator.formats)),
    bodyValidator(route) {
      if (!compiled.has(route)) {
        let validate: ValidateFunction | undefined;
        try {
          if (route.body && 'id' in route.body) validate = validator.getSchema(route.body.id);
          else if (route.body) validate = validator.compile(route.body.schema);
        } catch {
          validate = undefined;
        }
        compiled.set(route, validate);
      }
      return compiled.get(route);
    },
  };
}

let loaded: Promise<ApiModel> | undefined;

/** The API's routes and validator, built once per process. */
export function apiModel(): Promise<ApiModel> {
  loaded ??= load();
  return loaded;
}

/** Whether a call's path template fits a route's: a route parameter takes any one segment, a call's parameter only a parameter. */
function fits(callPath: string, routePath: string): boolean {
  const mine = callPath.split('/');
  const theirs = routePath.split('/');
  if (mine.length !== theirs.length) return false;
  return mine.every((part, index) => {
    const other = theirs[index];
    if (/^\{[^}]+\}$/.test(other)) return part !== '';
    return !/^\{[^}]+\}$/.test(part) && part === other;
  });
}

/** The route a call's method and path template name, if the API serves it (an exact shape first). */
export function findRoute(api: ApiModel, method: string, path: string): ApiRoute | undefined {
  const shape = routeShape(path);
  const verb = method.toUpperCase();
  return (
    api.routes.find((route) => route.method === verb && routeShape(route.path) === shape) ??
    api.routes.find((route) => route.method === verb && fits(path, route.path))
  );
}

/** The errors of a body that say a property is not allowed (the API's `errors.unknownField`). */
export function unknownPropertyErrors(
  errors: readonly ErrorObject[],
): Array<{ at: string; property: string; schemaPath: string }> {
  return errors
    .filter((error) => error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties')
    .map((error) => {
      const params = error.params as { additionalProperty?: string; unevaluatedProperty?: string };
      return {
        at: error.instancePath,
        property: String(params.additionalProperty ?? params.unevaluatedProperty),
        schemaPath: error.schemaPath,
      };
    });
}
