/**
 * Runs one declared call (flows/calls.json) against the API: path, query and body from templates over the
 * context, the browser-request marker and JSON content type on every request, an idempotency key on every
 * write (kept across retries, so a retried request creates nothing twice), declared retries and polling.
 * No React: the screen layer calls it and decides where to go with the answer.
 */
import { evaluate } from '../conditions/index.ts';
import type { CallDefinition } from '../content/types.ts';
import { failureFrom, type ApiFailure } from './errors.ts';
import { fillPath, fillTemplate } from './template.ts';

export const BASE_HEADERS: Readonly<Record<string, string>> = {
  'X-Requested-With': 'XMLHttpRequest',
  'Content-Type': 'application/json',
  Accept: 'application/json',
};

export class CallError extends Error {
  constructor(
    readonly call: string,
    readonly failure: ApiFailure,
    /** The idempotency key the request carried, so a background retry repeats the same request. */
    readonly key?: string,
    /** Seconds the answer's Retry-After header asked to wait. */
    readonly retryAfterSeconds?: number,
  ) {
    super(`${call} failed with status ${failure.status}`);
  }
}

export interface CallEnvironment {
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  newKey: () => string;
  /** Extra headers for every call (the locale, for example). */
  headers?: Record<string, string>;
}

export const browserEnvironment = (headers?: Record<string, string>): CallEnvironment => ({
  fetch: (...args) => fetch(...args),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  newKey: () => crypto.randomUUID(),
  headers,
});

/** The request a call makes in a context (pure; exported for tests and the flow graph). */
export function buildRequest(name: string, def: CallDefinition, context: Record<string, unknown>) {
  const route = (context.route ?? {}) as Record<string, unknown>;
  const params = { ...route, ...((fillTemplate(def.params ?? {}, context) ?? {}) as Record<string, unknown>) };
  let url = fillPath(def.path, params);
  const query = def.query ? (fillTemplate(def.query, context) as Record<string, unknown>) : undefined;
  if (query) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
    }
    const text = search.toString();
    if (text) url += `?${text}`;
  }
  const body = def.body === undefined ? undefined : fillTemplate(def.body, context);
  const headers: Record<string, string> = { ...BASE_HEADERS };
  for (const [key, value] of Object.entries(def.headers ?? {})) if (value !== undefined) headers[key] = value;
  return { name, method: def.method, url, body, headers };
}

async function once(
  request: ReturnType<typeof buildRequest>,
  env: CallEnvironment,
  key: string,
): Promise<{ status: number; data: unknown }> {
  const headers: Record<string, string> = { ...request.headers, ...(env.headers ?? {}) };
  if (request.method !== 'GET') headers['Idempotency-Key'] = key;
  let response: Response;
  try {
    response = await env.fetch(request.url, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      credentials: 'same-origin',
    });
  } catch {
    throw new CallError(request.name, failureFrom(0, null), key);
  }
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new CallError(
      request.name,
      failureFrom(response.status, data),
      key,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
  }
  return { status: response.status, data };
}

/** Runs a call with its declared retry and poll behaviour; resolves to the answer's body. */
export async function runCall(
  name: string,
  def: CallDefinition,
  context: Record<string, unknown>,
  env: CallEnvironment,
  reuseKey?: string,
): Promise<unknown> {
  const request = buildRequest(name, def, context);
  const key = reuseKey ?? env.newKey();
  const attempt = async (): Promise<unknown> => {
    const retry = def.retry;
    if (!retry) return (await once(request, env, key)).data;
    if (retry.firstDelayMs) await env.sleep(retry.firstDelayMs);
    for (let tries = 0; ; tries += 1) {
      try {
        return (await once(request, env, key)).data;
      } catch (error) {
        const status = error instanceof CallError ? error.failure.status : -1;
        const retriable = !retry.on || retry.on.includes(status);
        if (!retriable || tries >= retry.times) throw error;
        await env.sleep(retry.delayMs);
      }
    }
  };
  if (!def.poll) return attempt();
  const maxTries = def.poll.maxTries ?? 600;
  for (let tries = 1; ; tries += 1) {
    const data = await attempt();
    if (evaluate(def.poll.until, { ...context, response: data }) || tries >= maxTries) return data;
    await env.sleep(def.poll.everyMs);
  }
}

/**
 * Keeps retrying a call that failed with one of its `background.on` statuses, with the same idempotency key,
 * exponential backoff with full jitter and Retry-After honoured, until a definite answer (a 2xx, or a status not in
 * `on`) or `maxTries`. Resolves to the answer, or undefined when it gave up or got a definite failure.
 */
export async function retryInBackground(
  name: string,
  def: CallDefinition,
  context: Record<string, unknown>,
  env: CallEnvironment,
  first: CallError,
  random: () => number = Math.random,
): Promise<unknown> {
  const background = def.background;
  if (!background) return undefined;
  const base = background.firstDelayMs ?? 1000;
  const cap = background.maxDelayMs ?? 60_000;
  let last = first;
  for (let attempt = 0; attempt < (background.maxTries ?? 20); attempt += 1) {
    const backoff = Math.min(cap, base * 2 ** attempt);
    const wait = last.retryAfterSeconds !== undefined ? last.retryAfterSeconds * 1000 : Math.round(random() * backoff);
    await env.sleep(wait);
    try {
      return await runCall(name, { ...def, retry: undefined, poll: undefined }, context, env, first.key);
    } catch (error) {
      if (!(error instanceof CallError) || !background.on.includes(error.failure.status)) return undefined;
      last = error;
    }
  }
  return undefined;
}
