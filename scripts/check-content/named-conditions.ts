/**
 * Named conditions (rules/conditions.json, engine/conditions/named.ts): every `{"condition": "<name>"}` in flows/ and
 * rules/ is replaced by its definition as the content loader and the server replace it, so every later check (routing
 * fixtures, flow lint, document paths, the flow graph) reads the conditions the engine runs. An unknown name is one
 * problem at its reference ("did you mean"), a definition that names itself through others one problem in
 * rules/conditions.json; either is replaced by `false`, so its consequences are not reported again.
 */
import { expandConditions, referencesOf, type NamedConditions } from '../../engine/conditions/named.ts';
import type { ContentFile } from './files.ts';
import { asObject } from './model.ts';
import { pointer, type Problem } from './problem.ts';
import { didYouMean } from './suggest.ts';

export const CONDITIONS_FILE = 'rules/conditions.json';

/** The named conditions of the files (none without rules/conditions.json). */
export function namedConditionsOf(files: readonly ContentFile[]): NamedConditions {
  const data = asObject(files.find((entry) => entry.file === CONDITIONS_FILE)?.data);
  const conditions = asObject(data?.conditions) ?? {};
  const named: NamedConditions = {};
  for (const [name, entry] of Object.entries(conditions)) {
    const when = asObject(entry)?.when;
    if (when !== undefined) named[name] = { description: String(asObject(entry)?.description ?? ''), when };
  }
  return named;
}

const unknownProblem = (file: string, at: string, name: string, named: NamedConditions): Problem => ({
  file,
  pointer: `${at}/condition`,
  message: `names condition "${name}", which ${CONDITIONS_FILE} does not define`,
  fix: `Name a condition of ${CONDITIONS_FILE}, or define "${name}" there (a description and its JSON Logic).${didYouMean(name, Object.keys(named))}`,
});

/** The problems of rules/conditions.json itself: a name it does not define, a definition that leads back to itself. */
function definitionProblems(named: NamedConditions, problems: Problem[]): void {
  for (const [name, { when }] of Object.entries(named)) {
    for (const reference of referencesOf(when, pointer('conditions', name, 'when'))) {
      if (!Object.hasOwn(named, reference.name))
        problems.push(unknownProblem(CONDITIONS_FILE, reference.pointer, reference.name, named));
    }
  }
  // A cycle is reported once, at the first of its names in the file's order.
  const reported = new Set<string>();
  for (const name of Object.keys(named)) {
    if (reported.has(name)) continue;
    expandConditions({ condition: name }, named, (problem) => {
      if (problem.kind === 'cycle' && !problem.chain.slice(0, -1).some((member) => reported.has(member))) {
        const cycle = problem.chain.slice(problem.chain.indexOf(problem.name));
        for (const member of cycle) reported.add(member);
        problems.push({
          file: CONDITIONS_FILE,
          pointer: pointer('conditions', cycle[0]),
          message: `condition "${cycle[0]}" names itself: ${cycle.join(' → ')}`,
          fix: 'A named condition may name others, but not itself through them: write one of them out in JSON Logic.',
        });
      }
      return false;
    });
  }
}

/** The files with every named condition expanded (rules/conditions.json and locales/ as they are). */
export function expandNamedConditions(files: readonly ContentFile[], problems: Problem[]): ContentFile[] {
  const named = namedConditionsOf(files);
  definitionProblems(named, problems);
  return files.map((entry) => {
    if (entry.file === CONDITIONS_FILE || !/^(flows|rules)\//.test(entry.file)) return entry;
    const data = expandConditions(entry.data, named, (problem) => {
      if (problem.kind === 'unknown' && problem.chain.length === 1)
        problems.push(unknownProblem(entry.file, problem.pointer, problem.name, named));
      return false;
    });
    return { ...entry, data };
  });
}
