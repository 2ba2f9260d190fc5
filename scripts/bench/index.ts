/**
 * `npm run bench`: builds the app and two references of the same screens (a hand-written React form; a plain
 * rjsf form with the runtime ajv validator) in this run, then measures JavaScript shipped for the first screen,
 * interaction on the largest form, Lighthouse (mobile) on the landing, applicant and category screens, and the
 * API under load on PGlite and PostgreSQL against a bare Fastify route. Writes reports/bench/<time>.md and .json
 * (and latest.md), prints the summary with pass or fail per NOTES.md target, and never fails on a target.
 *
 * It also drives whole applicant journeys (create, each form step's update, onboard) by 50 concurrent applicants on
 * PostgreSQL (and PGlite), and builds a content set five times larger to see how check, build and validators grow.
 *
 * Options: `--only=js,interaction,lighthouse,api,journeys,growth`; `--quick` (fewer samples); BENCH_DATABASE_URL (else
 * TEST_DATABASE_URL, else DATABASE_URL) for the PostgreSQL run; BENCH_SCREENS to name other screens;
 * BENCH_LIGHTHOUSE_DIR to keep every Lighthouse report (JSON) there.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadContent } from '../content/load.ts';
import { benchApi, benchBare, benchGetAgainstBare, benchJourneys, type GetRound, type JourneyFigure } from './api.ts';
import { benchGrowth } from './growth.ts';
import { buildApp, buildReference, referenceNames, type ReferenceName } from './build.ts';
import { chromiumVersion, createApplication, launch, signUp } from './browser.ts';
import { firstValidation, keystroke } from './interaction.ts';
import { measureScripts } from './js-size.ts';
import { audit } from './lighthouse.ts';
import { loadDescription, machine } from './machine.ts';
import { markdown, summary } from './report.ts';
import type { BenchResults, Target } from './results.ts';
import { benchScreens, namedScreens } from './screens.ts';
import { startApp, startBare, startStatic, type Running } from './servers.ts';
import { verdicts } from './targets.ts';

const root = join(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',') ?? ['js', 'interaction', 'lighthouse', 'api', 'journeys', 'growth'];
const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

const work = mkdtempSync(join(tmpdir(), 'bench-'));
const running: Running[] = [];
const keep = <T extends Running>(r: T) => (running.push(r), r);

async function step<T>(name: string, results: BenchResults, work: () => Promise<T>): Promise<T | undefined> {
  const started = Date.now();
  console.log(`bench: ${name}…`);
  try {
    const value = await work();
    console.log(`bench: ${name} done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    return value;
  } catch (error) {
    const message = `${name}: ${(error as Error).message.split('\n')[0]}`;
    console.error(`bench: ${message}`);
    results.errors.push(message);
    return undefined;
  }
}

function screenPath(id: string, applicationId: string): string {
  const screen = loadContent(root).screens[id];
  if (!screen) throw new Error(`no screen ${id}`);
  return screen.path.replace(':applicationId', encodeURIComponent(applicationId).replace(/%3A/gi, ':'));
}

async function main(): Promise<void> {
  const screens = benchScreens();
  const results: BenchResults = {
    startedAt: new Date().toISOString(),
    machine: machine(await chromiumVersion()),
    screens: { ...screens.ids, landing: namedScreens.landing, category: namedScreens.category },
    errors: [],
  };

  const dirs = {
    app: join(work, 'app'),
    'hand-written': join(work, 'hand-written'),
    'rjsf-runtime': join(work, 'rjsf-runtime'),
    libraries: join(work, 'libraries'),
  };
  await step('build the app and the references', results, async () => {
    buildApp(dirs.app);
    for (const name of referenceNames)
      await buildReference(name, dirs[name], { applicant: screens.applicant, largest: screens.largest });
    const check = spawnSync(process.execPath, ['--import', 'tsx', '-e', buildCheckSource(dirs.app)], {
      cwd: root,
      encoding: 'utf8',
    });
    results.buildCheck = { ok: check.status === 0, message: (check.stdout + check.stderr).trim().split('\n')[0] ?? '' };
  });

  // The browser-facing server uses this task's browser port (4405; BENCH_PORT overrides).
  const app = await step('start the app on PGlite', results, async () =>
    keep(await startApp(dirs.app, { dataDir: join(work, 'pglite') }, Number(process.env.BENCH_PORT ?? 4405))),
  );
  const refs: Partial<Record<ReferenceName, Running>> = {};
  for (const name of referenceNames)
    refs[name] = await step(`serve ${name}`, results, async () => keep(await startStatic(dirs[name])));

  if (app) {
    const cookie = await signUp(app.url, `bench.${Date.now()}@example.com`);
    const [name, value] = cookie.split('=');
    const browser = await launch();
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addCookies([{ name, value, url: app.url }]);
    const urlOf = async (id: string) => `${app.url}${screenPath(id, await createApplication(app.url, cookie))}`;

    if (only.includes('js') && refs['hand-written'] && refs['rjsf-runtime'] && refs.libraries) {
      results.js = await step('JavaScript shipped', results, async () => ({
        app: {
          landing: await measureScripts(context, `${app.url}${screenPath(namedScreens.landing, 'x')}`),
          applicant: await measureScripts(context, await urlOf(screens.ids.applicant)),
        },
        'hand-written': { applicant: await measureScripts(context, `${refs['hand-written']!.url}/?screen=applicant`) },
        'rjsf-runtime': { applicant: await measureScripts(context, `${refs['rjsf-runtime']!.url}/?screen=applicant`) },
        libraries: {
          landing: await measureScripts(context, `${refs.libraries!.url}/?screen=landing`),
          applicant: await measureScripts(context, `${refs.libraries!.url}/?screen=applicant`, 'form'),
        },
      }));
    }
    if (only.includes('interaction') && refs['hand-written'] && refs['rjsf-runtime']) {
      const keys = quick ? 20 : 80;
      const validations = quick ? 5 : 15;
      results.interaction = await step('interaction on the largest form', results, async () => {
        const largest = await urlOf(screens.ids.largest);
        const out = {} as NonNullable<BenchResults['interaction']>;
        const targets: Array<[Target, string, string]> = [
          ['app', largest, '[role="alert"]'],
          ['hand-written', `${refs['hand-written']!.url}/?screen=largest`, '[role="alert"]'],
          ['rjsf-runtime', `${refs['rjsf-runtime']!.url}/?screen=largest`, '.errors, [role="alert"]'],
        ];
        for (const [target, url, selector] of targets) {
          out[target] = {
            keystroke: await keystroke(context, url, keys),
            validation: await firstValidation(
              context,
              target === 'app' ? await urlOf(screens.ids.largest) : url,
              selector,
              validations,
            ),
          };
        }
        return out;
      });
    }
    await browser.close();

    if (only.includes('lighthouse')) {
      results.lighthouse = await step('Lighthouse', results, async () => {
        const runs = quick ? 1 : 3;
        // The landing as a new applicant sees it: signed in, no application yet (this run's user has some by now,
        // and the shell sends a user with applications on to their accounts).
        const newcomer = await signUp(app.url, `bench.landing.${Date.now()}@example.com`);
        return {
          landing: await audit(`${app.url}${screenPath(namedScreens.landing, 'x')}`, newcomer, runs),
          applicant: await audit(await urlOf(namedScreens.applicant), cookie, runs),
          category: await audit(await urlOf(namedScreens.category), cookie, runs),
        };
      });
      // The same audit of the hand-written form: this machine's score for a page with next to nothing to do (its
      // first layout, its fonts), so a figure of the app's can be read against what the machine allows.
      const handWritten = refs['hand-written'];
      if (handWritten)
        results.lighthouseReference = await step('Lighthouse of the hand-written reference', results, () =>
          audit(`${handWritten.url}/?screen=applicant`, undefined, quick ? 1 : 3),
        );
    }
  }

  if (only.includes('api')) {
    const options = { connections: 100, duration: quick ? 3 : 8, pool: 100 };
    const turns = { ...options, duration: quick ? 2 : 4, rounds: 3 };
    results.api = await step('API under load', results, async () => {
      for (const r of running.splice(0)) await r.stop();
      // The bare route runs throughout, idle but for its own turns, so the GET can be measured in turns with it.
      const bare = keep(await startBare());
      const bareFigure = await benchBare(bare.url, options);
      const storages: Record<string, Awaited<ReturnType<typeof benchApi>>> = {};
      const getRounds: Record<string, GetRound[]> = {};
      const pglite = await startApp(dirs.app, { dataDir: join(work, 'pglite-api') });
      storages.PGlite = await benchApi(pglite.url, options);
      getRounds.PGlite = await benchGetAgainstBare(pglite.url, bare.url, turns);
      await pglite.stop();
      if (databaseUrl) {
        await withSchema(databaseUrl, async (url) => {
          const postgres = await startApp(dirs.app, { databaseUrl: url });
          storages.PostgreSQL = await benchApi(postgres.url, options);
          getRounds.PostgreSQL = await benchGetAgainstBare(postgres.url, bare.url, turns);
          await postgres.stop();
        });
      } else results.errors.push('API on PostgreSQL: set BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL');
      return {
        connections: options.connections,
        duration: options.duration,
        bare: bareFigure,
        storages,
        getRounds,
        roundSeconds: turns.duration,
      };
    });
  }

  if (only.includes('journeys')) {
    results.journeys = await step('whole applicant journeys', results, async () => {
      for (const r of running.splice(0)) await r.stop();
      const seconds = quick ? 8 : 20;
      const bare = keep(await startBare());
      const bareRequestsPerSecond = (await benchBare(bare.url, { connections: 100, duration: quick ? 2 : 4 }))
        .requestsPerSecond;
      const storages: Record<string, JourneyFigure> = {};
      if (databaseUrl) {
        await withSchema(databaseUrl, async (url) => {
          const postgres = await startApp(dirs.app, { databaseUrl: url });
          try {
            storages.PostgreSQL = await benchJourneys(postgres.url, { applicants: 50, seconds });
          } finally {
            await postgres.stop();
          }
        });
      } else results.errors.push('journeys on PostgreSQL: set BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL');
      const pglite = await startApp(dirs.app, { dataDir: join(work, 'pglite-journeys') });
      try {
        storages.PGlite = await benchJourneys(pglite.url, { applicants: 50, seconds });
      } finally {
        await pglite.stop();
      }
      return { storages, bareRequestsPerSecond };
    });
  }

  if (only.includes('growth')) {
    for (const r of running.splice(0)) await r.stop();
    results.growth = await step('content five times larger', results, () => benchGrowth(join(work, 'growth'), 5));
  }

  for (const r of running.splice(0)) await r.stop();
  results.machine['load at end'] = loadDescription();
  const list = verdicts(results);
  const out = join(root, 'reports/bench');
  mkdirSync(out, { recursive: true });
  const stamp = results.startedAt.replace(/[:.]/g, '-');
  const text = markdown(results, list);
  writeFileSync(join(out, `${stamp}.md`), text);
  writeFileSync(join(out, `${stamp}.json`), `${JSON.stringify({ results, verdicts: list }, null, 2)}\n`);
  writeFileSync(join(out, 'latest.md'), text);
  console.log(`\n${summary(list)}\n\nReport: ${join(out, `${stamp}.md`)}`);
}

/** Runs `work` with a database URL whose search path is a new schema, dropped afterwards. */
async function withSchema(databaseUrl: string, work: (url: string) => Promise<void>): Promise<void> {
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  try {
    const url = new URL(databaseUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    await work(url.toString());
  } finally {
    await client.query(`DROP SCHEMA ${schema} CASCADE`);
    await client.end();
  }
}

/** The same check as scripts/check-build.ts, on the benchmark's own build folder. */
function buildCheckSource(dir: string): string {
  return `
const { readdirSync, readFileSync } = require('node:fs');
const dir = ${JSON.stringify(join(dir, 'assets'))};
const files = readdirSync(dir).filter((n) => n.endsWith('.js'));
const bad = [];
for (const n of files) { const t = readFileSync(dir + '/' + n, 'utf8'); for (const p of [/\\bnew Function\\b/, /[^.\\w$]Function\\(/, /\\beval\\(/]) if (p.test(t)) bad.push(n); }
console.log(bad.length ? 'dynamic code compilation in ' + bad.join(', ') : files.length + ' scripts, no eval or Function constructor');
process.exit(bad.length ? 1 : 0);`;
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    for (const r of running.splice(0)) await r.stop().catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  });
