/**
 * Funnel events (rules/funnel.json): for a screen and its fields, started, completed, error (by message key) and
 * abandoned, never a value; segments per market and portal; each distinct event once per session.
 */
import {
  FunnelVisit,
  eventIdentity,
  isAnswered,
  segmentsOf,
  type FunnelRules,
} from '../../../engine/analytics/funnel-core.ts';
import { sendFunnelEvents } from '../../../engine/analytics/use-form-funnel.ts';
import funnelJson from '../../../rules/funnel.json' with { type: 'json' };
import { readJson, validateAgainst } from '../content/load.ts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../content/load.ts';

const rules = funnelJson as FunnelRules;
const segments = { market: 'CA', portal: 'domain' };
const visit = () => new FunnelVisit(rules, 'applicant-info', ['firstName', 'lastName', 'email'], segments);
const types = (events: Array<{ type: string; params: Record<string, string> }>) =>
  events.map((e) => `${e.type}:${e.params.field ?? ''}${e.params.key ? `:${e.params.key}` : ''}`);

describe('FunnelVisit', () => {
  it('starts the screen on show, and a field when it first gets an answer (once)', () => {
    const v = visit();
    expect(types(v.show({}))).toEqual(['funnel_screen_started:']);
    expect(types(v.change({ firstName: 'A' }))).toEqual(['funnel_field_started:firstName']);
    expect(v.change({ firstName: 'Ann' })).toEqual([]);
    expect(types(v.change({ firstName: 'Ann', email: 'x' }))).toEqual(['funnel_field_started:email']);
  });

  it('does not count answers already there when the screen shows (a reload, a draft) as started', () => {
    const v = visit();
    v.show({ firstName: 'Ann' });
    expect(types(v.change({ firstName: 'Anne', lastName: 'L' }))).toEqual(['funnel_field_started:lastName']);
  });

  it('sends errors by message key on submit, and completed fields, abandoned ones and the screen on leaving', () => {
    const v = visit();
    v.show({});
    v.change({ firstName: 'Ann', email: 'ann@' });
    expect(
      types(
        v.submit({
          firstName: { answered: true },
          lastName: { answered: false, errorKey: 'validation.required' },
          email: { answered: true, errorKey: 'validation.email' },
        }),
      ),
    ).toEqual(['funnel_field_error:lastName:validation.required', 'funnel_field_error:email:validation.email']);
    expect(
      types(
        v.leave(
          {
            firstName: { answered: true },
            lastName: { answered: false },
            email: { answered: true, errorKey: 'validation.email' },
          },
          false,
        ),
      ),
    ).toEqual([
      'funnel_field_completed:firstName',
      'funnel_field_abandoned:lastName',
      'funnel_field_abandoned:email',
      'funnel_screen_abandoned:',
    ]);
    expect(v.leave({}, true)).toEqual([]);
  });

  it('completes the screen when left after a valid submit; an untouched optional field is neither', () => {
    const v = visit();
    v.show({});
    v.change({ firstName: 'Ann', lastName: 'Lee' });
    expect(
      v.submit({ firstName: { answered: true }, lastName: { answered: true }, email: { answered: false } }),
    ).toEqual([]);
    expect(
      types(v.leave({ firstName: { answered: true }, lastName: { answered: true }, email: { answered: false } }, true)),
    ).toEqual(['funnel_field_completed:firstName', 'funnel_field_completed:lastName', 'funnel_screen_completed:']);
  });

  it('carries the screen, field, key and segments only: never a value', () => {
    const v = visit();
    v.show({});
    const events = [
      ...v.change({ firstName: 'Zelda' }),
      ...v.submit({ email: { answered: true, errorKey: 'validation.email' } }),
      ...v.leave({ firstName: { answered: true } }, false),
    ];
    for (const event of events) {
      expect(Object.keys(event.params).every((k) => ['screen', 'field', 'key', 'market', 'portal'].includes(k))).toBe(
        true,
      );
      expect(JSON.stringify(event)).not.toContain('Zelda');
      expect(event.params).toMatchObject({ screen: 'applicant-info', market: 'CA', portal: 'domain' });
    }
  });

  it('sends nothing for a screen rules/funnel.json does not list', () => {
    const v = new FunnelVisit(rules, 'bank', ['accountNumber'], segments);
    expect([...v.show({}), ...v.change({ accountNumber: '1' }), ...v.leave({}, false)]).toEqual([]);
  });
});

describe('helpers', () => {
  it.each([
    [undefined, false],
    ['', false],
    [[], false],
    [{ a: '' }, false],
    [false, true],
    [0, true],
    ['x', true],
    [{ a: 'x' }, true],
  ])('isAnswered(%j) is %s', (value, expected) => {
    expect(isAnswered(value)).toBe(expected);
  });

  it('reads the segments from the context paths of rules/funnel.json', () => {
    expect(segmentsOf(rules, { environment: { market: 'US', portal: 'terminal', locale: 'en-US' } })).toEqual({
      market: 'US',
      portal: 'terminal',
    });
    expect(segmentsOf(rules, {})).toEqual({});
  });

  it('posts each distinct event once per session, but pushes every one to the data layer', () => {
    const pushed: unknown[] = [];
    const posted: unknown[] = [];
    const sent = new Set<string>();
    const sinks = { push: (e: Record<string, unknown>) => pushed.push(e), post: (b: unknown) => posted.push(b), sent };
    const event = { type: 'funnel_field_error', params: { screen: 's', field: 'f', key: 'validation.required' } };
    const other = { ...event, params: { ...event.params, key: 'validation.email' } };
    sendFunnelEvents([event, event, other], sinks);
    expect(pushed).toHaveLength(3);
    expect(posted).toEqual([
      { type: event.type, params: event.params },
      { type: other.type, params: other.params },
    ]);
    expect(sent.has(eventIdentity(event))).toBe(true);
  });
});

describe('rules/funnel.json', () => {
  it('validates against its meta-schema, and a broken copy does not', () => {
    expect(validateAgainst('schemas/content/rules/funnel.schema.json', rules)).toEqual([]);
    expect(
      validateAgainst('schemas/content/rules/funnel.schema.json', { ...rules, segments: { ssn: 'applicant.ssn' } }),
    ).not.toEqual([]);
  });

  it('lists only form screens that exist', () => {
    for (const id of rules.screens) {
      const file = ['signup', 'extras']
        .map((flow) => join('flows', flow, 'screens', `${id}.json`))
        .find((path) => existsSync(join(repoRoot, path)));
      expect(file, id).toBeDefined();
      expect(readJson<{ kind: string }>(file!).kind, id).toBe('form');
    }
  });
});
