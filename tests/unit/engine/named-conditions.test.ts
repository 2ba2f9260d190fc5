/**
 * Named conditions (issue 25, "a predicate written once and named from anywhere"): `{"condition": "<name>"}` is
 * replaced by its definition in rules/conditions.json, by the engine's content loader and by the server's rules
 * loader alike; an unknown name or a cycle is refused.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evaluate, type Condition } from '../../../engine/conditions/index.ts';
import { expandConditions, referencesOf, type NamedConditions } from '../../../engine/conditions/named.ts';
import { firstMatch } from '../../../engine/conditions/index.ts';
import { loadContent as loadBundle } from '../../../scripts/content/load.ts';
import { loadContent as loadServerContent } from '../../../server/content.ts';

const REPO = join(import.meta.dirname, '../../..');

const named: NamedConditions = {
  nextStepUp: {
    description: 'the next step-up',
    when: { firstStepUp: [{ var: 'application.stepUpDetails' }, ['BO_VERIFICATION']] },
  },
  boInfoNext: { description: 'BO_INFO is next', when: { '==': [{ condition: 'nextStepUp' }, 'BO_INFO'] } },
};

describe('expandConditions', () => {
  it('replaces a reference by its definition, itself expanded, anywhere in a value', () => {
    const screen = { next: [{ when: { and: [{ condition: 'boInfoNext' }, true] }, to: 'owners' }] };
    expect(expandConditions(screen, named)).toEqual({
      next: [
        {
          when: {
            and: [
              { '==': [{ firstStepUp: [{ var: 'application.stepUpDetails' }, ['BO_VERIFICATION']] }, 'BO_INFO'] },
              true,
            ],
          },
          to: 'owners',
        },
      ],
    });
  });

  it('gives the same verdict as the condition written out', () => {
    const when = expandConditions({ condition: 'boInfoNext' }, named) as Condition;
    const pending = { application: { stepUpDetails: [{ type: 'BO_VERIFICATION' }, { type: 'BO_INFO' }] } };
    const other = { application: { stepUpDetails: [{ type: 'EIN_DOC' }, { type: 'BO_INFO' }] } };
    expect(evaluate(when, pending)).toBe(true);
    expect(evaluate(when, other)).toBe(false);
  });

  it('leaves an object with other keys beside "condition" alone (it is data, not a reference)', () => {
    const value = { condition: 'boInfoNext', label: 'x' };
    expect(expandConditions(value, named)).toEqual(value);
  });

  it('refuses an unknown name, naming it and where it is', () => {
    expect(() => expandConditions({ rows: [{ when: { condition: 'boInfoNxt' } }] }, named)).toThrow(
      '/rows/0/when: names condition "boInfoNxt", which rules/conditions.json does not define',
    );
  });

  it('refuses a definition that names itself through another', () => {
    const cyclic: NamedConditions = {
      a: { description: 'a', when: { '!': { condition: 'b' } } },
      b: { description: 'b', when: { or: [{ condition: 'a' }, true] } },
    };
    expect(() => expandConditions({ condition: 'a' }, cyclic)).toThrow('condition "a" names itself (a → b → a)');
  });

  it('lists the names a value refers to, with their pointers', () => {
    expect(referencesOf({ and: [{ condition: 'x' }, { '!': { condition: 'y' } }] })).toEqual([
      { name: 'x', pointer: '/and/0' },
      { name: 'y', pointer: '/and/1/!' },
    ]);
  });
});

describe('the content the engine receives', () => {
  const bundle = loadBundle(REPO);

  it('holds no reference: every named condition is written out', () => {
    expect(JSON.stringify(bundle)).not.toMatch(/\{"condition":"/);
  });

  it('routes a pending BO_INFO step-up to the owners list through the named condition (rules/routing/owners-after.json)', () => {
    const rows = bundle.tables['owners-after'].rows;
    const context = { application: { stepUpDetails: [{ type: 'BO_INFO' }], boStatus: 'WAITING_FOR_INFO' } };
    expect(firstMatch(rows, context)).toMatchObject({ to: 'owners' });
    const provided = { application: { stepUpDetails: [{ type: 'BO_INFO' }], boStatus: 'INFO_PROVIDED' } };
    expect(firstMatch(rows, provided)).toMatchObject({ to: 'owners-verifying' });
  });
});

describe("the server's rules loader", () => {
  const withDecisioningRow = (when: unknown): string => {
    const root = mkdtempSync(join(tmpdir(), 'named-conditions-'));
    cpSync(join(REPO, 'rules'), join(root, 'rules'), { recursive: true });
    cpSync(join(REPO, 'schemas'), join(root, 'schemas'), { recursive: true });
    const file = join(root, 'rules/decisioning.json');
    const rules = JSON.parse(readFileSync(file, 'utf8')) as { rows: Array<{ when: unknown }> };
    rules.rows[0].when = when;
    writeFileSync(file, JSON.stringify(rules));
    return root;
  };

  it('expands a named condition in rules/decisioning.json as the engine does', () => {
    const root = withDecisioningRow({ and: [{ condition: 'boInfoPending' }, true] });
    const conditions = JSON.parse(readFileSync(join(REPO, 'rules/conditions.json'), 'utf8')) as {
      conditions: NamedConditions;
    };
    expect(loadServerContent(root).decisioning.rows[0].when).toEqual({
      and: [conditions.conditions.boInfoPending.when, true],
    });
  });

  it('refuses to start with an unknown name, naming the file and the name', () => {
    const root = withDecisioningRow({ condition: 'boInfoPendng' });
    expect(() => loadServerContent(root)).toThrow(
      'rules/decisioning.json#/rows/0/when: names condition "boInfoPendng", which rules/conditions.json does not define',
    );
  });
});
