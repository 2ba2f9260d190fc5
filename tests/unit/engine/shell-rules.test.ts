import shell from '../../../rules/shell.json' with { type: 'json' };
import analyticsRules from '../../../rules/analytics.json' with { type: 'json' };
import {
  beaconsFor,
  blockingModalFor,
  deriveContext,
  firstTarget,
  malformedParameters,
  redirectFor,
  ruleVerdict,
  withQuery,
  type ShellRules,
} from '../../../engine/app/shell-rules.ts';
import { flatParams, track, trackingContext, type AnalyticsSinks } from '../../../engine/analytics/index.ts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import analyticsEventSchema from '../../../schemas/api/analytics-event.schema.json' with { type: 'json' };
import { loadContent } from '../../../scripts/content/load.ts';

const rules = shell as unknown as ShellRules;
const tables = loadContent(process.cwd()).tables;

describe('rules/shell.json', () => {
  it.each(shell.fixtures.map((fixture) => [fixture.rule, JSON.stringify(fixture.context), fixture.expect] as const))(
    '%s for %s gives %s',
    (rule, context, expected) => {
      expect(ruleVerdict(rules, rule, JSON.parse(context), tables)).toBe(expected);
    },
  );

  it('names screens and calls that exist', () => {
    const bundle = loadContent(process.cwd());
    for (const target of [...rules.loadFailures, rules.sessionTimeout])
      expect(Object.keys(bundle.screens)).toContain(target.to);
    for (const beacon of rules.beacons) expect(bundle.calls[beacon.call]?.method).toBe('POST');
  });

  it('application and owner ids follow doc1 §2.1', () => {
    expect(malformedParameters({ applicationId: 'urn:app:1a2b3c4d-aaaa-bbbb-cccc-1234567890ab' }, rules)).toEqual([]);
    expect(malformedParameters({ applicationId: 'urn:app:abc-aaaa-bbbb-cccc-dddd' }, rules)).toEqual(['applicationId']);
    expect(malformedParameters({ applicationId: 'urn:app:1a2b3c4d-aaaa-bbbb-cccc-1234567890abcd' }, rules)).toEqual([
      'applicationId',
    ]);
    expect(malformedParameters({ applicationId: 'hello' }, rules)).toEqual(['applicationId']);
    expect(malformedParameters({ ownerId: 'urn:owner:1' }, rules)).toEqual([]);
    expect(malformedParameters({ ownerId: 'bob' }, rules)).toEqual(['ownerId']);
    expect(malformedParameters({ referralUrlId: 'anything' }, rules)).toEqual([]);
  });

  it('helpers pick the first holding target, the redirect, the modal and the beacons', () => {
    expect(firstTarget(rules.loadFailures, { error: { status: 403 } })).toMatchObject({
      to: 'landing',
      query: { completed: 'true' },
    });
    expect(redirectFor(rules, { location: { href: 'http://h/signup-eu' } })).toMatch(/^https:/);
    expect(
      blockingModalFor(rules, {
        application: { serviceType: 'gopay.x', apiVersion: 'V2' },
        environment: { redirectUrl: 'https://back' },
      }),
    ).toMatchObject({ href: 'https://back' });
    expect(
      beaconsFor(
        rules,
        deriveContext(rules, { application: { applicationLevel: 'FULL', decision: 'PENDING' } }, tables),
      ).map((b) => b.id),
    ).toEqual(['exitNotification']);
    expect(withQuery('/', { completed: 'true' })).toBe('/?completed=true');
  });
});

