/**
 * Every screen is reachable from a flow's entry through next/onError rows and routing tables (or declares
 * `"entry": true` because it is reached from outside), and every screen that is not `final` has a way out.
 * Reachability is read from the flow graph (scripts/flow-graph/graph.ts), the model the picture, the flow lint and
 * the coverage share.
 */
import type { ContentModel, Obj } from './model.ts';
import { buildGraph } from '../flow-graph/graph.ts';
import { contextsOf } from '../flow-graph/contexts.ts';
import type { Problem } from './problem.ts';
import { rowsOf } from './screens.ts';

/** Checks reachability and dead ends. */
export function checkReachability(model: ContentModel, resolved: Map<string, Obj>, problems: Problem[]): void {
  const screenOf = (id: string): Obj | undefined => {
    const entry = model.screens.get(id);
    return entry ? (resolved.get(entry.file) ?? entry.data) : undefined;
  };
  // The flow graph every tool shares (scripts/flow-graph), in the context where nothing is decided: a screen is
  // reachable when some market, portal or applicant can reach it.
  const graph = buildGraph(model, resolved, contextsOf(undefined)[0]);
  const reached = new Set(
    [...graph.nodes.values()].filter((node) => node.kind === 'screen' && node.reachable).map((node) => node.id),
  );
  for (const { id, file } of model.screens.values()) {
    const screen = screenOf(id) ?? {};
    if (!reached.has(id)) {
      problems.push({
        file,
        pointer: '',
        message: `screen "${id}" cannot be reached from any flow's entry through next, onError or routing tables`,
        fix: `Add a row that leads to "${id}" from a reachable screen, or declare "entry": true if it is reached from outside (a link in a message or an email).`,
      });
    }
    // A final screen a person reaches still offers a way on (issue 22 item 9): its own rows, actions or secondary
    // actions, links (options.links), a link its kind renders (options.href), or it says why not (options.noWayOn).
    const options = (screen.options ?? {}) as {
      links?: unknown[];
      href?: unknown;
      noWayOn?: unknown;
      [key: string]: unknown;
    };
    const waysOn =
      rowsOf(screen).length +
      ((screen.actions as unknown[] | undefined)?.length ?? 0) +
      ((screen.secondary as unknown[] | undefined)?.length ?? 0) +
      (options.links?.length ?? 0) +
      (options.href !== undefined ? 1 : 0) +
      Object.keys(options).filter((key) => /^(?:linkKeys|buttons|items|cards|choices)$/.test(key)).length;
    if (
      screen.final === true &&
      screen.kind !== 'redirect' &&
      waysOn === 0 &&
      !(typeof options.noWayOn === 'string' && options.noWayOn.trim())
    ) {
      problems.push({
        file,
        pointer: '/options',
        message: `screen "${id}" is final and offers nothing to do: no rows, actions, secondary actions or links`,
        fix: 'Give it "options.links" (each { "labelKey", "href" }: the account, support), or say in "options.noWayOn" why a person has nothing to do there.',
      });
    }
    if (screen.final !== true && rowsOf(screen).length === 0) {
      problems.push({
        file,
        pointer: '',
        message: `screen "${id}" is a dead end: it has no next or onError rows and is not final`,
        fix: 'Add "next" rows, or declare "final": true if it is an outcome page on purpose.',
      });
    }
  }
}
