/**
 * A flow as a graph for one market and portal (contexts.ts, the model the coverage shares): screens and routing tables as nodes, transition rows
 * (next, onError, secondary actions, watches, table rows) as labelled edges, with reachability, dead ends and the
 * conditions each screen evaluates. Variants whose condition reads only the environment or flags are decided for
 * the context; any other condition stays open ("maybe") and its rows are drawn with the condition in words.
 * Pure over the content model; the SVG drawing (svg.ts) and the flow lint (scripts/check-content/flow-lint.ts)
 * both read it.
 */
import { mergePatch } from '../../engine/content/merge-patch.ts';
import { asArray, asObject, type ContentModel, type Obj } from '../check-content/model.ts';
import { pointer } from '../check-content/problem.ts';
import { decide, type Decision, type FlowContext } from './contexts.ts';

export { decide, type Decision };
import { conditionWords } from './words.ts';

/** When a condition is evaluated: on the primary submit (form answers known) or while the screen shows. */
export type Phase = 'submit' | 'show';

/** A condition a screen evaluates, and where it is written. */
export interface ConditionAt {
  /** The screen that evaluates it. */
  screen: string;
  file: string;
  pointer: string;
  when: unknown;
  phase: Phase;
}

export interface GraphNode {
  id: string;
  kind: 'screen' | 'table';
  /** The flow folder of a screen; undefined for a table. */
  flow?: string;
  file: string;
  label: string;
  final: boolean;
  /** The flow's entry, or a screen declared `"entry": true`. */
  entry: boolean;
  reachable: boolean;
  /** Set when a view of the screen is not final and has no way out: the view's pointer ('' for the screen). */
  deadEnd?: string;
}

export interface GraphEdge {
  from: string;
  to: string;
  label: string;
  file: string;
  pointer: string;
}

/** One screen as the context shows it. */
export interface ScreenFacts {
  id: string;
  file: string;
  /** Form field names of every view. */
  fields: Set<string>;
  /** Document paths the screen's form fills in its decided view (form.bind values). */
  binds: string[];
}

export interface FlowGraph {
  context: FlowContext;
  nodes: Map<string, GraphNode>;
  edges: GraphEdge[];
  screens: Map<string, ScreenFacts>;
  conditions: ConditionAt[];
  /** Screens the flows start from. */
  roots: string[];
}

export const tableNode = (name: string): string => `table:${name}`;

interface View {
  screen: Obj;
  /** Indices of the variants applied to make this view. */
  applied: number[];
  /** '' for the decided screen, else the pointer of the open variant it adds. */
  at: string;
  /** The open variant's condition in words, for edge labels. */
  because?: string;
}

/** The decided view of a screen for the context and one view per open variant on top of it. */
function viewsFor(screen: Obj, context: FlowContext): View[] {
  const variants = asArray(screen.variants).map(asObject);
  const applied: number[] = [];
  let base = screen;
  const open: number[] = [];
  variants.forEach((variant, index) => {
    if (!variant) return;
    const decision = decide(variant.when, context);
    if (decision === 'yes') {
      base = mergePatch(base, variant.merge ?? {});
      applied.push(index);
    } else if (decision === 'maybe') open.push(index);
  });
  const views: View[] = [{ screen: base, applied, at: '' }];
  for (const index of open) {
    const variant = variants[index] as Obj;
    views.push({
      screen: mergePatch(base, variant.merge ?? {}),
      applied: [...applied, index],
      at: pointer('variants', index),
      because: conditionWords(variant.when),
    });
  }
  return views;
}

/** Where a list of the view was written: the last applied variant whose merge sets it, else the screen. */
function origin(original: Obj, view: View, path: string[]): string[] {
  for (const index of [...view.applied].reverse()) {
    let node: unknown = asObject(asObject(asArray(original.variants)[index])?.merge);
    for (const part of path) node = asObject(node)?.[part];
    if (node !== undefined) return ['variants', String(index), 'merge', ...path];
  }
  return path;
}

interface RowOf {
  row: Obj;
  pointer: string;
  prefix: string;
  phase: Phase;
}

function rowsOfView(original: Obj, view: View): RowOf[] {
  const rows: RowOf[] = [];
  const lists = (owner: Obj | undefined, path: string[], prefix: string, phase: Phase): void => {
    for (const list of ['next', 'onError', 'onTimeout']) {
      const base = origin(original, view, [...path, list]);
      asArray(owner?.[list]).forEach((row, index) => {
        const object = asObject(row);
        if (object)
          rows.push({
            row: object,
            pointer: pointer(...base, index),
            prefix: `${prefix}${list === 'onError' ? 'on error' : list === 'onTimeout' ? 'time out' : ''}`,
            phase,
          });
      });
    }
  };
  lists(view.screen, [], '', 'submit');
  asArray(view.screen.secondary).forEach((action, index) => {
    const object = asObject(action);
    lists(object, ['secondary', String(index)], `${String(object?.id ?? index)}: `, 'show');
  });
  lists(asObject(view.screen.watch), ['watch'], 'watch: ', 'show');
  return rows;
}

function edgeLabel(prefix: string, when: unknown, because: string | undefined): string {
  const parts = [
    prefix.replace(/: $/, ''),
    because ? `[${because}]` : '',
    when === undefined ? '' : conditionWords(when),
  ].filter(Boolean);
  return parts.join(' ').trim();
}

