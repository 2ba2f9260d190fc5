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
}

const ratio = (a: number, b: number) => (b > 0 ? a / b : Number.NaN);

/** Every target against the results (undefined `pass`: not measured in this run). */
export function verdicts(r: BenchResults): Verdict[] {
  const out: Verdict[] = [];
  const js = r.js;
  if (js) {
    // What the chosen libraries alone ship for the same page, against the same reference: below it no build of this
    // stack can go, so a target under it is out of reach whatever the app does.
    const floor = (page: 'landing' | 'applicant', reference: number) => `; the chosen libraries alone ${kb(js.libraries[page].gzip)} = ${ratio(js.libraries[page].gzip, reference).toFixed(2)}×`;
    const handWritten = js['hand-written'].applicant.gzip;
    const landing = ratio(js.app.landing.gzip, handWritten);
    out.push({ target: 'landing JS (gzip) ≤ 1.3 × hand-written applicant form', pass: landing <= 1.3, detail: `${kb(js.app.landing.gzip)} vs ${kb(handWritten)} = ${landing.toFixed(2)}×${floor('landing', handWritten)}` });
    const rjsf = js['rjsf-runtime'].applicant.gzip;
    const applicant = ratio(js.app.applicant.gzip, rjsf);
    out.push({ target: 'applicant screen JS (gzip) ≤ 0.7 × plain rjsf + runtime ajv', pass: applicant <= 0.7, detail: `${kb(js.app.applicant.gzip)} vs ${kb(rjsf)} = ${applicant.toFixed(2)}×${floor('applicant', rjsf)}` });
  } else out.push({ target: 'bundle size targets', pass: undefined, detail: 'not measured' });
  if (r.buildCheck) {
    const csp = (js?.app.landing.cspViolations.length ?? 0) + (js?.app.applicant.cspViolations.length ?? 0);
    out.push({ target: "no Function( or eval in the build; runs under script-src 'self'", pass: r.buildCheck.ok && csp === 0, detail: `${r.buildCheck.message}; ${csp} CSP violations while loading` });
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
    out.push({ target: 'keystroke on the largest form < 8 ms and ≤ 2 × hand-written', pass: k < 8 && k <= 2 * hw, detail: `work median ${k.toFixed(1)} ms vs hand-written ${hw.toFixed(1)} ms (${ratio(k, hw).toFixed(2)}×); painted ${ix.app.keystroke.paintedMedian.toFixed(1)} ms` });
  } else out.push({ target: 'interaction targets', pass: undefined, detail: 'not measured' });
  if (r.lighthouse) {
    for (const [page, lh] of Object.entries(r.lighthouse)) {
      out.push({ target: `Lighthouse ${page}: performance ≥ 98, accessibility 100`, pass: lh.performance >= 98 && lh.accessibility >= 100, detail: `performance ${lh.performance}, accessibility ${lh.accessibility}${lh.failedAudits.length ? ` (failing: ${lh.failedAudits.join(', ')})` : ''}` });
    }
  } else out.push({ target: 'Lighthouse targets', pass: undefined, detail: 'not measured' });
  if (r.api) {
    for (const [storage, rounds] of Object.entries(r.api.getRounds)) {
      // Judged on the turns (each GET against the bare route measured just before it): the median ratio, and the
      // worst p99 of any turn.
      const share = median(rounds.map((round) => ratio(round.get, round.bare)));
      const p99 = Math.max(...rounds.map((round) => round.getP99Ms));
      const each = rounds.map((round) => `${round.get.toFixed(0)}/${round.bare.toFixed(0)} (${((100 * round.get) / round.bare).toFixed(0)}%)`).join(', ');
      out.push({
        target: `API GET on ${storage}: ≥ 1/3 of bare Fastify, p99 < 50 ms at ${r.api.connections} connections`,
        pass: share >= 1 / 3 && p99 < 50,
        detail: `median ${(share * 100).toFixed(0)}% of the bare route over ${rounds.length} turns (GET/bare req/s: ${each}), worst p99 ${p99} ms`,
      });
    }
  } else out.push({ target: 'API targets', pass: undefined, detail: 'not measured' });
  return out;
}
