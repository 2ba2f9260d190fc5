import { fillTemplate, fillPath } from '../../../engine/calls/template.ts';
import { failureFrom } from '../../../engine/calls/errors.ts';
import { buildRequest, runCall, CallError, type CallEnvironment } from '../../../engine/calls/run.ts';

describe('call templates', () => {
  it('evaluates JSON Logic operations and keeps other values, including single-key data objects', () => {
    const context = { form: { name: 'Ann' }, changes: { applicant: { x: 1 } } };
    expect(
      fillTemplate(
        { application: { intent: 'CREATE_BUSINESS' }, who: { var: 'form.name' }, list: [{ var: 'changes' }] },
        context,
      ),
    ).toEqual({
      application: { intent: 'CREATE_BUSINESS' },
      who: 'Ann',
      list: [{ applicant: { x: 1 } }],
    });
  });

  it('fills path placeholders, keeps urn colons readable and refuses a missing value', () => {
    expect(fillPath('/api/v2/applications/{id}/onboard', { id: 'urn:app:ab12-cd34-ef56-ab12-cd34ef56ab12' })).toBe(
      '/api/v2/applications/urn:app:ab12-cd34-ef56-ab12-cd34ef56ab12/onboard',
    );
    expect(fillPath('/x/{id}', { id: 'a/b' })).toBe('/x/a%2Fb');
    expect(() => fillPath('/x/{id}', {})).toThrow(/no value for \{id\}/);
  });
});

describe('error messages from answers (doc2 §8)', () => {
  it('takes details[0].description, then message, then error', () => {
    expect(failureFrom(400, { details: [{ description: 'A' }], message: 'B', error: 'C' }).messages).toEqual(['A']);
    expect(failureFrom(400, { message: 'B', error: 'C' }).messages).toEqual(['B']);
    expect(failureFrom(400, { error: 'C' }).messages).toEqual(['C']);
  });

  it('replaces leaking internal messages by the default (an empty list)', () => {
    for (const leak of ['Unhandled error at x', 'TypeError: y is undefined', 'ValidationError: z']) {
      expect(failureFrom(500, { message: leak }).messages).toEqual([]);
    }
  });

  it('shows each item of an errors array and keeps field errors', () => {
    expect(
      failureFrom(400, { errors: [{ description: 'one' }, 'two', { message: 'TypeError: no' }] }).messages,
    ).toEqual(['one', 'two', '']);
    expect(
      failureFrom(400, {
        details: [{ field: '/applicant/name/firstName', key: 'validation.person-name', description: 'Bad' }],
      }).fields,
    ).toEqual([{ field: '/applicant/name/firstName', key: 'validation.person-name', description: 'Bad' }]);
  });
});

function fakeEnvironment(answers: Array<{ status: number; body?: unknown } | 'network'>) {
  const seen: Array<{ url: string; init: RequestInit }> = [];
  const slept: number[] = [];
  const env: CallEnvironment = {
    fetch: (async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      const answer = answers.shift() ?? { status: 500 };
      if (answer === 'network') throw new TypeError('Failed to fetch');
      return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), { status: answer.status });
    }) as typeof fetch,
    sleep: async (ms) => {
      slept.push(ms);
    },
    newKey: () => 'key-1',
  };
  return { env, seen, slept };
}

