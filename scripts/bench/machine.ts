/** The machine a benchmark ran on, named in the report. */
import { cpus, freemem, hostname, loadavg, platform, release, totalmem } from 'node:os';
import { readFileSync } from 'node:fs';

/** A one-line description and its parts. */
export function machine(chromium: string): Record<string, string> {
  let distro = '';
  try {
    distro = /PRETTY_NAME="([^"]+)"/.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] ?? '';
  } catch {
    /* not Linux */
  }
  const cpu = cpus();
  return {
    host: hostname(),
    os: `${distro || platform()} (${platform()} ${release()})`,
    cpu: `${cpu[0]?.model ?? 'unknown'} × ${cpu.length}`,
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GB (${(freemem() / 2 ** 30).toFixed(1)} GB free at start)`,
    node: process.version,
    chromium,
    'load at start': loadDescription(),
  };
}

/** The 1-minute load average against the core count, with a warning when other work competes. */
export function loadDescription(): string {
  const load = loadavg()[0];
  const cores = cpus().length;
  return `${load.toFixed(1)} on ${cores} cores${load > cores ? ' — the machine was busy with other work: figures are unreliable, compare only ratios within this run' : ''}`;
}
