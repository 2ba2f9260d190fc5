/**
 * Flow lint, per market and portal of rules/config.json (scripts/flow-graph): screens a market's variants leave
 * without a way out, cycles no applicant can leave, and conditions that read an answer not collected on every
 * path that reaches them (a form field the screen does not have, or a document path that some form collects but
 * that a path from the entry skips). The whole-tree reachability and dead-end checks stay in reachability.ts.
 */
import { variablesOf } from '../../engine/conditions/index.ts';
import { buildGraph, decide, screenSuccessors, type FlowGraph } from '../flow-graph/graph.ts';
import type { FlowContext } from '../flow-graph/contexts.ts';
import type { ContentModel, Obj } from './model.ts';
import { rowsOf } from './screens.ts';
import { pointer, type Problem } from './problem.ts';
import { shellRules } from './shell.ts';

const related = (a: string, b: string): boolean => a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);

interface Finding {
  problem: Problem;
  contexts: string[];
}

/** Collects one problem per file, pointer and message, remembering in which contexts it shows. */
class Findings {
  private readonly found = new Map<string, Finding>();

  add(problem: Problem, context: string): void {
    const key = `${problem.file}\u0000${problem.pointer}\u0000${problem.message}`;
    const entry = this.found.get(key) ?? { problem, contexts: [] };
    if (!entry.contexts.includes(context)) entry.contexts.push(context);
    this.found.set(key, entry);
  }

  /** The problems, each naming its markets and portals unless it shows in all of them. */
  problems(all: readonly FlowContext[]): Problem[] {
    return [...this.found.values()].map(({ problem, contexts }) => {
      const everywhere = contexts.length === all.length || !all.some((context) => context.known);
      return everywhere ? problem : { ...problem, message: `${problem.message} (in ${contexts.join(', ')})` };
    });
  }
}

/** Operators that ask whether an answer is there: a path read only through them may be missing. */
const PRESENCE = new Set(['present', '!!', 'missing', 'missing_some']);

/** Variable paths a condition reads only to test whether they are present (or with a default value). */
export function presenceOnly(condition: unknown): Set<string> {
  const guarded = new Set<string>();
  const plain = new Set<string>();
  const walk = (node: unknown, underPresence: boolean): void => {
    if (Array.isArray(node)) {
      node.forEach((item) => walk(item, underPresence));
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [operator, args] of Object.entries(node as Obj)) {
      if (operator === 'var') {
        const list = Array.isArray(args) ? args : [args];
        if (typeof list[0] === 'string') (underPresence || list.length > 1 ? guarded : plain).add(list[0]);
        continue;
      }
      if (operator === 'missing' || operator === 'missing_some') {
        const names = operator === 'missing' ? [args].flat() : [(args as unknown[])?.[1]].flat();
        for (const name of names) if (typeof name === 'string') guarded.add(name);
      }
      walk(args, underPresence || PRESENCE.has(operator));
    }
  };
  walk(condition, false);
  return new Set([...guarded].filter((name) => !plain.has(name)));
}

/** Screen predecessors of each reachable screen (through tables). */
function predecessorsOf(graph: FlowGraph, reachable: string[]): Map<string, string[]> {
  const preds = new Map<string, string[]>(reachable.map((id) => [id, []]));
  for (const id of reachable) for (const next of screenSuccessors(graph, id)) preds.get(next)?.push(id);
  return preds;
}

const intersect = (a: ReadonlySet<string>, b: ReadonlySet<string>): Set<string> =>
  new Set([...a].filter((path) => b.has(path)));

