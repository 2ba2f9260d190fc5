/**
 * API throughput and latency with autocannon at `connections` concurrent connections: create, update, get and
 * onboard against the real server (one storage per run), and a bare Fastify route in its own process, in the
 * same run. Update, get and onboard rotate over a pool of applications; onboard decides each application the
 * first time and answers the stored decision after that (it is idempotent), so most onboard samples measure the
 * repeat path.
 */
import autocannon, { type Result } from 'autocannon';
import { createApplication, signUp } from './browser.ts';
import { completeUs } from '../../tests/fixtures/applicants.ts';

/** One call's figures. */
export interface ApiFigure {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

const complete = completeUs;

function figure(result: Result): ApiFigure {
  return { requestsPerSecond: result.requests.average, p50Ms: result.latency.p50, p99Ms: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

/** The four calls against one running server. */
export async function benchApi(baseUrl: string, options: { connections: number; duration: number; pool: number }): Promise<Record<string, ApiFigure>> {
  const cookie = await signUp(baseUrl, `bench.api.${Date.now()}@example.com`);
  const ids: string[] = [];
  for (let i = 0; i < options.pool; i += 1) ids.push(await createApplication(baseUrl, cookie, complete));
  const headers = { cookie, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
  const bodiless = { cookie, 'x-requested-with': 'XMLHttpRequest' };
  const rotating = (method: string, path: (id: string) => string, body?: string) => {
    let n = 0;
    return [{ method, headers: body ? headers : bodiless, ...(body ? { body } : {}), setupRequest: (request: object) => ({ ...request, path: path(ids[n++ % ids.length]) }) }];
  };
  const run = (requests: Parameters<typeof autocannon>[0]['requests']) =>
    autocannon({ url: baseUrl, connections: options.connections, duration: options.duration, requests }).then(figure);
  return {
    create: await run([{ method: 'POST', path: '/api/v2/applications', headers, body: JSON.stringify(complete) }]),
    update: await run(rotating('PUT', (id) => `/api/v2/applications/${id}`, JSON.stringify({ company: { dba: 'Corner Shop' } }))),
    get: await run(rotating('GET', (id) => `/api/v2/applications/${id}`)),
    onboard: await run(rotating('POST', (id) => `/api/v2/applications/${id}/onboard`)),
  };
}

/** The bare route. */
export async function benchBare(baseUrl: string, options: { connections: number; duration: number }): Promise<ApiFigure> {
  return figure(await autocannon({ url: `${baseUrl}/bare`, connections: options.connections, duration: options.duration }));
}
