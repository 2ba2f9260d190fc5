/**
 * rules/shell.json fixtures: each names a rule by JSON pointer and what it must give for its context (whether a
 * condition holds, with the derived values placed, or the value a derived rule places), evaluated the way the
 * shell evaluates them (engine/app/shell-rules.ts ruleVerdict).
 */
import { deriveContext, ruleVerdict, type ShellRules, type Tables } from '../../engine/app/shell-rules.ts';
import type { ContentModel } from './model.ts';
import { asArray, asObject } from './model.ts';
import { pointer, type Problem } from './problem.ts';

const FILE = 'rules/shell.json';

/** The shell rules of the content, for placing derived values into routing-table fixtures; undefined if absent. */
export function shellRules(model: ContentModel): ShellRules | undefined {
  return asObject(model.rules.get('shell')) as ShellRules | undefined;
}

/** The routing tables of the model by name, as the engine reads them. */
export function tablesOf(model: ContentModel): Tables {
  return Object.fromEntries(
    [...model.tables].map(([name, { data }]) => [name, { rows: asArray(data.rows) as Tables[string]['rows'] }]),
  );
}

/** A fixture context with the shell's derived values placed, as every screen and table sees it at run time. */
export function derivedContext(model: ContentModel, context: object): object {
  const rules = shellRules(model);
  return rules && Array.isArray(rules.derived) ? deriveContext(rules, context, tablesOf(model)) : context;
}

/** Derived values name tables that exist; notice rows name kinds that exist; every fixture gives what it says. */
export function checkShellFixtures(model: ContentModel, problems: Problem[]): void {
  const rules = shellRules(model);
  if (!rules) return;
  asArray(rules.derived).forEach((rule, index) => {
    const table = asObject(rule)?.table;
    if (typeof table === 'string' && !model.tables.has(table)) {
      problems.push({
        file: FILE,
        pointer: pointer('derived', index, 'table'),
        message: `names routing table "${table}", which does not exist`,
        fix: 'Name a file of rules/routing/ (without .json).',
      });
    }
  });
  const notices = asObject(rules.notices);
  asArray(notices?.rows).forEach((row, index) => {
    const kind = asObject(row)?.kind;
    if (typeof kind === 'string' && !asObject(notices?.kinds)?.[kind]) {
      problems.push({
        file: FILE,
        pointer: pointer('notices', 'rows', index, 'kind'),
        message: `names notice kind "${kind}", which notices.kinds does not define`,
        fix: 'Add the kind to notices.kinds or correct the name.',
      });
    }
  });
  const tables = tablesOf(model);
  asArray('fixtures' in rules ? rules.fixtures : undefined).forEach((fixture, index) => {
    const object = asObject(fixture);
    if (!object || typeof object.rule !== 'string' || !asObject(object.context) || !('expect' in object)) return;
    try {
      const actual = ruleVerdict(rules, object.rule, object.context as object, tables);
      if (actual !== object.expect) {
        problems.push({
          file: FILE,
          pointer: pointer('fixtures', index, 'expect'),
          message: `fixture ${index} expects ${JSON.stringify(object.expect)} from "${object.rule}" but the rule gives ${JSON.stringify(actual)}`,
          fix: 'Correct the rule or the fixture.',
        });
      }
    } catch (error) {
      problems.push({
        file: FILE,
        pointer: pointer('fixtures', index),
        message: `fixture ${index} cannot be evaluated: ${(error as Error).message}`,
        fix: 'Point `rule` at a rule of this file (e.g. "beacons/0", "derived/0").',
      });
    }
  });
}