/** Document paths filled on every path from an entry to each screen (before the screen's own answers). */
export function collectedBefore(graph: FlowGraph): Map<string, Set<string>> {
  const reachable = [...graph.nodes.values()]
    .filter((node) => node.kind === 'screen' && node.reachable)
    .map((node) => node.id);
  const preds = predecessorsOf(graph, reachable);
  const roots = new Set(graph.roots);
  const known = new Map<string, Set<string> | null>(
    reachable.map((id) => [id, roots.has(id) ? new Set<string>() : null]),
  );
  let changed = true;
  while (changed) {
    changed = false;
    for (const id of reachable) {
      if (roots.has(id)) continue;
      let meet = null as Set<string> | null;
      for (const pred of preds.get(id) ?? []) {
        const before = known.get(pred);
        if (before === null || before === undefined) continue;
        const after = new Set([...before, ...(graph.screens.get(pred)?.binds ?? [])]);
        meet = meet === null ? after : intersect(meet, after);
      }
      const current = known.get(id) ?? null;
      if (
        meet !== null &&
        (current === null || meet.size !== current.size || [...meet].some((path) => !current.has(path)))
      ) {
        known.set(id, meet);
        changed = true;
      }
    }
  }
  return new Map([...known].map(([id, set]) => [id, set ?? new Set<string>()]));
}

/** A path of screens from an entry to `target` that never passes a screen filling `path` (for the message). */
function pathSkipping(graph: FlowGraph, target: string, path: string): string[] | undefined {
  const fills = (id: string): boolean => (graph.screens.get(id)?.binds ?? []).some((bind) => related(bind, path));
  const from = new Map<string, string | null>();
  const queue = graph.roots.filter((id) => !fills(id) || id === target);
  for (const id of queue) from.set(id, null);
  for (let index = 0; index < queue.length; index += 1) {
    const id = queue[index];
    if (id === target) {
      const route: string[] = [];
      for (let at: string | null = id; at !== null; at = from.get(at) ?? null) route.unshift(at);
      return route;
    }
    for (const next of screenSuccessors(graph, id)) {
      if (from.has(next) || (fills(next) && next !== target)) continue;
      from.set(next, id);
      queue.push(next);
    }
  }
  return undefined;
}

/** `documentRoots`: the parts of the context that hold the application document (rules/shell.json documentParts). */
function checkReads(
  graph: FlowGraph,
  collectable: string[],
  documentRoots: ReadonlySet<string>,
  findings: Findings,
): void {
  const before = collectedBefore(graph);
  for (const condition of graph.conditions) {
    const screen = graph.screens.get(condition.screen);
    if (!screen || graph.nodes.get(condition.screen)?.reachable !== true) continue;
    let vars: string[];
    try {
      vars = variablesOf(condition.when);
    } catch {
      continue;
    }
    const mayBeMissing = presenceOnly(condition.when);
    for (const name of vars) {
      const [root, ...rest] = name.split('.');
      if (root === 'form' || root === 'changes') {
        const field = rest[0];
        if (condition.phase === 'show') {
          findings.add(
            {
              file: condition.file,
              pointer: condition.pointer,
              message: `condition reads "${name}" on screen "${condition.screen}", where no answers are being submitted (form and changes exist only on the primary submit)`,
              fix: "Read the document path the answer is saved to instead, or move the row to the screen's next rows.",
            },
            graph.context.name,
          );
        } else if (root === 'form' && field !== undefined && !screen.fields.has(field)) {
          const fields = [...screen.fields].sort();
          findings.add(
            {
              file: condition.file,
              pointer: condition.pointer,
              message: `condition reads "${name}", but screen "${condition.screen}" has no field "${field}"${fields.length ? ` (its fields: ${fields.join(', ')})` : ' (it has no form)'}`,
              fix: `Correct the field name, or read the document path where the answer is saved.`,
            },
            graph.context.name,
          );
        }
        continue;
      }
      if (!documentRoots.has(root) || mayBeMissing.has(name) || !collectable.some((bind) => related(bind, name)))
        continue;
      const available = [
        ...(before.get(condition.screen) ?? []),
        ...(condition.phase === 'submit' ? screen.binds : []),
      ];
      if (available.some((bind) => related(bind, name))) continue;
      const route = pathSkipping(graph, condition.screen, name);
      const collectors = [...graph.screens.values()]
        .filter((facts) => facts.binds.some((bind) => related(bind, name)))
        .map((facts) => facts.id);
      findings.add(
        {
          file: condition.file,
          pointer: condition.pointer,
          message: `condition on screen "${condition.screen}" reads "${name}", which ${collectors.join(', ')} collect${collectors.length === 1 ? 's' : ''} but not on every path that reaches it${route ? ` (e.g. ${route.join(' → ')})` : ''}`,
          fix: 'Collect the answer on every path before this screen, or make the condition hold when the answer is missing.',
        },
        graph.context.name,
      );
    }
  }
}

