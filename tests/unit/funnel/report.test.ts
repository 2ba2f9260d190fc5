/** The funnel report (scripts/funnel-report.ts): counts per market and portal, screens in funnel order, errors by key. */
import { formatFunnelReport, funnelReport } from '../../../scripts/funnel-report.ts';
import type { FunnelRules } from '../../../engine/analytics/funnel-core.ts';
import funnelJson from '../../../rules/funnel.json' with { type: 'json' };

const rules = funnelJson as FunnelRules;
const us = { market: 'US', portal: 'domain' };
const ca = { market: 'CA', portal: 'terminal' };
const events = [
  { type: 'funnel_screen_started', params: { screen: 'identity', ...us } },
  { type: 'funnel_screen_started', params: { screen: 'update', ...us } },
  { type: 'funnel_screen_started', params: { screen: 'update', ...us } },
  { type: 'funnel_field_started', params: { screen: 'update', field: 'email', ...us } },
  { type: 'funnel_field_error', params: { screen: 'update', field: 'email', key: 'validation.email', ...us } },
  { type: 'funnel_field_error', params: { screen: 'update', field: 'email', key: 'validation.email', ...us } },
  { type: 'funnel_field_error', params: { screen: 'update', field: 'email', key: 'validation.required', ...us } },
  { type: 'funnel_field_completed', params: { screen: 'update', field: 'email', ...us } },
  { type: 'funnel_field_abandoned', params: { screen: 'update', field: 'email', ...us } },
  { type: 'funnel_screen_completed', params: { screen: 'update', ...us } },
  { type: 'funnel_screen_abandoned', params: { screen: 'update', ...us } },
  { type: 'funnel_screen_started', params: { screen: 'update', ...ca } },
  { type: 'signup_started', params: { screen: 'update', ...ca } },
];

describe('funnel report', () => {
  const report = funnelReport(events, rules);

  it('counts per segment, screen and field, and ignores other event types', () => {
    expect(Object.keys(report).sort()).toEqual(['market=CA portal=terminal', 'market=US portal=domain']);
    expect(report['market=US portal=domain']!.update).toEqual({
      started: 2,
      completed: 1,
      abandoned: 1,
      fields: {
        email: { started: 1, completed: 1, abandoned: 1, errors: { 'validation.email': 2, 'validation.required': 1 } },
      },
    });
    expect(report['market=CA portal=terminal']!.update!.started).toBe(1);
  });

  it('prints screens in the funnel order of rules/funnel.json, with completion rates and errors by frequency', () => {
    const out = formatFunnelReport(report, rules);
    const us = out.slice(out.indexOf('== market=US'));
    expect(us.indexOf('update')).toBeLessThan(us.indexOf('identity'));
    expect(out).toMatch(/update\s+2\s+1\s+1\s+50%/);
    expect(out).toContain('validation.email × 2, validation.required × 1');
  });

  it('says so when there is nothing to report', () => {
    expect(formatFunnelReport({}, rules)).toBe('No funnel events stored.\n');
  });
});
