/**
 * Every route the API has, with the schemas Fastify was given, found by listening to Fastify's own
 * `fastify.initialization` diagnostics channel and adding an `onRoute` hook before any route exists. A route
 * another engineer adds to buildApp is attacked by the next run without any edit here.
 */
import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { requireUser } from '../../server/http/request-context.ts';
import type { Database } from '../../server/storage/index.ts';
import type { Schema } from './schema-tools.ts';

/** One route as the API declares it. */
export interface RouteInfo {
  method: string;
  url: string;
  schema: { body?: Schema; querystring?: Schema; params?: Schema; headers?: Schema };
  /** Whether it requires a signed-in user (its preHandler includes requireUser). */
  auth: boolean;
  /** Path parameter names in order. */
  params: string[];
  /** The route's own body limit in bytes, when it sets one (a document upload); else the app's. */
  bodyLimit?: number;
}

function toInfo(options: RouteOptions): RouteInfo[] {
  const methods = Array.isArray(options.method) ? options.method : [options.method];
  const handlers = [options.preHandler, options.onRequest, options.preValidation].flat().filter(Boolean);
  const schema = (options.schema ?? {}) as RouteInfo['schema'] & { query?: Schema };
  return methods
    .filter((m) => m !== 'HEAD' && m !== 'OPTIONS')
    .map((method) => ({
      method,
      url: options.url,
      schema: {
        body: schema.body,
        querystring: schema.querystring ?? schema.query,
        params: schema.params,
        headers: schema.headers,
      },
      auth: handlers.includes(requireUser),
      params: [...options.url.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1]),
      ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    }));
}

/** Runs `build` while recording the routes of every Fastify instance it creates. */
export async function recordRoutes<T>(build: () => Promise<T>): Promise<{ result: T; routes: RouteInfo[] }> {
  const routes: RouteInfo[] = [];
  const channel = diagnostics.channel('fastify.initialization');
  const listener = (message: unknown) => {
    (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', (options) => {
      routes.push(...toInfo(options));
    });
  };
  channel.subscribe(listener);
  try {
    const result = await build();
    return { result, routes };
  } finally {
    channel.unsubscribe(listener);
  }
}

const noDatabase: Database = {
  kind: 'pglite',
  query: () => Promise.reject(new Error('route discovery does not touch storage')),
  exec: () => Promise.reject(new Error('route discovery does not touch storage')),
  transaction: () => Promise.reject(new Error('route discovery does not touch storage')),
  close: () => Promise.resolve(),
};

/** The routes of the real buildApp, without opening a database (registration never queries). */
export async function discoverRoutes(): Promise<RouteInfo[]> {
  const { result: app, routes } = await recordRoutes(() => buildApp({ db: noDatabase, logLevel: 'silent' }));
  await app.close();
  return routes;
}
