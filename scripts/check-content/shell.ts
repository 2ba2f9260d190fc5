/**
 * rules/shell.json fixtures: each names a rule by JSON pointer and what it must give for its context (whether a
 * condition holds, with the derived values placed, or the value a derived rule places), evaluated the way the
 * shell evaluates them (engine/app/shell-rules.ts ruleVerdict).
 */
import { deriveContext, ruleVerdict, type ShellRules } from '../../engine/app/shell-rules.ts';
import type { ContentModel, Obj } from './model.ts';
import { asArray, asObject } from './model.ts';
import { pointer, type Problem } from './problem.ts';

const FILE = 'rules/shell.json';

/** The shell rules of the content, for placing derived values into routing-table fixtures; undefined if absent. */
export function shellRules(model: ContentModel): ShellRules | undefined {
  return asObject(model.rules.get('shell')) as ShellRules | undefined;
}

/** A fixture context with the shell's derived values placed, as every screen and table sees it at run time. */
export function derivedContext(model: ContentModel, context: object): object {
  const rules = shellRules(model);
  return rules && Array.isArray(rules.derived) ? deriveContext(rules, context) : context;
}

export function checkShellFixtures(model: ContentModel, problems: Problem[]): void {
  const rules = shellRules(model);
  if (!rules) return;
  asArray((rules as unknown as Obj).fixtures).forEach((fixture, index) => {
    const object = asObject(fixture);
    if (!object || typeof object.rule !== 'string' || !asObject(object.context) || !('expect' in object)) return;
    try {
      const actual = ruleVerdict(rules, object.rule, object.context as object);
      if (actual !== object.expect) {
        problems.push({
          file: FILE,
          pointer: pointer('fixtures', index, 'expect'),
          message: `fixture ${index} expects ${JSON.stringify(object.expect)} from "${object.rule}" but the rule gives ${JSON.stringify(actual)}`,
          fix: 'Correct the rule or the fixture.',
        });
      }
    } catch (error) {
      problems.push({ file: FILE, pointer: pointer('fixtures', index), message: `fixture ${index} cannot be evaluated: ${(error as Error).message}`, fix: 'Point `rule` at a rule of this file (e.g. "beacons/0", "derived/0").' });
    }
  });
}
