/**
 * doc1 §4.1 "full-level rule for create-business", as content: rules/shell.json `derived` places application.level
 * (FULL for a pending create-business application with a business id and no step-up items, else the API's
 * applicationLevel) into every context, and the signup-form table and the exit-notification beacon read it.
 * The content check evaluates the rule's fixtures; breaking any part of the rule makes it fail.
 */
import shell from '../../../rules/shell.json' with { type: 'json' };
import signupForm from '../../../rules/routing/signup-form.json' with { type: 'json' };
import { beaconsFor, deriveContext, ruleVerdict, type ShellRules } from '../../../engine/app/shell-rules.ts';
import { nextScreen } from '../../../engine/flow/transitions.ts';
import { afterEnvironmentTarget } from '../../../engine/screens/after-environment.ts';
import { loadContent } from '../../../scripts/content/load.ts';
import { buildModel } from '../../../scripts/check-content/model.ts';
import { checkShellFixtures } from '../../../scripts/check-content/shell.ts';
import { checkRoutingTables } from '../../../scripts/check-content/routing.ts';
import type { Problem } from '../../../scripts/check-content/problem.ts';

const rules = shell as unknown as ShellRules;
const tables = loadContent(process.cwd()).tables;
const pendingCreateBusiness = {
  intent: 'CREATE_BUSINESS',
  businessId: 'b1',
  decision: 'PENDING',
  applicationLevel: 'BASIC',
  stepUpDetails: [] as unknown[],
};
const reseller = { environment: { portal: 'reseller', currency: 'USD' }, flags: {} };

function levelOf(application: Record<string, unknown>): unknown {
  return (deriveContext(rules, { application }, tables) as { application: { level?: unknown } }).application.level;
}

describe('the full-level rule for create-business (doc1 §4.1)', () => {
  it('a pending create-business application with a business id and no step-ups is treated as FULL', () => {
    expect(levelOf(pendingCreateBusiness)).toBe('FULL');
    expect(levelOf({ ...pendingCreateBusiness, stepUpDetails: undefined })).toBe('FULL');
  });

  it.each([
    ['a step-up item exists', { stepUpDetails: [{ type: 'BO_VERIFICATION' }] }],
    ['no business id', { businessId: undefined }],
    ['a blank business id', { businessId: ' ' }],
    ['the decision is not PENDING', { decision: 'APPROVED_PENDING' }],
    ['the intent is not create-business', { intent: 'ADD_PRODUCT' }],
  ])('otherwise the API level holds: %s', (_name, change) => {
    expect(levelOf({ ...pendingCreateBusiness, ...change })).toBe('BASIC');
    expect(levelOf({ ...pendingCreateBusiness, ...change, applicationLevel: 'FULL' })).toBe('FULL');
  });

  it('places the level without changing the API’s document', () => {
    const application = { ...pendingCreateBusiness };
    const context = { application, environment: { market: 'X' } };
    const derived = deriveContext(rules, context, tables);
    expect(derived).not.toBe(context);
    expect(application).not.toHaveProperty('level');
    expect(derived).toMatchObject({
      application: { applicationLevel: 'BASIC', level: 'FULL' },
      environment: { market: 'X' },
    });
  });

  it('the signup form and the exit notification follow the derived level', () => {
    const form = (application: Record<string, unknown>) =>
      nextScreen([{ table: 'signup-form' }], deriveContext(rules, { ...reseller, application }, tables), tables);
    expect(form(pendingCreateBusiness)).toBe('applicant-info');
    expect(form({ ...pendingCreateBusiness, stepUpDetails: [{ type: 'OTP_SMS' }] })).toBe('update');
    const beacons = (application: Record<string, unknown>) =>
      beaconsFor(rules, deriveContext(rules, { application }, tables)).map((beacon) => beacon.id);
    expect(beacons(pendingCreateBusiness)).toEqual(['exitNotification']);
    expect(beacons({ ...pendingCreateBusiness, businessId: undefined })).toEqual([]);
  });

  it('the boot routing places it too (the account’s step-ups come with it)', () => {
    const bundle = loadContent(process.cwd());
    const withLevel = {
      ...bundle,
      tables: {
        ...bundle.tables,
        probe: {
          description: 'd',
          rows: [{ when: { '==': [{ var: 'application.level' }, 'FULL'] }, to: 'accounts' }],
          fixtures: [],
        },
      },
    };
    const account = {
      applicationId: 'urn:app:aaaa-bbbb-cccc-dddd-eeee',
      businessId: 'b1',
      riskDecision: 'PENDING',
      applicationLevel: 'BASIC',
      originalIntent: 'CREATE_BUSINESS',
    } as const;
    const context = { query: {}, environment: {}, flags: {} };
    expect(afterEnvironmentTarget(withLevel as never, 'probe', [account], context)).toBe('/accounts');
    expect(
      afterEnvironmentTarget(
        withLevel as never,
        'probe',
        [{ ...account, stepUpDetails: [{ type: 'OTP_SMS' }] }],
        context,
      ),
    ).toBeUndefined();
  });
});

describe('the content check evaluates the rule', () => {
  function problemsWith(edit: (rule: { value: { if: [{ and: unknown[] }, unknown, unknown] } }) => void): Problem[] {
    const copy = structuredClone(shell) as unknown as {
      derived: Array<{ value: { if: [{ and: unknown[] }, unknown, unknown] } }>;
    };
    edit(copy.derived[0]);
    const model = buildModel([
      { file: 'rules/shell.json', data: copy },
      { file: 'rules/routing/signup-form.json', data: structuredClone(signupForm) },
    ] as never);
    const problems: Problem[] = [];
    checkShellFixtures(model, problems);
    checkRoutingTables(model, problems);
    return problems;
  }

  it('passes with the rule as it is', () => {
    expect(problemsWith(() => {})).toEqual([]);
    for (const fixture of shell.fixtures)
      expect(ruleVerdict(rules, fixture.rule, fixture.context, tables)).toBe(fixture.expect);
  });

  it.each([0, 1, 2, 3])('fails when condition %i of the rule is left out', (index) => {
    const problems = problemsWith((rule) => rule.value.if[0].and.splice(index, 1));
    expect(problems.length).toBeGreaterThan(0);
    expect(
      problems.some((problem) => problem.file === 'rules/shell.json' && /fixture \d+ expects/.test(problem.message)),
    ).toBe(true);
  });

  it('fails when the rule is gone (the signup-form and beacon fixtures notice)', () => {
    const problems = problemsWith((rule) => {
      rule.value.if[1] = { var: 'application.applicationLevel' };
    });
    expect(problems.map((problem) => problem.file)).toEqual(
      expect.arrayContaining(['rules/shell.json', 'rules/routing/signup-form.json']),
    );
  });
});
