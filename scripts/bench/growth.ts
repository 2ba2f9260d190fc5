/**
 * How the cost of content grows (issue 24, NOTES.md "content five times larger"): a synthetic content set made of the
 * real flows and `factor - 1` copies of each under new screen ids and paths (variants, transitions and progress
 * steps renamed with them), in a copy of the repository, against the real content in another copy made the same
 * way. For each: the content check's time, the build's time and the bytes of the precompiled validators.
 *
 * A copy's screens keep their routing tables and their links to other flows' screens, and each is declared an entry
 * (the routing tables lead to the originals only); its messages are the real ones (a copy adds screens, not catalogue
 * entries).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runnerImport } from 'vite';

const root = join(import.meta.dirname, '../..');

/** One content set's figures. */
export interface GrowthFigure {
  screens: number;
  checkSeconds: number;
  checkPassed: boolean;
  buildSeconds: number;
  buildPassed: boolean;
  validatorBytes: number;
}

export interface GrowthResults {
  factor: number;
  real: GrowthFigure;
  synthetic: GrowthFigure;
}

/** The repository's tracked files (content, code, configuration) copied into `dir`, node_modules linked. */
function copyRepository(dir: string): void {
  const files = spawnSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
    .stdout.split('\0')
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    cpSync(join(root, file), join(dir, file));
  }
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
}

/**
 * Copies every flow of `dir` under `flows/<flow>-copy<k>/` for k = 2..factor: each screen id gets the suffix
 * `-copy<k>` wherever the copied flow names it (a JSON string equal to the id: its id, `to`, `entry`, progress), and
 * each path the prefix `/copy<k>`. Returns the number of screens afterwards.
 */
export function multiplyFlows(dir: string, factor: number): number {
  const flowsDir = join(dir, 'flows');
  const flows = readdirSync(flowsDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  let screens = 0;
  for (const flow of flows) {
    const screenFiles = readdirSync(join(flowsDir, flow, 'screens')).filter((f) => f.endsWith('.json'));
    screens += screenFiles.length * factor;
    const ids = new Set(screenFiles.map((f) => f.slice(0, -5)));
    for (let k = 2; k <= factor; k += 1) {
      const suffix = `-copy${k}`;
      // A string under one of these keys that equals one of this flow's screen ids names that screen; `flow` and a
      // flow file's `id` name the flow; `path` is the screen's address.
      const rename = (value: unknown, key?: string): unknown => {
        if (Array.isArray(value)) return value.map((item) => rename(item, key));
        if (value && typeof value === 'object')
          return Object.fromEntries(
            Object.entries(value).map(([name, v]) =>
              // progress.stepKeys is keyed by the flow's screen ids: the copy's keys are the copies' ids.
              key === 'stepKeys' && ids.has(name) ? [`${name}${suffix}`, v] : [name, rename(v, name)],
            ),
          );
        if (typeof value !== 'string') return value;
        if (key && SCREEN_KEYS.has(key) && ids.has(value)) return `${value}${suffix}`;
        if ((key === 'flow' || key === 'id') && value === flow) return `${flow}${suffix}`;
        if (key === 'path' && value.startsWith('/')) return `/copy${k}${value}`;
        return value;
      };
      const copy = (from: string, to: string) =>
        writeFileSync(to, `${JSON.stringify(rename(JSON.parse(readFileSync(from, 'utf8'))), null, 2)}\n`);
      const target = join(flowsDir, `${flow}-copy${k}`);
      mkdirSync(join(target, 'screens'), { recursive: true });
      for (const file of readdirSync(join(flowsDir, flow))) {
        if (file.endsWith('.json')) copy(join(flowsDir, flow, file), join(target, file));
      }
      for (const file of screenFiles) {
        // A copy is declared an entry: the routing tables (rules/routing/) lead to the originals only.
        const screen = rename(JSON.parse(readFileSync(join(flowsDir, flow, 'screens', file), 'utf8'))) as Record<
          string,
          unknown
        >;
        writeFileSync(
          join(target, 'screens', `${file.slice(0, -5)}${suffix}.json`),
          `${JSON.stringify({ ...screen, entry: true }, null, 2)}\n`,
        );
      }
    }
  }
  return screens;
}

/** Keys whose string value names a screen. */
const SCREEN_KEYS = new Set(['id', 'to', 'entry', 'screens']);

function timed(command: string[], cwd: string): { seconds: number; passed: boolean; output: string } {
  const started = process.hrtime.bigint();
  const result = spawnSync(command[0], command.slice(1), {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { seconds, passed: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

/**
 * The bytes of every screen's precompiled validators, every variant, as the build makes them. The precompiler is
 * loaded through Vite's module runner, as the content plugin loads it (it imports rjsf's ajv set-up by a path only
 * Vite's resolver maps).
 */
async function validatorBytes(dir: string): Promise<number> {
  const { module: load } = await runnerImport<typeof import('../content/load.ts')>(
    join(root, 'scripts/content/load.ts'),
  );
  const { module: precompile } = await runnerImport<typeof import('../content/precompile.ts')>(
    join(root, 'scripts/content/precompile.ts'),
  );
  return Buffer.byteLength(
    precompile.precompileValidators(load.loadContent(dir), { formats: 'formats', runtime: 'runtime' }),
  );
}

async function measure(dir: string, screens: number): Promise<GrowthFigure> {
  const check = timed(['npx', 'tsx', 'scripts/check-content/index.ts'], dir);
  if (!check.passed)
    console.error(`bench: content check of ${dir} failed:\n${check.output.split('\n').slice(0, 12).join('\n')}`);
  const build = timed(
    ['npx', 'vite', 'build', '--outDir', join(dir, 'dist'), '--emptyOutDir', '--logLevel', 'warn'],
    dir,
  );
  if (!build.passed)
    console.error(`bench: build of ${dir} failed:\n${build.output.split('\n').slice(0, 12).join('\n')}`);
  return {
    screens,
    checkSeconds: check.seconds,
    checkPassed: check.passed,
    buildSeconds: build.seconds,
    buildPassed: build.passed,
    validatorBytes: await validatorBytes(dir),
  };
}

/** Both content sets, measured one after the other in `work`. */
export async function benchGrowth(work: string, factor = 5): Promise<GrowthResults> {
  const realDir = join(work, 'content-real');
  const syntheticDir = join(work, `content-x${factor}`);
  for (const dir of [realDir, syntheticDir]) {
    rmSync(dir, { recursive: true, force: true });
    copyRepository(dir);
  }
  const realScreens = multiplyFlows(realDir, 1);
  const syntheticScreens = multiplyFlows(syntheticDir, factor);
  const real = await measure(realDir, realScreens);
  const synthetic = await measure(syntheticDir, syntheticScreens);
  return { factor, real, synthetic };
}