/** Strongly connected groups of reachable screens from which no path leads out and no screen is final. */
export function closedCycles(graph: FlowGraph): string[][] {
  const ids = [...graph.nodes.values()]
    .filter((node) => node.kind === 'screen' && node.reachable)
    .map((node) => node.id);
  const next = new Map(ids.map((id) => [id, screenSuccessors(graph, id).filter((to) => graph.nodes.has(to))]));
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (id: string): void => {
    index.set(id, counter);
    low.set(id, counter);
    counter += 1;
    stack.push(id);
    onStack.add(id);
    for (const to of next.get(id) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(id, Math.min(low.get(id) as number, low.get(to) as number));
      } else if (onStack.has(to)) low.set(id, Math.min(low.get(id) as number, index.get(to) as number));
    }
    if (low.get(id) === index.get(id)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        group.push(member);
      } while (member !== id);
      groups.push(group.sort());
    }
  };
  for (const id of ids) if (!index.has(id)) visit(id);
  return groups.filter((group) => {
    const members = new Set(group);
    const loops = group.length > 1 || (next.get(group[0]) ?? []).includes(group[0]);
    const exits = group.some((id) => (next.get(id) ?? []).some((to) => !members.has(to)));
    const final = group.some((id) => graph.nodes.get(id)?.final === true);
    return loops && !exits && !final;
  });
}

/** Runs the flow lint for every context and adds its problems. */
export function checkFlowLint(
  model: ContentModel,
  resolved: Map<string, Obj>,
  contexts: readonly FlowContext[],
  problems: Problem[],
): void {
  const findings = new Findings();
  const collectable = model.allScreens.flatMap((screen) => {
    const data = resolved.get(screen.file) ?? screen.data;
    const views = [
      data,
      ...((Array.isArray(data.variants) ? data.variants : []) as Obj[]).map((variant) => (variant?.merge ?? {}) as Obj),
    ];
    return views.flatMap((view) =>
      Object.values(((view.form as Obj | undefined)?.bind ?? {}) as Obj).filter(
        (path): path is string => typeof path === 'string',
      ),
    );
  });
  const documentRoots = new Set(Object.keys(shellRules(model)?.documentParts ?? {}));
  for (const context of contexts) {
    const graph = buildGraph(model, resolved, context);
    for (const node of graph.nodes.values()) {
      if (node.kind !== 'screen' || !node.reachable || node.deadEnd === undefined || !context.known) continue;
      const entry = model.screens.get(node.id);
      const written = entry ? (resolved.get(entry.file) ?? entry.data) : {};
      if (written.final !== true && rowsOf(written).length === 0) continue; // reachability.ts reports it for every market
      const decidedVariants = (Array.isArray(written.variants) ? written.variants : [])
        .map((variant, index) => ({ index, decision: decide((variant as Obj | undefined)?.when, context) }))
        .filter(({ decision }) => decision === 'yes');
      const culprit =
        node.deadEnd !== ''
          ? node.deadEnd
          : decidedVariants.length
            ? pointer('variants', decidedVariants[decidedVariants.length - 1].index)
            : '';
      findings.add(
        {
          file: node.file,
          pointer: culprit,
          message: `screen "${node.id}" has no way out for this market and portal: with ${culprit ? `the variant at ${culprit}` : 'its variants'} applied it has no next row that can hold and is not final`,
          fix: 'Give the variant next rows for this market and portal, or keep "final": true.',
        },
        context.name,
      );
    }
    for (const group of closedCycles(graph)) {
      const first = graph.nodes.get(group[0]);
      findings.add(
        {
          file: first?.file ?? '',
          pointer: '',
          message: `screens ${group.map((id) => `"${id}"`).join(', ')} form a cycle with no way out: no row leads outside it and none of them is final`,
          fix: 'Add a row that leaves the cycle (to a later screen or an outcome page), or make one of the screens final.',
        },
        context.name,
      );
    }
    checkReads(graph, collectable, documentRoots, findings);
  }
  problems.push(...findings.problems(contexts));
}
