/**
 * Many instances with the parts operators really use (issue 23): three API processes (`tsx server/main.ts` with
 * PORT, DATABASE_URL, TRUST_PROXY=1) behind HAProxy with health checks, connected to PostgreSQL through PgBouncer in
 * transaction pooling mode, all on the loopback and started from the repository's own configuration files
 * (deploy/haproxy.cfg, deploy/pgbouncer.ini; only ports, database and paths are changed).
 *
 * - A whole journey through the balancer while one instance is killed (SIGKILL, during a request) and restarted,
 *   and while PgBouncer's server connections are dropped: it completes; nothing acknowledged is lost; no duplicate;
 *   every 5xx the client sees is a 503 with Retry-After (retried, as the browser does), never a 500 or 502; the
 *   balancer, not the client, sends again what the killed instance did not answer.
 * - Then 100 concurrent applicants (register, create, update, onboard) through the balancer: no 5xx, not even a 503,
 *   no duplicates.
 *
 * Needs TEST_DATABASE_URL (a PostgreSQL server whose user may create a database) and Debian's haproxy and pgbouncer:
 * installed here with apt-get when missing; skipped with a message only when that is impossible. .ci/run runs it.
 * Ports: SCALE_PORT_BASE (default 5340) to SCALE_PORT_BASE + 4. SCALE_KEEP=1 keeps the work folder (configs, logs).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { repoRoot } from '../../server/paths.ts';
import { completeUs } from '../../server/sandbox/applicants.ts';

const testDatabaseUrl = process.env.TEST_DATABASE_URL;

/** Where a Debian package puts a binary (sbin is not on every PATH). */
function findBinary(name: string): string | undefined {
  for (const dir of [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin', '/sbin']) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

/** Installs haproxy and pgbouncer with apt-get when missing; the reason to skip when that cannot be done. */
function ensurePackages(): string | undefined {
  const missing = ['haproxy', 'pgbouncer'].filter((name) => !findBinary(name));
  if (missing.length === 0) return undefined;
  if (!findBinary('apt-get')) return `${missing.join(' and ')} missing and no apt-get to install them`;
  if (userInfo().uid !== 0) return `${missing.join(' and ')} missing and installing them with apt-get needs root`;
  console.log(`tests/scale: installing ${missing.join(' ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const installed = spawnSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
  if (installed.status !== 0) return `apt-get install ${missing.join(' ')} failed (exit ${installed.status})`;
  return missing.some((name) => !findBinary(name)) ? `${missing.join(' and ')} still missing after apt-get` : undefined;
}

const skipReason = !testDatabaseUrl
  ? 'set TEST_DATABASE_URL=postgres://… (a user that may create a database)'
  : ensurePackages();
if (skipReason) console.warn(`tests/scale/many-instances.test.ts skipped: ${skipReason}`);

const base = Number(process.env.SCALE_PORT_BASE ?? 5340);
const ports = { balancer: base, bouncer: base + 1, api: [base + 2, base + 3, base + 4] };
const database = `scale_${randomBytes(5).toString('hex')}`;
const password = 'correct horse battery';
const origin = `http://127.0.0.1:${ports.balancer}`;

let work = '';
let admin: pg.Client;
let bouncer: ChildProcess | undefined;
let balancer: ChildProcess | undefined;
const instances: Array<ChildProcess | undefined> = [];
/** Instances that ended without the test ending them: the process must stay up whatever the database does. */
const unexpectedExits: string[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Replaces `from` by `to` in a configuration text, and fails when the file no longer has it (the test would drift). */
function rewrite(text: string, from: string | RegExp, to: string): string {
  const next = text.replace(from, to);
  if (next === text) throw new Error(`configuration no longer contains ${String(from)}`);
  return next;
}

/** A child process whose output goes to a log file in the work folder (printed when a test fails). */
function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): ChildProcess {
  const log = createWriteStream(join(work, `${name}.log`), { flags: 'a' });
  const child = spawn(command, args, { env, cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  return child;
}

/** Ends a process this test started, by its id; resolves when it has exited. */
async function stop(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await Promise.race([exited, sleep(5_000).then(() => child.kill('SIGKILL'))]);
  await exited;
}

/** Waits until `url` answers 200. */
async function waitFor(url: string, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`${what} did not answer 200 at ${url} within ${ms} ms (logs in ${work})`);
    await sleep(200);
  }
}

/** Starts API instance `i` (0-2) on PgBouncer, as an operator would. */
function startInstance(i: number): ChildProcess {
  // `node --import tsx`, not the tsx command: that one runs the server in a child process, which a SIGKILL of the
  // command would leave running (an instance that never dies is no test of one that does).
  const child = start(`api${i + 1}`, process.execPath, ['--import', 'tsx', join(repoRoot, 'server/main.ts')], {
    ...process.env,
    PORT: String(ports.api[i]),
    HOST: '127.0.0.1',
    DATABASE_URL: `postgres://postgres@127.0.0.1:${ports.bouncer}/onboarding`,
    DATABASE_PREPARED_STATEMENTS: 'off',
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    DIST_DIR: join(work, 'dist'),
    // 101 applicants register from one address in a minute; the limit itself is tested in tests/api.
    SIGN_IN_ATTEMPTS_PER_MINUTE: '100000',
  });
  child.once('exit', (code, signal) => {
    if (instances[i] === child)
      unexpectedExits.push(`api${i + 1} exited (${code ?? signal}); see ${work}/api${i + 1}.log`);
  });
  instances[i] = child;
  return child;
}

/** SIGKILLs instance `i` (a crash, a lost machine) and forgets it, so its exit is expected. */
function killInstance(i: number): void {
  const child = instances[i];
  instances[i] = undefined;
  child?.kill('SIGKILL');
}

/** Ends every server connection PgBouncer holds to the database (a failover, a restart, a reaper). */
async function dropServerConnections(): Promise<number> {
  const { rows } = await admin.query<{ ended: boolean }>(
    'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [database],
  );
  return rows.filter((row) => row.ended).length;
}

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const client = new pg.Client({ connectionString: withDatabase(testDatabaseUrl!, database) });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>(sql, params)).rows[0]!.n);
  } finally {
    await client.end();
  }
}

function withDatabase(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

/**
 * Every answer the clients saw; the 503s an instance gave (the database was away: retried by the client after
 * Retry-After, as the browser does); the 503s the balancer gave itself (no instance could answer) and the requests
 * sent again after a connection closed without an answer, both of which must stay zero (issue 23: the balancer
 * retries, not the client); and every 503 without Retry-After or other 5xx (must stay empty).
 */
const seen = { answers: 0, retried503: 0, balancer503: 0, networkRetries: 0, bad: [] as string[] };

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json(): any;
}

/**
 * One call through the balancer, as the browser makes it: a 503 is waited for (Retry-After, at most a second here)
 * and repeated with the same body and idempotency key; any other 5xx, or a 503 without Retry-After, is recorded as a
 * failure. A network error is never expected (the balancer answers for a dead instance).
 */
async function call(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  options: { cookie?: string; body?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {
    ...(options.cookie ? { cookie: options.cookie } : {}),
    ...(options.headers ?? {}),
  };
  let body: string | undefined;
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  for (let attempt = 1; attempt <= 60; attempt += 1) {
    let res: Response;
    try {
      res = await fetch(origin + path, {
        method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      // A kept-alive connection to the balancer closed as the request went out gets no answer at all; a browser
      // sends such a request again on a new connection, and so does this client. Counted: the tests expect none.
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (code !== 'UND_ERR_SOCKET' && code !== 'ECONNRESET') throw error;
      seen.networkRetries += 1;
      await sleep(50);
      continue;
    }
    const text = await res.text();
    seen.answers += 1;
    if (res.status === 503 && /^\d+$/.test(res.headers.get('retry-after') ?? '')) {
      if (res.headers.get('x-answered-by') === 'balancer') seen.balancer503 += 1;
      else seen.retried503 += 1;
      await sleep(Math.min(1_000, Number(res.headers.get('retry-after')) * 1_000) * (0.5 + Math.random() / 2));
      continue;
    }
    if (res.status >= 500)
      seen.bad.push(
        `${method} ${path}: ${res.status} retry-after=${res.headers.get('retry-after')} ${text.slice(0, 200)}`,
      );
    return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
  }
  throw new Error(`${method} ${path}: still 503 after 60 attempts`);
}

function sessionCookie(res: Answer): string {
  const found = res.headers.getSetCookie().find((c) => c.startsWith('onb_session='));
  if (!found) throw new Error(`no session cookie in ${res.status} ${res.text.slice(0, 200)}`);
  return found.split(';')[0]!;
}

/**
 * Registers through the balancer as a person does (issue 23: registration never signs in): the form, then the link
 * emailed for it, read in the sandbox outbox with the pending-registration cookie. When the answer to opening the link
 * was lost after the account was stored (the instance died or the database dropped the connection after the
 * commit), the link is used up and the person signs in with the password just chosen.
 */
async function signUp(email: string): Promise<string> {
  const registered = await call('POST', '/sso/register', {
    form: { email, password, confirmPassword: password, path: '/' },
  });
  expect(registered.status, registered.text.slice(0, 300)).toBe(303);
  const registration = registered.headers
    .getSetCookie()
    .find((c) => c.startsWith('onb_registration='))!
    .split(';')[0]!;
  const outbox = await call('GET', '/sandbox/outbox', { cookie: registration });
  const link = /href="(\/sso\/register\/confirm\?[^"]+)"/.exec(outbox.text)?.[1]?.replaceAll('&amp;', '&');
  if (link) {
    const confirmed = await call('GET', link, { cookie: registration });
    if (confirmed.status === 303 && confirmed.headers.getSetCookie().some((c) => c.startsWith('onb_session=')))
      return sessionCookie(confirmed);
    expect(confirmed.status, confirmed.text.slice(0, 300)).toBe(410);
  }
  const signedIn = await call('POST', '/sso/login', { form: { email, password, path: '/' } });
  expect(signedIn.status).toBe(303);
  return sessionCookie(signedIn);
}

describe.skipIf(Boolean(skipReason))(
  'three API instances behind HAProxy, on PostgreSQL through PgBouncer (transaction pooling)',
  () => {
    beforeAll(async () => {
      work = mkdtempSync(join(tmpdir(), 'onboarding-scale-'));
      // PgBouncer refuses to run as root: it drops to the postgres user, which must write its log and pid here.
      chmodSync(work, 0o777);
      mkdirSync(join(work, 'dist'));
      // The API instances serve the API only (the static files come from a CDN, README "Deploying").
      writeFileSync(
        join(work, 'dist/index.html'),
        '<!doctype html><html lang="en"><head><title>Onboarding</title></head><body><div id="root"></div></body></html>',
      );

      admin = new pg.Client({ connectionString: testDatabaseUrl });
      admin.on('error', (error) => console.error("tests/scale: the test's own connection failed", error));
      await admin.connect();
      await admin.query(`CREATE DATABASE ${database}`);
      const target = new URL(testDatabaseUrl!);

      let ini = readFileSync(join(repoRoot, 'deploy/pgbouncer.ini'), 'utf8');
      ini = rewrite(
        ini,
        /^onboarding = .*$/m,
        `onboarding = host=${target.hostname} port=${target.port || 5432} dbname=${database}`,
      );
      ini = rewrite(ini, /^listen_port = \d+$/m, `listen_port = ${ports.bouncer}`);
      ini = rewrite(ini, /^auth_file = .*$/m, `auth_file = ${join(work, 'pgbouncer-users.txt')}`);
      ini += `logfile = ${join(work, 'pgbouncer.log')}\npidfile = ${join(work, 'pgbouncer.pid')}\n`;
      writeFileSync(join(work, 'pgbouncer.ini'), ini);
      cpSync(join(repoRoot, 'deploy/pgbouncer-users.txt'), join(work, 'pgbouncer-users.txt'));
      const asUser =
        userInfo().uid === 0 ? ['-u', spawnSync('id', ['-u', 'postgres']).status === 0 ? 'postgres' : 'nobody'] : [];
      bouncer = start('pgbouncer-stdout', findBinary('pgbouncer')!, [...asUser, join(work, 'pgbouncer.ini')]);

      let cfg = readFileSync(join(repoRoot, 'deploy/haproxy.cfg'), 'utf8');
      cfg = rewrite(cfg, 'bind 127.0.0.1:8080', `bind 127.0.0.1:${ports.balancer}`);
      ports.api.forEach((port, i) => (cfg = rewrite(cfg, `127.0.0.1:${3001 + i} check`, `127.0.0.1:${port} check`)));
      writeFileSync(join(work, 'haproxy.cfg'), cfg);
      cpSync(join(repoRoot, 'deploy/errors'), join(work, 'errors'), { recursive: true });
      balancer = start('haproxy', findBinary('haproxy')!, ['-db', '-f', join(work, 'haproxy.cfg')]);

      // All three at once on a new database: the migrations run once (advisory lock per transaction), the others wait.
      for (let i = 0; i < 3; i += 1) startInstance(i);
      await Promise.all(ports.api.map((port, i) => waitFor(`http://127.0.0.1:${port}/api/v2/configs`, `api${i + 1}`)));
      await waitFor(`${origin}/api/v2/configs`, 'the balancer');
    }, 120_000);

    afterAll(async () => {
      const children = [...instances];
      instances.length = 0;
      await Promise.all(children.map((child) => stop(child)));
      await stop(balancer);
      await stop(bouncer);
      if (admin) {
        await admin
          .query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
          .catch((error: unknown) => console.error(error));
        await admin.end();
      }
      if (work && unexpectedExits.length === 0 && !process.env.SCALE_KEEP)
        rmSync(work, { recursive: true, force: true });
    }, 60_000);

    it('walks a whole journey while an instance is killed and restarted and the database connections are dropped', async () => {
      const email = `scale.journey.${randomBytes(3).toString('hex')}@example.com`;
      let dropped = 0;

      const cookieAtFirst = await signUp(email);
      expect((await call('GET', '/api/v2/session', { cookie: cookieAtFirst })).json()).toMatchObject({
        user: { email },
      });
      const signedIn = await call('POST', '/sso/login', { form: { email, password, path: '/' } });
      expect(signedIn.status).toBe(303);
      const cookie = sessionCookie(signedIn);

      // Other visitors keep reading through the balancer all along, so requests are in flight on every instance
      // whenever one is killed or the database connections are dropped.
      let reading = true;
      const readerStatuses: number[] = [];
      const readerFailures: string[] = [];
      const readers = Array.from({ length: 6 }, async () => {
        try {
          while (reading) readerStatuses.push((await call('GET', '/api/v2/session', { cookie: cookieAtFirst })).status);
        } catch (error) {
          readerFailures.push(String(error));
        }
      });

      // Create, and kill one instance while that request may be on it.
      const key = { 'idempotency-key': `scale-${randomBytes(4).toString('hex')}` };
      const body = { applicant: completeUs.applicant, company: { name: 'Balanced Bakery', currency: 'USD' } };
      let id: string;
      try {
        const [created] = await Promise.all([
          call('POST', '/api/v2/applications', { cookie, body, headers: key }),
          sleep(5).then(() => killInstance(1)),
        ]);
        expect([200, 201]).toContain(created.status);
        id = created.json().application.id as string;
        // The browser's retry with the same key, now that an instance is gone: the same application.
        const retried = await call('POST', '/api/v2/applications', { cookie, body, headers: key });
        expect(retried.status).toBe(200);
        expect(retried.json().application.id).toBe(id);

        // Update while PgBouncer's server connections are dropped under it.
        const [updated] = await Promise.all([
          call('PUT', `/api/v2/applications/${id}`, { cookie, body: { company: completeUs.company } }),
          dropServerConnections().then((n) => (dropped += n)),
        ]);
        expect(updated.status).toBe(200);
        for (let i = 0; i < 4; i += 1) {
          expect((await call('GET', `/api/v2/applications/${id}`, { cookie })).json().company).toMatchObject({
            name: 'Acme Bakery',
            segment: '5462',
          });
        }

        // The killed instance comes back; meanwhile onboard, with the database connections dropped again.
        startInstance(1);
        const [onboarded] = await Promise.all([
          call('POST', `/api/v2/applications/${id}/onboard`, { cookie }),
          dropServerConnections().then((n) => (dropped += n)),
        ]);
        expect(onboarded.status).toBe(200);
        expect(onboarded.json().application.decision).toBe('APPROVED');
        const again = await call('POST', `/api/v2/applications/${id}/onboard`, { cookie });
        expect(again.json().application.decision).toBe('APPROVED');

        await waitFor(`http://127.0.0.1:${ports.api[1]}/api/v2/configs`, 'the restarted api2');
        dropped += await dropServerConnections();
        const bank = await call('POST', `/api/v2/applications/${id}/financial-instruments/manual`, {
          cookie,
          body: {
            accountNumber: '000123456789',
            accountType: 'CHECKING',
            fullName: 'Ann Lee',
            bankName: 'First Bank',
            primary: true,
            routingNumber: '011000015',
          },
        });
        expect(bank.status).toBe(201);
        // Enough reads for the round robin to reach every instance, the restarted one included.
        for (let i = 0; i < 6; i += 1) {
          const read = await call('GET', `/api/v2/applications/${id}`, { cookie });
          expect(read.json().application.hasFinancialInstrument).toBe(true);
          expect(read.json().bank.account.accountNumber).toBe('********6789');
        }
        const accounts = (await call('GET', '/api/v2/accounts', { cookie })).json() as
          Array<{ applicationId: string }> | { accounts: Array<{ applicationId: string }> };
        expect((Array.isArray(accounts) ? accounts : accounts.accounts).map((entry) => entry.applicationId)).toEqual([
          id,
        ]);
      } finally {
        reading = false;
        await Promise.all(readers);
      }
      expect(readerFailures).toEqual([]);
      console.log(
        `tests/scale journey: ${seen.answers} answers, ${seen.retried503} retried 503s of an instance (database away), ${seen.balancer503} of the balancer, ${seen.networkRetries} requests sent again after a closed connection, ${dropped} server connections dropped`,
      );
      // The balancer sends again what the killed instance did not answer (retry-on empty-response, conn-failure,
      // redispatch; deploy/haproxy.cfg): the client resends nothing for the kill (issue 23 left 1-4 per run to the
      // client). What remains for the client are the 503s an instance answers while PgBouncer's server connections
      // are dropped (the database is away for that request): the retried answers the issue asks for, with
      // Retry-After, which the browser honours; they are not the balancer's to repeat at once.
      expect(seen.networkRetries).toBe(0);
      expect(seen.balancer503).toBe(0);
      expect(readerStatuses.length).toBeGreaterThan(0);
      expect(readerStatuses.filter((status) => status !== 200)).toEqual([]);
      expect(dropped).toBeGreaterThan(0);
      expect(seen.bad).toEqual([]);
      expect(unexpectedExits).toEqual([]);
      expect(await count('SELECT count(*) AS n FROM users WHERE lower(email) = $1', [email])).toBe(1);
      expect(await count('SELECT count(*) AS n FROM applications')).toBe(1);
      expect(
        await count(
          "SELECT count(*) AS n FROM applications WHERE id = $1 AND document->'company'->>'name' = 'Acme Bakery'",
          [id],
        ),
      ).toBe(1);
    }, 120_000);

    it('serves 100 concurrent applicants through the balancer with no 5xx, no 503 and no duplicate', async () => {
      const applicants = 100;
      const before = seen.bad.length;
      const before503 = seen.retried503 + seen.balancer503;
      const beforeResent = seen.networkRetries;
      const started = Date.now();
      const results = await Promise.all(
        Array.from({ length: applicants }, async (_, n) => {
          const cookie = await signUp(`scale.${n}.${randomBytes(3).toString('hex')}@example.com`);
          const key = { 'idempotency-key': `scale-${n}-${randomBytes(4).toString('hex')}` };
          const created = await call('POST', '/api/v2/applications', {
            cookie,
            headers: key,
            body: { applicant: completeUs.applicant, company: { name: `Crowd ${n}`, currency: 'USD' } },
          });
          expect([200, 201]).toContain(created.status);
          const id = created.json().application.id as string;
          const name = `Crowd Bakery ${n}`;
          expect(
            (
              await call('PUT', `/api/v2/applications/${id}`, {
                cookie,
                body: { company: { ...completeUs.company, name } },
              })
            ).status,
          ).toBe(200);
          const onboarded = await call('POST', `/api/v2/applications/${id}/onboard`, { cookie });
          expect(onboarded.status).toBe(200);
          return { id, name, decision: onboarded.json().application.decision as string };
        }),
      );
      console.log(
        `tests/scale crowd: ${applicants} applicants in ${Date.now() - started} ms; ${seen.retried503 + seen.balancer503 - before503} retried 503s and ${seen.networkRetries - beforeResent} requests sent again after a closed connection`,
      );
      expect(seen.bad.slice(before)).toEqual([]);
      // Issue 23: the applicants all come from one address; the rate limiter no longer makes them queue for a
      // database connection (up to 40 of 100 waited past the pool's wait and got 503).
      expect(seen.retried503 + seen.balancer503 - before503).toBe(0);
      expect(seen.networkRetries - beforeResent).toBe(0);
      expect(unexpectedExits).toEqual([]);
      expect(results.map((r) => r.decision)).toEqual(Array(applicants).fill('APPROVED'));
      expect(new Set(results.map((r) => r.id)).size).toBe(applicants);
      expect(
        await count("SELECT count(*) AS n FROM applications WHERE document->'company'->>'name' LIKE 'Crowd Bakery %'"),
      ).toBe(applicants);
      expect(await count('SELECT count(*) AS n FROM applications')).toBe(applicants + 1);
      expect(await count("SELECT count(*) AS n FROM users WHERE email LIKE 'scale.%'")).toBe(applicants + 1);
    }, 120_000);
  },
);
