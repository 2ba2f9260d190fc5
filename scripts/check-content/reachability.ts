/**
 * Every screen is reachable from a flow's entry through next/onError rows and routing tables (or declares
 * `"entry": true` because it is reached from outside), and every screen that is not `final` has a way out.
 */
import type { ContentModel, Obj } from './model.ts';
import { asArray, asObject } from './model.ts';
import type { Problem } from './problem.ts';
import { rowsOf } from './screens.ts';

function targetsOfTable(model: ContentModel, name: string, seen: Set<string>): string[] {
  if (seen.has(name)) return [];
  seen.add(name);
  const rows = asArray(model.tables.get(name)?.data.rows).map(asObject);
  return rows.flatMap((row) =>
    typeof row?.to === 'string' ? [row.to] : typeof row?.table === 'string' ? targetsOfTable(model, row.table, seen) : [],
  );
}

/** The screens a screen can lead to. */
export function successors(model: ContentModel, screen: Obj): string[] {
  return rowsOf(screen).flatMap(({ row }) =>
    typeof row.to === 'string' ? [row.to] : typeof row.table === 'string' ? targetsOfTable(model, row.table, new Set()) : [],
  );
}

/** Checks reachability and dead ends. */
export function checkReachability(model: ContentModel, resolved: Map<string, Obj>, problems: Problem[]): void {
  const screenOf = (id: string): Obj | undefined => {
    const entry = model.screens.get(id);
    return entry ? (resolved.get(entry.file) ?? entry.data) : undefined;
  };
  const roots = [
    ...[...model.flows.values()].map((flow) => flow.data.entry).filter((id): id is string => typeof id === 'string'),
    ...[...model.screens.values()].filter((screen) => (resolved.get(screen.file) ?? screen.data).entry === true).map((screen) => screen.id),
  ];
  const reached = new Set<string>();
  const queue = roots.filter((id) => model.screens.has(id));
  while (queue.length > 0) {
    const id = queue.pop() as string;
    if (reached.has(id)) continue;
    reached.add(id);
    for (const next of successors(model, screenOf(id) ?? {})) if (model.screens.has(next) && !reached.has(next)) queue.push(next);
  }
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
    const options = (screen.options ?? {}) as { links?: unknown[]; href?: unknown; noWayOn?: unknown; [key: string]: unknown };
    const waysOn =
      rowsOf(screen).length +
      ((screen.actions as unknown[] | undefined)?.length ?? 0) +
      ((screen.secondary as unknown[] | undefined)?.length ?? 0) +
      (options.links?.length ?? 0) +
      (options.href !== undefined ? 1 : 0) +
      Object.keys(options).filter((key) => /^(?:linkKeys|buttons|items|cards|choices)$/.test(key)).length;
    if (screen.final === true && screen.kind !== 'redirect' && waysOn === 0 && !(typeof options.noWayOn === 'string' && options.noWayOn.trim())) {
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
