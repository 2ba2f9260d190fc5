/**
 * rules/step-ups.json (the step-up kinds in one place, issue 25): each kind's screen, call and sandbox trigger must
 * exist, so the list an editor reads is the flow the applicant gets.
 */
import type { ContentModel } from './model.ts';
import { asArray, asObject } from './model.ts';
import { pointer, type Problem } from './problem.ts';
import { didYouMean } from './suggest.ts';

const FILE = 'rules/step-ups.json';

export function checkStepUpKinds(model: ContentModel, problems: Problem[]): void {
  const kinds = asObject(asObject(model.rules.get('step-ups'))?.kinds);
  if (!kinds) return;
  const calls = Object.keys(asObject(model.calls?.data.calls) ?? {});
  const rows = asArray(asObject(model.rules.get('decisioning'))?.rows)
    .map((row) => asObject(row)?.id)
    .filter((id): id is string => typeof id === 'string');
  const references = [
    { key: 'screen', known: [...model.screens.keys()], what: 'screen', where: 'flows/<flow>/screens/' },
    { key: 'call', known: calls, what: 'call', where: 'flows/calls.json' },
    { key: 'sandbox', known: rows, what: 'decisioning row', where: 'rules/decisioning.json' },
  ];
  for (const [kind, entry] of Object.entries(kinds)) {
    for (const { key, known, what, where } of references) {
      const name = asObject(entry)?.[key];
      if (typeof name !== 'string' || known.includes(name)) continue;
      problems.push({
        file: FILE,
        pointer: pointer('kinds', kind, key),
        message: `step-up ${kind} names ${what} "${name}", which ${where} does not have`,
        fix: `Name an existing ${what}.${didYouMean(name, known)}`,
      });
    }
  }
}
