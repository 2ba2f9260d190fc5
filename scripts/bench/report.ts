/** The benchmark's Markdown report and its console summary. */
import type { ShippedJs } from './js-size.ts';
import type { BenchResults } from './results.ts';
import { kb } from './stats.ts';
import type { Verdict } from './targets.ts';

const mark = ({ pass, readingOnly }: Pick<Verdict, 'pass' | 'readingOnly'>) =>
  readingOnly ? 'for reading' : pass === undefined ? 'not measured' : pass ? 'PASS' : 'FAIL';
const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : 'n/a');

/** The whole report. */
export function markdown(r: BenchResults, verdicts: Verdict[]): string {
  const lines: string[] = [
    '# Benchmark report',
    '',
    `Run ${r.startedAt}. Never asserted in tests; compare runs on the same machine only.`,
    '',
    '## Machine',
    '',
  ];
  for (const [k, v] of Object.entries(r.machine)) lines.push(`- ${k}: ${v}`);
  lines.push(
    '',
    `Screens: landing \`${r.screens.landing}\`, applicant \`${r.screens.applicant}\`, category \`${r.screens.category}\`, largest form \`${r.screens.largest}\`.`,
  );
  lines.push(
    '',
    '## Targets (NOTES.md "Current performance targets")',
    '',
    '| target | result | figures |',
    '|---|---|---|',
  );
  for (const v of verdicts) lines.push(`| ${v.target} | ${mark(v)} | ${v.detail} |`);
  if (r.js) {
    lines.push(
      '',
      '## JavaScript shipped for the first screen',
      '',
      'Every script Chromium loaded until the screen showed and the network was idle; gzip level 9, brotli quality 11.',
      '',
      '| build | page | files | raw | gzip | brotli |',
      '|---|---|---|---|---|---|',
    );
    const rows: Array<[string, string, ShippedJs]> = [
      ['app', 'landing', r.js.app.landing],
      ['app', 'applicant (everything it loads)', r.js.app.applicant],
      ['hand-written React form', 'applicant', r.js['hand-written'].applicant],
      ['plain rjsf + runtime ajv', 'applicant', r.js['rjsf-runtime'].applicant],
      [
        'the chosen libraries alone (React, react-router-dom, swr, messageformat, json-logic-js)',
        'landing',
        r.js.libraries.landing,
      ],
      ['the chosen libraries alone, with rjsf and its precompiled validator', 'applicant', r.js.libraries.applicant],
    ];
    for (const [build, page, s] of rows)
      lines.push(`| ${build} | ${page} | ${s.files} | ${kb(s.raw)} | ${kb(s.gzip)} | ${kb(s.brotli)} |`);
    lines.push(
      '',
      "Each script of the app's pages, largest first:",
      '',
      '| page | script | raw | gzip | brotli |',
      '|---|---|---|---|---|',
    );
    for (const [page, s] of [
      ['landing', r.js.app.landing],
      ['applicant', r.js.app.applicant],
    ] as const)
      for (const f of s.perFile)
        lines.push(`| ${page} | \`${f.name}\` | ${kb(f.raw)} | ${kb(f.gzip)} | ${kb(f.brotli)} |`);
  }
  if (r.interaction) {
    lines.push(
      '',
      `## Interaction on the largest form (\`${r.screens.largest}\`)`,
      '',
      "Work: from the key event (or the submit click on an empty, freshly loaded form) until the page's handlers have run and the new DOM is laid out. Painted: until a task after the next frame, which adds the wait for the display (up to 16.7 ms at 60 Hz). Validation alone: the User Timing measure each build records around its validation call on that submit. The keystroke target uses the work figure; the first-validation target uses the validation alone.",
      '',
      '| build | keystroke work median | p90 | painted median | samples | first validation: validation alone median | p90 | click to summary laid out (work) median | p90 | painted median | samples |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const [build, t] of Object.entries(r.interaction))
      lines.push(
        `| ${build} | ${ms(t.keystroke.median)} | ${ms(t.keystroke.p90)} | ${ms(t.keystroke.paintedMedian)} | ${t.keystroke.samples} | ${ms(t.validation.validatorMedian ?? Number.NaN)} | ${ms(t.validation.validatorP90 ?? Number.NaN)} | ${ms(t.validation.median)} | ${ms(t.validation.p90)} | ${ms(t.validation.paintedMedian)} | ${t.validation.samples} |`,
      );
  }
  if (r.lighthouse) {
    lines.push(
      '',
      '## Lighthouse 13 (mobile, simulated throttling), medians',
      '',
      '| page | runs | performance | accessibility | FCP | LCP | TBT | failing a11y audits |',
      '|---|---|---|---|---|---|---|---|',
    );
    for (const [page, l] of Object.entries(r.lighthouse))
      lines.push(
        `| ${page} | ${l.runs} | ${l.performance} | ${l.accessibility} | ${ms(l.fcpMs)} | ${ms(l.lcpMs)} | ${ms(l.tbtMs)} | ${l.failedAudits.join(', ') || 'none'} |`,
      );
    const l = r.lighthouseReference;
    if (l)
      lines.push(
        `| hand-written reference (applicant form, not a target) | ${l.runs} | ${l.performance} | ${l.accessibility} | ${ms(l.fcpMs)} | ${ms(l.lcpMs)} | ${ms(l.tbtMs)} | ${l.failedAudits.join(', ') || 'none'} |`,
      );
  }
  if (r.api) {
    lines.push(
      '',
      `## API under load (autocannon, ${r.api.connections} connections, ${r.api.duration} s per call; load generator and server share the machine)`,
      '',
      '| storage | call | req/s | p50 | p99 | non-2xx | errors |',
      '|---|---|---|---|---|---|---|',
    );
    lines.push(
      `| — | bare Fastify route | ${r.api.bare.requestsPerSecond.toFixed(0)} | ${r.api.bare.p50Ms} ms | ${r.api.bare.p99Ms} ms | ${r.api.bare.non2xx} | ${r.api.bare.errors} |`,
    );
    for (const [storage, calls] of Object.entries(r.api.storages))
      for (const [call, f] of Object.entries(calls))
        lines.push(
          `| ${storage} | ${call} | ${f.requestsPerSecond.toFixed(0)} | ${f.p50Ms} ms | ${f.p99Ms} ms | ${f.non2xx} | ${f.errors} |`,
        );
    lines.push(
      '',
      'Update, get and onboard rotate over a pool of applications; onboard decides each once, then answers the stored decision (idempotent).',
    );
    if (Object.keys(r.api.getRounds).length) {
      lines.push(
        '',
        `GET in turns with the bare route (${r.api.roundSeconds} s each, the bare route just before each GET run), which the GET target is judged on:`,
        '',
        '| storage | turn | bare req/s | GET req/s | GET / bare | GET p99 |',
        '|---|---|---|---|---|---|',
      );
      for (const [storage, rounds] of Object.entries(r.api.getRounds))
        rounds.forEach((round, i) =>
          lines.push(
            `| ${storage} | ${i + 1} | ${round.bare.toFixed(0)} | ${round.get.toFixed(0)} | ${((100 * round.get) / round.bare).toFixed(0)}% | ${round.getP99Ms} ms |`,
          ),
        );
    }
  }
  if (r.journeys) {
    lines.push(
      '',
      `## Whole applicant journeys (create, each form step's update, onboard), the bare route at ${r.journeys.bareRequestsPerSecond.toFixed(0)} req/s`,
      '',
      '| storage | applicants | journeys | journeys/s | call | calls | p50 | p99 | errors |',
      '|---|---|---|---|---|---|---|---|---|',
    );
    for (const [storage, j] of Object.entries(r.journeys.storages))
      for (const [call, c] of Object.entries(j.calls))
        lines.push(
          `| ${storage} | ${j.applicants} | ${j.journeys} | ${j.journeysPerSecond.toFixed(1)} | ${call} | ${c.calls} | ${ms(c.p50Ms)} | ${ms(c.p99Ms)} | ${c.errors} |`,
        );
    for (const [storage, j] of Object.entries(r.journeys.storages))
      for (const f of j.failures) lines.push('', `- ${storage}: ${f}`);
  }
  if (r.growth) {
    const g = r.growth;
    lines.push(
      '',
      `## Content ${g.factor}× larger (the real flows and copies under new ids, with their variants)`,
      '',
      '| content | screens | check:content | build | precompiled validators |',
      '|---|---|---|---|---|',
    );
    for (const [name, f] of [
      ['real', g.real],
      [`${g.factor}×`, g.synthetic],
    ] as const)
      lines.push(
        `| ${name} | ${f.screens} | ${f.checkSeconds.toFixed(1)} s${f.checkPassed ? '' : ' (failed)'} | ${f.buildSeconds.toFixed(1)} s${f.buildPassed ? '' : ' (failed)'} | ${kb(f.validatorBytes)} |`,
      );
    lines.push(
      '',
      'Validators are compiled per distinct schema (rjsf hashes each), so copies of a screen share theirs: the bytes grow with distinct schemas, not with screens or variant combinations.',
    );
  }
  if (r.errors.length) lines.push('', '## Parts that could not run', '', ...r.errors.map((e) => `- ${e}`));
  return `${lines.join('\n')}\n`;
}

/** A short summary for the console. */
export function summary(verdicts: Verdict[]): string {
  return verdicts.map((v) => `${mark(v).padEnd(12)} ${v.target}: ${v.detail}`).join('\n');
}