describe('running calls', () => {
  it('sends the browser-request marker, JSON content type and an idempotency key on writes', async () => {
    const { env, seen } = fakeEnvironment([{ status: 200, body: { ok: 1 } }]);
    const def = {
      method: 'PUT' as const,
      path: '/api/v2/applications/{id}',
      params: { id: { var: 'application.id' } },
      body: { var: 'changes' },
    };
    await expect(runCall('save', def, { application: { id: 'urn:app:a' }, changes: { a: 1 } }, env)).resolves.toEqual({
      ok: 1,
    });
    const headers = seen[0].init.headers as Record<string, string>;
    expect(headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['Idempotency-Key']).toBe('key-1');
    expect(seen[0].init.body).toBe('{"a":1}');
  });

  it('channel creation: waits 1 s, then retries up to 5 times at 1 s, with one idempotency key', async () => {
    const { env, seen, slept } = fakeEnvironment([
      { status: 500 },
      { status: 500 },
      { status: 201, body: { id: 'c1' } },
    ]);
    const def = { method: 'POST' as const, path: '/c', retry: { times: 5, delayMs: 1000, firstDelayMs: 1000 } };
    await expect(runCall('createChannel', def, {}, env)).resolves.toEqual({ id: 'c1' });
    expect(slept).toEqual([1000, 1000, 1000]);
    expect(new Set(seen.map((s) => (s.init.headers as Record<string, string>)['Idempotency-Key']))).toEqual(
      new Set(['key-1']),
    );
  });

  it('gives up after the declared retries with the last failure', async () => {
    const { env, seen } = fakeEnvironment(
      Array.from({ length: 10 }, () => ({ status: 500, body: { message: 'down' } })),
    );
    const def = { method: 'POST' as const, path: '/c', retry: { times: 5, delayMs: 1000 } };
    const error = (await runCall('c', def, {}, env).catch((e: unknown) => e)) as CallError;
    expect(error).toBeInstanceOf(CallError);
    expect(error.failure.messages).toEqual(['down']);
    expect(seen).toHaveLength(6);
  });

  it('polls every interval until the condition over the answer holds', async () => {
    const { env, slept } = fakeEnvironment([
      { status: 200, body: { status: 'IN_PROGRESS' } },
      { status: 200, body: { status: 'IN_PROGRESS' } },
      { status: 200, body: { status: 'SUCCESS' } },
    ]);
    const def = {
      method: 'GET' as const,
      path: '/p',
      poll: { everyMs: 1000, until: { in: [{ var: 'response.status' }, ['SUCCESS', 'FAILED']] } },
    };
    await expect(runCall('p', def, {}, env)).resolves.toEqual({ status: 'SUCCESS' });
    expect(slept).toEqual([1000, 1000]);
  });

  it('a network failure is status 0', async () => {
    const { env } = fakeEnvironment(['network']);
    const error = (await runCall('x', { method: 'GET', path: '/x' }, {}, env).catch((e: unknown) => e)) as CallError;
    expect(error.failure.status).toBe(0);
  });

  it('builds the query from a template and drops empty values', () => {
    const request = buildRequest(
      'c',
      { method: 'GET', path: '/api/v2/configs', query: { currency: { var: 'environment.currency' }, x: '' } },
      { environment: { currency: 'CAD' } },
    );
    expect(request.url).toBe('/api/v2/configs?currency=CAD');
  });
});

import { retryInBackground } from '../../../engine/calls/run.ts';

describe('background retries (NOTES.md: onboard after 408, 503, 504 or a network failure)', () => {
  const def = {
    method: 'POST' as const,
    path: '/onboard',
    body: {},
    background: { on: [0, 408, 503, 504], firstDelayMs: 1000, maxDelayMs: 8000 },
  };

  it('repeats the same request with the same idempotency key until a definite answer, backing off with jitter', async () => {
    const { env, seen, slept } = fakeEnvironment([
      'network',
      { status: 503 },
      { status: 504 },
      { status: 200, body: { decision: 'APPROVED' } },
    ]);
    const first = (await runCall('onboard', def, {}, env).catch((e: unknown) => e)) as CallError;
    expect(first.failure.status).toBe(0);
    const answer = await retryInBackground('onboard', def, {}, env, first, () => 1);
    expect(answer).toEqual({ decision: 'APPROVED' });
    expect(slept).toEqual([1000, 2000, 4000]);
    expect(new Set(seen.map((s) => (s.init.headers as Record<string, string>)['Idempotency-Key']))).toEqual(
      new Set(['key-1']),
    );
  });

  it('honours Retry-After and stops at a definite failure', async () => {
    const seen: number[] = [];
    const answers = [
      new Response('', { status: 503, headers: { 'Retry-After': '7' } }),
      new Response('', { status: 503 }),
      new Response('{}', { status: 400 }),
    ];
    const env: CallEnvironment = {
      fetch: (async () => answers.shift()!) as typeof fetch,
      sleep: async (ms) => {
        seen.push(ms);
      },
      newKey: () => 'k',
    };
    const first = (await runCall('onboard', def, {}, env).catch((e: unknown) => e)) as CallError;
    expect(first.retryAfterSeconds).toBe(7);
    await expect(retryInBackground('onboard', def, {}, env, first, () => 0.5)).resolves.toBeUndefined();
    expect(seen).toEqual([7000, 1000]);
  });
});