describe('analytics', () => {
  const context = {
    environment: { portal: 'domain', currency: 'USD', locale: 'en-US' },
    application: { originalIntent: 'ADD_PRODUCT', businessId: 'b1', id: 'urn:app:x' },
    applicant: { name: { firstName: 'Ann' }, dob: '01/01/1980', governmentIdentification: { value: '1234' } },
    company: { gpv: 25000 },
    flags: { multistep: true },
  };

  it('reports ADD_PRODUCT as CREATE_BUSINESS and carries the GPV fields', () => {
    expect(trackingContext(analyticsRules, context)).toMatchObject({
      portal: 'domain',
      originalIntent: 'CREATE_BUSINESS',
      businessId: 'b1',
      GPVFieldValue: 25000,
      GPVFieldShown: true,
      GPVProvided: true,
    });
    expect(trackingContext(analyticsRules, { company: {} })).toMatchObject({
      GPVFieldShown: false,
      GPVProvided: false,
    });
    expect(trackingContext(analyticsRules, { company: { gpv: null } })).toMatchObject({
      GPVFieldShown: true,
      GPVProvided: false,
    });
  });

  it('never carries what the applicant typed', () => {
    const text = JSON.stringify(trackingContext(analyticsRules, context));
    for (const secret of ['Ann', '01/01/1980', '1234']) expect(text).not.toContain(secret);
  });

  it('pushes every event to the data layer and posts each type once per session', () => {
    const pushed: unknown[] = [];
    const posted: Array<{ type: string }> = [];
    const sent = new Set<string>();
    const sinks: AnalyticsSinks = { push: (e) => pushed.push(e), post: (b) => posted.push(b), sent };
    track(analyticsRules, sinks, 'OTP_SMS_started', context);
    track(analyticsRules, sinks, 'OTP_SMS_started', context);
    track(analyticsRules, sinks, 'OTP_SMS_success', context);
    expect(pushed).toHaveLength(3);
    expect(posted.map((p) => p.type)).toEqual(['OTP_SMS_started', 'OTP_SMS_success']);
  });

  it('posts a type again after the API did not take it (signed out, offline), and not after it did', async () => {
    const posted: string[] = [];
    const answers = [false, true];
    const sent = new Set<string>();
    const sinks: AnalyticsSinks = {
      push: () => {},
      post: (b) => (posted.push(b.type), Promise.resolve(answers.shift() ?? true)),
      sent,
    };
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    track(analyticsRules, sinks, 'landing_viewed', context);
    track(analyticsRules, sinks, 'landing_viewed', context);
    expect(posted).toEqual(['landing_viewed']);
    await settle();
    track(analyticsRules, sinks, 'landing_viewed', context);
    await settle();
    track(analyticsRules, sinks, 'landing_viewed', context);
    await settle();
    expect(posted).toEqual(['landing_viewed', 'landing_viewed']);
    expect(sent.has('landing_viewed')).toBe(true);
  });

  it("posts a body the API's own schema accepts: the flags object as dotted names, the data layer keeping it whole", () => {
    const pushed: Array<Record<string, unknown>> = [];
    const posted: Array<{ type: string; params: Record<string, unknown> }> = [];
    const sinks: AnalyticsSinks = { push: (e) => pushed.push(e), post: (b) => posted.push(b), sent: new Set<string>() };
    const flags = { multistep: true, phoneAuth: false, ehopper: false };
    track(analyticsRules, sinks, 'breather_started', { ...context, flags });
    expect(pushed[0].flags).toEqual(flags);
    expect(posted[0].params).toMatchObject({
      'flags.multistep': true,
      'flags.phoneAuth': false,
      'flags.ehopper': false,
      portal: 'domain',
    });
    expect(posted[0].params).not.toHaveProperty('flags');
    const validate = new Ajv2020({ strict: false }).compile(analyticsEventSchema);
    expect(validate(posted[0]), JSON.stringify(validate.errors)).toBe(true);
  });

  it('flattens nested objects and leaves out what the API cannot take', () => {
    expect(flatParams({ a: 1, b: { c: 'x', d: { e: null } }, list: [1, 2], nan: Number.NaN, gone: undefined })).toEqual(
      { a: 1, 'b.c': 'x', 'b.d.e': null },
    );
  });
});
