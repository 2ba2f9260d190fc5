/**
 * The preview's stand-in for the API: reads of the application document answer with the chosen state's
 * document, writes answer with it too (so the screen moves on as after a real answer) unless the state makes
 * them fail; the session answers with a preview user; anything else (categories, configuration) goes to the real
 * API that `npm run dev` runs. Built from the call catalogue, so it knows calls, not screens.
 */
import type { ContentBundle } from '../content/types.ts';
import type { PreviewState } from './states.ts';

const json = (status: number, body: unknown): Response =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** The error body of a failed call (doc2 §8 shape), with one detail per named field. */
export function errorBody(
  status: number,
  fields: Array<{ field: string; key: string; description: string }>,
  message: string,
): unknown {
  return { error: status === 400 ? 'VALIDATION_FAILED' : 'INTERNAL', message, details: fields };
}

/** A pattern matching the URLs of a call's path template. */
const pathPattern = (template: string): RegExp =>
  new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/?]+')}(\\?.*)?$`);

export interface FakeApiOptions {
  state: PreviewState;
  bundle: ContentBundle;
  /** Field errors a refused submit names (document pointer, message key, text). */
  fieldErrors: Array<{ field: string; key: string; description: string }>;
  /** The text of a failed call without field errors. */
  message: string;
  real: typeof fetch;
}

/** A `fetch` for the preview page. */
export function fakeFetch({ state, bundle, fieldErrors, message, real }: FakeApiOptions): typeof fetch {
  const documentCalls = Object.values(bundle.calls)
    .filter((call) => call.result === 'document')
    .map((call) => ({ method: call.method, pattern: pathPattern(call.path) }));
  const otherWrites = Object.values(bundle.calls)
    .filter((call) => call.result !== 'document' && call.method !== 'GET')
    .map((call) => ({ method: call.method, pattern: pathPattern(call.path) }));
  return async (input, init) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      globalThis.location?.origin ?? 'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = `${url.pathname}${url.search}`;
    if (url.pathname === '/api/v2/session') return json(200, { user: { email: 'preview@example.com' } });
    if (url.pathname === '/api/v2/analytics') return json(204, undefined);
    const isDocument = documentCalls.some((call) => call.method === method && call.pattern.test(path));
    const isWrite =
      method !== 'GET' && (isDocument || otherWrites.some((call) => call.method === method && call.pattern.test(path)));
    if (isWrite && state.submitStatus !== undefined) {
      if (state.submitStatus === 0) throw new TypeError('Failed to fetch');
      return json(state.submitStatus, errorBody(state.submitStatus, state.fieldErrors ? fieldErrors : [], message));
    }
    if (isDocument) {
      if (method === 'GET' && state.loadStatus !== undefined)
        return json(state.loadStatus, errorBody(state.loadStatus, [], message));
      return json(200, state.document);
    }
    if (isWrite) return json(200, {});
    return real(input, init);
  };
}
