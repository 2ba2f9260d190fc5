/**
 * The server killed (SIGKILL, no shutdown) in the middle of a burst of writes and started again on the same
 * storage loses nothing it acknowledged: every application whose create was answered is there with its data,
 * the last acknowledged update is kept, the session still works, and retrying every create with its
 * Idempotency-Key makes no duplicate. Runs the real `server/main.ts` process on PGlite in a data folder, or on
 * PostgreSQL (TEST_DATABASE_URL) in a fresh schema.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { completeUs } from '../api/harness.ts';
import { killedServer, registerAndConfirm } from '../storage/killed-server.ts';

const server = killedServer();

function call(method: string, path: string, cookie: string, body?: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.base}${path}`, {
    method,
    headers: {
      cookie,
      'x-requested-with': 'XMLHttpRequest',
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

beforeAll(() => server.setUp(), 60_000);
afterAll(() => server.tearDown());

test(
  'SIGKILL mid-journey loses nothing acknowledged and retries make no duplicates',
  { timeout: 180_000 },
  async () => {
    await server.start();
    const cookie = await registerAndConfirm(server.base, 'killed@example.com', 'correct horse battery');

    const main = await call('POST', '/api/v2/applications', cookie, completeUs, { 'idempotency-key': 'main' });
    expect(main.status).toBe(201);
    const mainId = (await main.json()).application.id as string;

    // A burst: creates in parallel, updates one after another; the server dies while they run.
    const acknowledgedCreates = new Map<string, string>();
    let lastAcknowledgedDba: string | undefined;
    const keys = Array.from({ length: 60 }, (_, i) => `burst-${i}`);
    const createOne = async (key: string, i: number) => {
      try {
        const res = await call(
          'POST',
          '/api/v2/applications',
          cookie,
          { ...completeUs, company: { ...completeUs.company, name: `Burst ${i} Co` } },
          { 'idempotency-key': key },
        );
        if (res.status === 201 || res.status === 200) acknowledgedCreates.set(key, (await res.json()).application.id);
      } catch {
        /* cut off by the kill: not acknowledged */
      }
    };
    // Three lanes of creates one after another, so the kill lands while some are in flight and some not sent.
    const creates = [0, 1, 2].map(async (lane) => {
      for (let i = lane; i < keys.length; i += 3) {
        if (server.killed) return;
        await createOne(keys[i], i);
      }
    });
    const updates = (async () => {
      for (let i = 0; i < 200; i += 1) {
        try {
          const res = await call('PUT', `/api/v2/applications/${mainId}`, cookie, { company: { dba: `Version ${i}` } });
          if (res.status !== 200) return;
          lastAcknowledgedDba = (await res.json()).company.dba;
        } catch {
          return;
        }
      }
    })();
    // Kill once some of each kind were acknowledged, while the rest are still in flight.
    const killBy = Date.now() + 20_000;
    while (Date.now() < killBy && (acknowledgedCreates.size < 10 || lastAcknowledgedDba === undefined))
      await new Promise((r) => setTimeout(r, 5));
    await server.kill();
    await Promise.all([...creates, updates]);
    expect(lastAcknowledgedDba, 'some update was acknowledged before the kill').toBeDefined();

    await server.start();
    const session = await call('GET', '/api/v2/session', cookie);
    expect(session.status).toBe(200);
    expect((await session.json()).user).toMatchObject({ email: expect.any(String) });
    const mainAfter = await (await call('GET', `/api/v2/applications/${mainId}`, cookie)).json();
    const acknowledgedVersion = Number(lastAcknowledgedDba!.split(' ')[1]);
    // The last acknowledged update is there, or a later one the server committed but could not answer.
    expect(Number(String(mainAfter.company.dba).split(' ')[1])).toBeGreaterThanOrEqual(acknowledgedVersion);
    for (const [key, id] of acknowledgedCreates) {
      const res = await call('GET', `/api/v2/applications/${id}`, cookie);
      expect(res.status, `${key} was acknowledged`).toBe(200);
    }
    // The browser retries everything it did not hear back about, with the same keys.
    for (const key of keys) {
      const i = keys.indexOf(key);
      const res = await call(
        'POST',
        '/api/v2/applications',
        cookie,
        { ...completeUs, company: { ...completeUs.company, name: `Burst ${i} Co` } },
        { 'idempotency-key': key },
      );
      expect([200, 201]).toContain(res.status);
      const id = (await res.json()).application.id;
      if (acknowledgedCreates.has(key)) expect(id).toBe(acknowledgedCreates.get(key));
    }
    const accounts = await (await call('GET', '/api/v2/accounts', cookie)).text();
    expect(accounts.match(/urn:app:[\w-]+/g)?.length).toBe(keys.length + 1);
    console.log(
      `restart test: ${acknowledgedCreates.size} of ${keys.length} creates and ${acknowledgedVersion + 1} updates acknowledged before SIGKILL`,
    );
  },
);
