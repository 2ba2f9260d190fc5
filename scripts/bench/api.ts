/**
 * API throughput and latency with autocannon at `connections` concurrent connections: create, update, get and
 * onboard against the real server (one storage per run), and a bare Fastify route in its own process, in the
 * same run. Update, get and onboard rotate over a pool of applications; onboard decides each application the
 * first time and answers the stored decision after that (it is idempotent), so most onboard samples measure the
 * repeat path.
 */
import autocannon, { type Result } from 'autocannon';
import { createApplication, signUp } from './browser.ts';
import { completeUs } from '../../server/sandbox/applicants.ts';

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
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

type Requests = NonNullable<Parameters<typeof autocannon>[0]['requests']>;

/**
 * A signed-in user with `size` complete applications on the server, and autocannon requests that rotate over them:
 * `rotating(method, path, body?)` asks for `path(id)` of the next application each time.
 */
let pools = 0;
async function applicationPool(baseUrl: string, size: number) {
  const cookie = await signUp(baseUrl, `bench.api.${Date.now()}.${(pools += 1)}@example.com`);
  const ids: string[] = [];
  for (let i = 0; i < size; i += 1) ids.push(await createApplication(baseUrl, cookie, complete));
  const headers = { cookie, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
  const bodiless = { cookie, 'x-requested-with': 'XMLHttpRequest' };
  const rotating = (method: string, path: (id: string) => string, body?: string): Requests => {
    let n = 0;
    return [
      {
        method,
        headers: body ? headers : bodiless,
        ...(body ? { body } : {}),
        setupRequest: (request: object) => ({ ...request, path: path(ids[n++ % ids.length]) }),
      },
    ] as Requests;
  };
  return { headers, rotating };
}

/** The GET of one application, as the benchmark asks for it. */
const getPath = (id: string) => `/api/v2/applications/${id}`;

/** The four calls against one running server. */
export async function benchApi(
  baseUrl: string,
  options: { connections: number; duration: number; pool: number },
): Promise<Record<string, ApiFigure>> {
  const { headers, rotating } = await applicationPool(baseUrl, options.pool);
  const run = (requests: Requests) =>
    autocannon({ url: baseUrl, connections: options.connections, duration: options.duration, requests }).then(figure);
  return {
    create: await run([{ method: 'POST', path: '/api/v2/applications', headers, body: JSON.stringify(complete) }]),
    update: await run(rotating('PUT', getPath, JSON.stringify({ company: { dba: 'Corner Shop' } }))),
    get: await run(rotating('GET', getPath)),
    onboard: await run(rotating('POST', (id) => `${getPath(id)}/onboard`)),
  };
}

/** One round of the GET comparison: the bare route, then the API's GET, each under the same load. */
export interface GetRound {
  bare: number;
  get: number;
  getP99Ms: number;
}

/**
 * The API's GET against the bare route, measured in turns (bare, GET, bare, GET, ...) so that each ratio compares
 * two runs a few seconds apart: on a shared 2-core machine the bare route alone was seen to vary from 45k to 74k
 * requests a second between runs minutes apart, which a single bare figure taken earlier would carry into the ratio.
 */
export async function benchGetAgainstBare(
  baseUrl: string,
  bareUrl: string,
  options: { connections: number; duration: number; pool: number; rounds: number },
): Promise<GetRound[]> {
  const get = (await applicationPool(baseUrl, options.pool)).rotating('GET', getPath);
  const rounds: GetRound[] = [];
  for (let round = 0; round < options.rounds; round += 1) {
    const bare = figure(
      await autocannon({ url: `${bareUrl}/bare`, connections: options.connections, duration: options.duration }),
    );
    const answer = figure(
      await autocannon({ url: baseUrl, connections: options.connections, duration: options.duration, requests: get }),
    );
    if (answer.non2xx || answer.errors)
      throw new Error(`GET answered ${answer.non2xx} non-2xx and ${answer.errors} errors`);
    rounds.push({ bare: bare.requestsPerSecond, get: answer.requestsPerSecond, getP99Ms: answer.p99Ms });
  }
  return rounds;
}

/** The bare route. */
export async function benchBare(
  baseUrl: string,
  options: { connections: number; duration: number },
): Promise<ApiFigure> {
  return figure(
    await autocannon({ url: `${baseUrl}/bare`, connections: options.connections, duration: options.duration }),
  );
}

/** The write path: one call's latency figures over every journey of the run. */
export interface JourneyCallFigure {
  calls: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

export interface JourneyFigure {
  applicants: number;
  journeys: number;
  seconds: number;
  journeysPerSecond: number;
  calls: Record<string, JourneyCallFigure>;
  /** What went wrong, first few: status and call. */
  failures: string[];
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;

/**
 * A whole applicant journey as the browser makes it, step by step: create the application, save each form step (who
 * they are, how to reach them, where they live, their identity, the business), then onboard. `applicants` signed-in
 * users run journeys at once, each starting the next as soon as one ends, for `seconds`; every call's latency is
 * kept, and any answer other than the one the step expects is an error.
 */
export async function benchJourneys(
  baseUrl: string,
  options: { applicants: number; seconds: number },
): Promise<JourneyFigure> {
  const a = completeUs.applicant;
  const steps: Array<[string, (id: string) => { method: string; path: string; body?: unknown; expect: number[] }]> = [
    [
      'update: name',
      (id) => ({
        method: 'PUT',
        path: getPath(id),
        body: { applicant: { name: a.name, email: a.email } },
        expect: [200],
      }),
    ],
    [
      'update: phone',
      (id) => ({
        method: 'PUT',
        path: getPath(id),
        body: { applicant: { phone: a.phone, communicationLanguage: a.communicationLanguage } },
        expect: [200],
      }),
    ],
    [
      'update: address',
      (id) => ({ method: 'PUT', path: getPath(id), body: { applicant: { address: a.address } }, expect: [200] }),
    ],
    [
      'update: identity',
      (id) => ({
        method: 'PUT',
        path: getPath(id),
        body: { applicant: { dob: a.dob, governmentIdentification: a.governmentIdentification } },
        expect: [200],
      }),
    ],
    [
      'update: business',
      (id) => ({ method: 'PUT', path: getPath(id), body: { company: completeUs.company }, expect: [200] }),
    ],
    ['onboard', (id) => ({ method: 'POST', path: `${getPath(id)}/onboard`, expect: [200, 201, 202] })],
  ];
  const latencies: Record<string, number[]> = { create: [] };
  const errors: Record<string, number> = { create: 0 };
  for (const [name] of steps) {
    latencies[name] = [];
    errors[name] = 0;
  }
  const failures: string[] = [];
  const call = async (name: string, cookie: string, method: string, path: string, body: unknown, expect: number[]) => {
    const started = performance.now();
    let status = 0;
    let text: string;
    try {
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          cookie,
          'x-requested-with': 'XMLHttpRequest',
          'idempotency-key': `bench-${name}-${path}-${Math.random()}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      status = res.status;
      text = await res.text();
    } catch (error) {
      text = (error as Error).message;
    }
    latencies[name].push(performance.now() - started);
    if (!expect.includes(status)) {
      errors[name] += 1;
      if (failures.length < 5) failures.push(`${name}: ${status} ${text.slice(0, 120)}`);
      return undefined;
    }
    return text;
  };
  const cookies: string[] = [];
  for (let i = 0; i < options.applicants; i += 1)
    cookies.push(await signUp(baseUrl, `bench.journey.${Date.now()}.${i}@example.com`));
  let journeys = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  await Promise.all(
    cookies.map(async (cookie) => {
      while (performance.now() < deadline) {
        const created = await call('create', cookie, 'POST', '/api/v2/applications', {}, [201]);
        const id = created ? (JSON.parse(created).application?.id as string | undefined) : undefined;
        if (!id) continue;
        let ok = true;
        for (const [name, step] of steps) {
          const { method, path, body, expect } = step(id);
          if ((await call(name, cookie, method, path, body, expect)) === undefined) {
            ok = false;
            break;
          }
        }
        if (ok) journeys += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const calls: Record<string, JourneyCallFigure> = {};
  for (const [name, list] of Object.entries(latencies)) {
    const sorted = [...list].sort((x, y) => x - y);
    calls[name] = {
      calls: sorted.length,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      errors: errors[name],
    };
  }
  return { applicants: options.applicants, journeys, seconds, journeysPerSecond: journeys / seconds, calls, failures };
}
