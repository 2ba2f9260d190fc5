/** The content check as one pure entry: reads a content tree and returns every problem found. */
import { readContent } from './files.ts';
import { buildModel, type Obj } from './model.ts';
import { resolveIncludes } from './includes.ts';
import { MetaSchemas } from './schemas.ts';
import { checkReferences } from './references.ts';
import { checkRoutingTables } from './routing.ts';
import { checkShellFixtures } from './shell.ts';
import { checkReachability } from './reachability.ts';
import { checkCatalogues } from './catalogues.ts';
import { checkRequiredMessages } from './required-messages.ts';
import { checkFlowLint } from './flow-lint.ts';
import { checkAgainstApi } from './api-checks.ts';
import { checkDocumentPaths } from './document-paths.ts';
import { checkKinds } from './kinds.ts';
import { checkListPatches } from './list-patches.ts';
import { checkStepUpKinds } from './step-ups.ts';
import { readContexts } from '../flow-graph/contexts.ts';
import { variableProblems } from '../catalogues/report.ts';
import { sortProblems, type Problem } from './problem.ts';

export type { Problem } from './problem.ts';

/**
 * Checks the content under `root` (flows/, rules/, locales/, against schemas/): meta-schema validation,
 * cross-references, routing-table and shell-rule fixtures, reachability and dead ends, message keys, MessageFormat 2 syntax and variables,
 * a message of its own for every required field,
 * and the flow lint per market and portal (dead ends a variant makes, closed cycles, answers read before collected).
 * Resolves to the problems, sorted by file and pointer; an empty list means the content is sound.
 */
export async function checkContent(root: string): Promise<Problem[]> {
  const problems: Problem[] = [];
  const files = readContent(root, problems);
  const schemas = new MetaSchemas(root, problems);
  schemas.check(files, problems);
  const model = buildModel(files);
  const resolved = new Map<string, Obj>();
  for (const screen of model.allScreens) {
    resolved.set(screen.file, resolveIncludes(screen.data, model, screen.file, '', problems) as Obj);
  }
  checkReferences(model, resolved, schemas, problems);
  checkListPatches(model, resolved, problems);
  checkStepUpKinds(model, problems);
  checkRoutingTables(model, problems);
  checkShellFixtures(model, problems);
  checkReachability(model, resolved, problems);
  checkCatalogues(model, resolved, problems);
  checkRequiredMessages(model, resolved, problems);
  problems.push(...variableProblems(model, resolved));
  checkFlowLint(model, resolved, readContexts(root), problems);
  checkKinds(model, resolved, schemas, problems);
  await checkAgainstApi(model, resolved, problems);
  await checkDocumentPaths(model, resolved, problems);
  return sortProblems(problems);
}
