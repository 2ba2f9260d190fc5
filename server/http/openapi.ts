import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { isObject } from '../../engine/content/json.ts';

/** The schema name of an `$id` (`https://schemas.onboarding.local/api/document.schema.json` -> `api.document`). */
export function schemaName(id: string): string {
  const match = /\/([a-z]+)\/([a-z0-9-]+)\.schema\.json$/.exec(id);
  return match ? `${match[1]}.${match[2]}` : id.replace(/[^A-Za-z0-9._-]/g, '_');
}

/**
 * The OpenAPI 3 document of the API, generated from the route schemas (schemas/api and schemas/entities, added
 * by `$id`), served at GET /api/docs/openapi.json. Must be registered before the routes it describes.
 */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Merchant onboarding reference API',
        description: 'doc2 §7 calls with sandbox providers. Errors share one shape (schemas/api/error.schema.json).',
        version: '2.0.0',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'onb_session' } } },
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) =>
        typeof json.$id === 'string' ? schemaName(json.$id) : `def-${i}`,
    },
  });
  let document: unknown;
  app.get('/api/docs/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    document ??= withComponentRefs(app.swagger());
    return reply.header('cache-control', 'no-store').send(document);
  });
}

/**
 * Rewrites the `$ref`s inside component schemas that are relative to the schema files (`address.schema.json`,
 * `#/$defs/x`, `common.schema.json#/$defs/phone`) into references to components
 * (`#/components/schemas/entities.address`), so tools that do not resolve `$id`s can follow every reference.
 */
export function withComponentRefs<D extends object>(doc: D): D {
  const copy = structuredClone(doc);
  const components = 'components' in copy ? copy.components : undefined;
  const schemas = isObject(components) && isObject(components.schemas) ? components.schemas : {};
  const rewrite = (value: unknown, folder: string, self: string): void => {
    if (Array.isArray(value)) return value.forEach((v) => rewrite(v, folder, self));
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    for (const [key, child] of Object.entries(record)) {
      if (key === '$ref' && typeof child === 'string' && !child.startsWith('#/components/')) {
        const [file = '', fragment = ''] = child.split('#');
        const target = file ? `${folder}.${file.replace(/\.schema\.json$/, '')}` : self;
        // The resolver lifts each `$defs` entry into its own component named `<schema>-<def>`.
        const def = /^\/\$defs\/([^/]+)$/.exec(fragment)?.[1];
        record.$ref =
          def && schemas[`${target}-${def}`]
            ? `#/components/schemas/${target}-${def}`
            : `#/components/schemas/${target}${fragment}`;
      } else rewrite(child, folder, self);
    }
  };
  for (const [name, schema] of Object.entries(schemas)) rewrite(schema, name.split('.')[0] ?? '', name);
  return copy;
}
