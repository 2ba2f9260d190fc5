/**
 * The real server process (server/main.ts) on storage of its own, to be killed with SIGKILL and started again on the
 * same storage: a PGlite data folder, or a fresh schema of PostgreSQL when TEST_DATABASE_URL is set. Shared by the two
 * tests that kill it (tests/storage/kill-restart.test.ts between the steps of a journey, tests/attack/restart.test.ts
 * in the middle of a burst of writes), with the sign-up they both start from.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { dropSchema, testDatabaseUrl } from './test-database.ts';
import { freePort } from '../../scripts/bench/servers.ts';

const root = join(import.meta.dirname, '../..');

export interface KilledServer {
  /** `http://127.0.0.1:<port>` of the running process. */
  readonly base: string;
  /** Creates the storage (before the first start). */
  setUp(): Promise<void>;
  /** Starts the process on the storage and waits until it answers. */
  start(): Promise<void>;
  /** SIGKILL: no shutdown hook runs, nothing is flushed on purpose. Waits for the process to exit. */
  kill(): Promise<void>;
  /** Whether the process was killed (a burst stops sending then). */
  readonly killed: boolean;
  /** Kills the process and removes the storage. */
  tearDown(): Promise<void>;
}

/** A server to kill; `port` fixes its port across restarts (else each start takes a free one). */
export function killedServer(options: { port?: number } = {}): KilledServer {
  const folder = mkdtempSync(join(tmpdir(), 'onb-kill-'));
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let storageEnv: Record<string, string> = {};
  let server: ChildProcess | undefined;
  let base = '';
  return {
    get base() {
      return base;
    },
    get killed() {
      return server?.signalCode != null;
    },
    async setUp() {
      mkdirSync(join(folder, 'dist'), { recursive: true });
      writeFileSync(join(folder, 'dist/index.html'), '<!doctype html><title>api only</title>');
      if (testDatabaseUrl) {
        const pg = (await import('pg')).default;
        const client = new pg.Client({ connectionString: testDatabaseUrl });
        await client.connect();
        await client.query(`CREATE SCHEMA ${schema}`);
        await client.end();
        const url = new URL(testDatabaseUrl);
        url.searchParams.set('options', `-c search_path=${schema}`);
        storageEnv = { DATABASE_URL: url.toString() };
      } else storageEnv = { DATA_DIR: join(folder, 'pglite') };
    },
    async start() {
      const port = options.port ?? (await freePort());
      base = `http://127.0.0.1:${port}`;
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: root,
        env: {
          ...process.env,
          ...storageEnv,
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          DIST_DIR: join(folder, 'dist'),
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      server = child;
      let stderr = '';
      child.stderr?.on('data', (chunk) => (stderr += String(chunk)));
      // A loaded machine (a shared CI box) may take most of a minute to start it; a start that never comes still fails.
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
        try {
          if ((await fetch(`${base}/api/v2/configs`)).ok) return;
        } catch {
          /* not listening yet */
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`server did not start: ${stderr}`);
    },
    async kill() {
      const child = server;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    async tearDown() {
      await this.kill();
      if (testDatabaseUrl) await dropSchema(testDatabaseUrl, schema);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * Registers `email` through the sign-on page and follows the confirmation link the sandbox outbox shows (registration
 * never signs in, issue 23): the session cookie (`onb_session=…`) the link sets.
 */
export async function registerAndConfirm(base: string, email: string, password: string): Promise<string> {
  const registered = await fetch(`${base}/sso/register`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password, confirmPassword: password, path: '/' }),
  });
  expect(registered.status).toBe(303);
  const registration = registered.headers
    .getSetCookie()
    .find((c) => c.startsWith('onb_registration='))!
    .split(';')[0]!;
  const outbox = await (await fetch(`${base}/sandbox/outbox`, { headers: { cookie: registration } })).text();
  const link = /href="(\/sso\/register\/confirm\?[^"]+)"/.exec(outbox)![1]!.replaceAll('&amp;', '&');
  const confirmed = await fetch(`${base}${link}`, { redirect: 'manual', headers: { cookie: registration } });
  expect(confirmed.status).toBe(303);
  const cookie = confirmed.headers
    .getSetCookie()
    .find((c) => c.startsWith('onb_session='))!
    .split(';')[0]!;
  expect(cookie).toMatch(/^onb_session=/);
  return cookie;
}
