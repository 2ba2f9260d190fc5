/**
 * The project's performance targets, as checks over the benchmark's results (README.md, `npm run bench`, says how they are
 * reported). Each says pass or fail with its figures; none fails the process. The figures come from the team's notes.
 */
import type { BenchResults } from './results.ts';
import { kb, median } from './stats.ts';

/** One target's verdict. */
export interface Verdict {
  target: string;
  pass: boolean | undefined;
  detail: string;
  /** Figures printed beside the targets, judged against nothing (`pass` is undefined). */
  readingOnly?: true;
}

const ratio = (a: number, b: number) => (b > 0 ? a / b : Number.NaN);

/** Every target against the results (undefined `pass`: not measured in this run). */
export function verdicts(r: BenchResults): Verdict[] {
  const out: Verdict[] = [];
  const js = r.js;
  if (js) {
    // What the chosen libraries alone ship for the same page, against the same reference: below it no build of this
    // stack can go, so a target under it is out of reach whatever the app does.
    const floor = (page: 'landing' | 'applicant', reference: number) =>
      `; the chosen libraries alone ${kb(js.libraries[page].gzip)} = ${ratio(js.libraries[page].gzip, reference).toFixed(2)}×`;
    // The app's own share: everything the page loads minus what the chosen libraries alone load for the same page.
    const own = (page: 'landing' | 'applicant', limitKb: number) => {
      const difference = js.app[page].gzip - js.libraries[page].gzip;
      out.push({
        target: `the app's own JavaScript on the ${page} page (gzip, app minus the chosen libraries alone) ≤ ${limitKb} KB`,
        pass: difference <= limitKb * 1024,
        detail: `${kb(js.app[page].gzip)} − ${kb(js.libraries[page].gzip)} = ${kb(difference)}`,
      });
    };
    own('landing', 20);
    own('applicant', 30);
    const handWritten = js['hand-written'].applicant.gzip;
    const rjsf = js['rjsf-runtime'].applicant.gzip;
    out.push({
      target: 'for reading only: the earlier ratios (not targets)',
      pass: undefined,
      readingOnly: true,
      detail: `landing ${ratio(js.app.landing.gzip, handWritten).toFixed(2)}× hand-written${floor('landing', handWritten)}; applicant ${ratio(js.app.applicant.gzip, rjsf).toFixed(2)}× plain rjsf${floor('applicant', rjsf)}`,
    });
  } else out.push({ target: 'bundle size targets', pass: undefined, detail: 'not measured' });
  if (r.buildCheck) {
    const csp = (js?.app.landing.cspViolations.length ?? 0) + (js?.app.applicant.cspViolations.length ?? 0);
    out.push({
      target: "no Function( or eval in the build; runs under script-src 'self'",
      pass: r.buildCheck.ok && csp === 0,
      detail: `${r.buildCheck.message}; ${csp} CSP violations while loading`,
    });
  }
  const ix = r.interaction;
  if (ix) {
    const v = ix.app.validation;
    const alone = v.validatorMedian ?? Number.NaN;
    out.push({
      target: 'first validation in the browser < 5 ms',
      pass: alone < 5,
      detail:
        `validation alone (User Timing), median ${alone.toFixed(1)} ms vs hand-written ${(ix['hand-written'].validation.validatorMedian ?? Number.NaN).toFixed(1)} ms and rjsf ${(ix['rjsf-runtime'].validation.validatorMedian ?? Number.NaN).toFixed(1)} ms; ` +
        `click → summary laid out ${v.median.toFixed(1)} ms vs hand-written ${ix['hand-written'].validation.median.toFixed(1)} ms (painted ${v.paintedMedian.toFixed(1)} ms; ${v.samples} samples)`,
    });
    const k = ix.app.keystroke.median;
    const hw = ix['hand-written'].keystroke.median;
    out.push({
      target: 'keystroke on the largest form < 8 ms and ≤ 2 × hand-written',
      pass: k < 8 && k <= 2 * hw,
      detail: `work median ${k.toFixed(1)} ms vs hand-written ${hw.toFixed(1)} ms (${ratio(k, hw).toFixed(2)}×); painted ${ix.app.keystroke.paintedMedian.toFixed(1)} ms`,
    });
  } else out.push({ target: 'interaction targets', pass: undefined, detail: 'not measured' });
  if (r.lighthouse) {
    for (const [page, lh] of Object.entries(r.lighthouse)) {
      out.push({
        target: `Lighthouse ${page}: performance ≥ 98, accessibility 100`,
        pass: lh.performance >= 98 && lh.accessibility >= 100,
        detail: `performance ${lh.performance}, accessibility ${lh.accessibility}${lh.failedAudits.length ? ` (failing: ${lh.failedAudits.join(', ')})` : ''}`,
      });
    }
    const reference = r.lighthouseReference;
    for (const [page, lh] of Object.entries(r.lighthouse)) {
      const share = reference ? ratio(lh.lcpMs, reference.lcpMs) : Number.NaN;
      out.push({
        target: `largest contentful paint, ${page}: ≤ 0.66 × the hand-written reference's (Lighthouse mobile, median)`,
        pass: reference ? share <= 0.66 : undefined,
        detail: reference
          ? `${lh.lcpMs.toFixed(0)} ms vs ${reference.lcpMs.toFixed(0)} ms = ${share.toFixed(2)}×`
          : 'the reference was not audited',
      });
    }
  } else out.push({ target: 'Lighthouse targets', pass: undefined, detail: 'not measured' });
  if (r.journeys) {
    for (const [storage, j] of Object.entries(r.journeys.storages)) {
      const calls = Object.entries(j.calls);
      const worst = calls.reduce((a, b) => (b[1].p99Ms > a[1].p99Ms ? b : a));
      const errors = calls.reduce((n, [, c]) => n + c.errors, 0);
      // The target is PostgreSQL's (NOTES.md); the embedded database's figures are printed beside it, for reading.
      const judged = storage === 'PostgreSQL';
      out.push({
        target: `${judged ? '' : 'for reading only (the target is on PostgreSQL): '}write path on ${storage}: whole journeys by ${j.applicants} concurrent applicants, p99 of every call < 100 ms, zero errors`,
        pass: judged ? worst[1].p99Ms < 100 && errors === 0 && j.journeys > 0 : undefined,
        ...(judged ? {} : { readingOnly: true as const }),
        detail: `${j.journeys} journeys in ${j.seconds.toFixed(1)} s = ${j.journeysPerSecond.toFixed(1)} journeys/s (bare route ${r.journeys.bareRequestsPerSecond.toFixed(0)} req/s); worst p99 ${worst[1].p99Ms.toFixed(0)} ms (${worst[0]}); ${errors} errors${j.failures.length ? ` (${j.failures[0]})` : ''}`,
      });
    }
  } else out.push({ target: 'write path target', pass: undefined, detail: 'not measured' });
  const g = r.growth;
  if (g) {
    const grow = (name: string, real: number, synthetic: number, format: (n: number) => string, valid: boolean) => {
      const times = ratio(synthetic, real);
      out.push({
        target: `content ${g.factor}× larger: ${name} ≤ 6× today's`,
        pass: valid ? times <= 6 : false,
        detail: `${format(real)} → ${format(synthetic)} = ${times.toFixed(2)}× (${g.real.screens} → ${g.synthetic.screens} screens)${valid ? '' : '; a run failed, see the errors'}`,
      });
    };
    const s = (n: number) => `${n.toFixed(1)} s`;
    grow(
      'check:content time',
      g.real.checkSeconds,
      g.synthetic.checkSeconds,
      s,
      g.real.checkPassed && g.synthetic.checkPassed,
    );
    grow('build time', g.real.buildSeconds, g.synthetic.buildSeconds, s, g.real.buildPassed && g.synthetic.buildPassed);
    grow('precompiled validator bytes', g.real.validatorBytes, g.synthetic.validatorBytes, kb, true);
  } else out.push({ target: 'content growth targets', pass: undefined, detail: 'not measured' });
  if (r.api) {
    for (const [storage, rounds] of Object.entries(r.api.getRounds)) {
      // Judged on the turns (each GET against the bare route measured just before it): the median ratio, and the
      // worst p99 of any turn.
      const share = median(rounds.map((round) => ratio(round.get, round.bare)));
      const p99 = Math.max(...rounds.map((round) => round.getP99Ms));
      const each = rounds
        .map(
          (round) =>
            `${round.get.toFixed(0)}/${round.bare.toFixed(0)} (${((100 * round.get) / round.bare).toFixed(0)}%)`,
        )
        .join(', ');
      out.push({
        target: `API GET on ${storage}: ≥ 1/3 of bare Fastify, p99 < 50 ms at ${r.api.connections} connections`,
        pass: share >= 1 / 3 && p99 < 50,
        detail: `median ${(share * 100).toFixed(0)}% of the bare route over ${rounds.length} turns (GET/bare req/s: ${each}), worst p99 ${p99} ms`,
      });
    }
  } else out.push({ target: 'API targets', pass: undefined, detail: 'not measured' });
  return out;
}
