/**
 * The processes the benchmark measures: the real server (`server/main.ts`, PGlite in a fresh folder or a fresh
 * PostgreSQL schema) serving a build, a bare Fastify route, and a plain static server for the references.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer } from 'node:net';
import { extname, join, normalize } from 'node:path';

const root = join(import.meta.dirname, '../..');

/** A free TCP port on the loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A started child process and its address. */
export interface Running {
  url: string;
  stop(): Promise<void>;
}

async function waitFor(url: string, child: ChildProcess, log: () => string): Promise<void> {
  // Generous: the machine may be shared, and a first PGlite database takes seconds even when it is not.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited: ${log()}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer: ${log()}`);
}

function stopper(child: ChildProcess): () => Promise<void> {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
}

/** Starts a TypeScript entry with tsx and waits until `probe` answers. */
export async function startNode(
  entry: string,
  env: Record<string, string>,
  probe: string,
  fixedPort?: number,
): Promise<Running> {
  const port = fixedPort ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += String(chunk)));
  const url = `http://127.0.0.1:${port}`;
  const stop = stopper(child);
  try {
    await waitFor(`${url}${probe}`, child, () => stderr);
  } catch (error) {
    // A server that answered too late would otherwise keep its port (and the next run would measure it).
    await stop();
    throw error;
  }
  return { url, stop };
}

/** The real server on a build, with PGlite in `dataDir` or PostgreSQL at `databaseUrl` (on `port`, else a free one). */
export function startApp(
  distDir: string,
  storage: { dataDir: string } | { databaseUrl: string },
  port?: number,
): Promise<Running> {
  // The bench signs up many users from one address: the sign-in rate limit would refuse them. Registration is confirmed
  // through the emailed link (issue 23), which the bench reads from the sandbox outbox: NODE_ENV=production turns the
  // sandbox off, so it is turned on here (scripts/lib/sign-up.ts).
  const env: Record<string, string> = {
    DIST_DIR: distDir,
    SIGN_IN_ATTEMPTS_PER_MINUTE: '100000',
    SANDBOX: 'on',
  };
  if ('dataDir' in storage) env.DATA_DIR = storage.dataDir;
  else env.DATABASE_URL = storage.databaseUrl;
  return startNode('server/main.ts', env, '/api/v2/configs', port);
}

/** A bare Fastify route in its own process (scripts/bench/bare-server.ts). */
export function startBare(): Promise<Running> {
  return startNode('scripts/bench/bare-server.ts', {}, '/bare');
}

const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

/** A static server for a built reference (no CSP: the runtime ajv reference needs `Function`). */
export async function startStatic(dir: string): Promise<Running> {
  const server: Server = createHttpServer((request, response) => {
    const path = normalize(decodeURIComponent((request.url ?? '/').split('?')[0])).replace(/^(\.\.[/\\])+/, '');
    let file = join(dir, path);
    if (!existsSync(file) || statSync(file).isDirectory()) file = join(dir, 'index.html');
    response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}