/** Builds the graph of every flow in the model for one context. `resolved` holds screens with includes resolved. */
export function buildGraph(model: ContentModel, resolved: Map<string, Obj>, context: FlowContext): FlowGraph {
  const nodes = new Map<string, GraphNode>();
  const edges: GraphEdge[] = [];
  const screens = new Map<string, ScreenFacts>();
  const conditions: ConditionAt[] = [];
  const entries = new Set(
    [...model.flows.values()].map((flow) => flow.data.entry).filter((id): id is string => typeof id === 'string'),
  );
  const usedTables = new Map<string, string[]>();

  for (const entry of model.screens.values()) {
    const original = resolved.get(entry.file) ?? entry.data;
    const views = viewsFor(original, context);
    const fields = new Set<string>();
    let deadEnd: string | undefined;
    const final = views[0].screen.final === true;
    for (const view of views) {
      const form = asObject(view.screen.form);
      for (const name of Object.keys(asObject(asObject(form?.schema)?.properties) ?? {})) fields.add(name);
      const rows = rowsOfView(original, view).filter(({ row }) => decide(row.when, context) !== 'no');
      if (view.screen.final !== true && rows.length === 0 && deadEnd === undefined) deadEnd = view.at;
      for (const { row, pointer: at, prefix, phase } of rows) {
        const label = edgeLabel(prefix, row.when, view.because);
        if (typeof row.to === 'string')
          edges.push({ from: entry.id, to: row.to, label, file: entry.file, pointer: at });
        if (typeof row.table === 'string') {
          edges.push({ from: entry.id, to: tableNode(row.table), label, file: entry.file, pointer: at });
          usedTables.set(row.table, [...(usedTables.get(row.table) ?? []), entry.id]);
          tableConditions(model, row.table, entry.id, phase, context, conditions, new Set());
        }
        if (row.when !== undefined)
          conditions.push({ screen: entry.id, file: entry.file, pointer: `${at}/when`, when: row.when, phase });
      }
      if (view.at !== '') {
        const variant = asObject(asArray(original.variants)[Number(view.at.split('/')[2])]);
        conditions.push({
          screen: entry.id,
          file: entry.file,
          pointer: `${view.at}/when`,
          when: variant?.when,
          phase: 'show',
        });
      }
    }
    const decided = views[0].screen;
    const binds = Object.values(asObject(asObject(decided.form)?.bind) ?? {}).filter(
      (path): path is string => typeof path === 'string',
    );
    screens.set(entry.id, { id: entry.id, file: entry.file, fields, binds });
    nodes.set(entry.id, {
      id: entry.id,
      kind: 'screen',
      flow: entry.flow,
      file: entry.file,
      label: entry.id,
      final,
      entry: entries.has(entry.id) || decided.entry === true,
      reachable: false,
      deadEnd,
    });
  }

  const addTable = (name: string, seen: Set<string>): void => {
    if (seen.has(name)) return;
    seen.add(name);
    const table = model.tables.get(name);
    if (!table) return;
    nodes.set(tableNode(name), {
      id: tableNode(name),
      kind: 'table',
      file: table.file,
      label: name,
      final: false,
      entry: false,
      reachable: false,
    });
    asArray(table.data.rows).forEach((row, index) => {
      const object = asObject(row);
      if (!object || decide(object.when, context) === 'no') return;
      const label = conditionWords(object.when);
      const at = pointer('rows', index);
      if (typeof object.to === 'string')
        edges.push({ from: tableNode(name), to: object.to, label, file: table.file, pointer: at });
      if (typeof object.table === 'string') {
        edges.push({ from: tableNode(name), to: tableNode(object.table), label, file: table.file, pointer: at });
        addTable(object.table, seen);
      }
    });
  };
  const seenTables = new Set<string>();
  for (const name of usedTables.keys()) addTable(name, seenTables);

  const roots = [...nodes.values()].filter((node) => node.entry).map((node) => node.id);
  const queue = [...roots];
  while (queue.length > 0) {
    const id = queue.pop() as string;
    const node = nodes.get(id);
    if (!node || node.reachable) continue;
    node.reachable = true;
    for (const edge of edges) if (edge.from === id) queue.push(edge.to);
  }
  return { context, nodes, edges: edges.filter((edge) => nodes.has(edge.to)), screens, conditions, roots };
}

/** The conditions of a table's rows (and nested tables), evaluated on the screen that names the table. */
function tableConditions(
  model: ContentModel,
  name: string,
  screen: string,
  phase: Phase,
  context: FlowContext,
  out: ConditionAt[],
  seen: Set<string>,
): void {
  if (seen.has(name)) return;
  seen.add(name);
  const table = model.tables.get(name);
  if (!table) return;
  asArray(table.data.rows).forEach((row, index) => {
    const object = asObject(row);
    if (!object || decide(object.when, context) === 'no') return;
    if (object.when !== undefined)
      out.push({ screen, file: table.file, pointer: pointer('rows', index, 'when'), when: object.when, phase });
    if (typeof object.table === 'string') tableConditions(model, object.table, screen, phase, context, out, seen);
  });
}

/** The screens a node leads to, following tables through to screens. */
export function screenSuccessors(graph: FlowGraph, id: string, seen = new Set<string>()): string[] {
  const out: string[] = [];
  for (const edge of graph.edges) {
    if (edge.from !== id) continue;
    if (graph.nodes.get(edge.to)?.kind === 'table') {
      if (seen.has(edge.to)) continue;
      seen.add(edge.to);
      out.push(...screenSuccessors(graph, edge.to, seen));
    } else out.push(edge.to);
  }
  return [...new Set(out)];
}
