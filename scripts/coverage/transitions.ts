/**
 * The flow graph for coverage, from the content bundle and rules/config.json. Pure.
 *
 * What counts as one transition (an edge), and when it is covered (the reading tests/README.md documents):
 * - A **routing table is a node**. A screen row `{ "table": "x" }` is one edge `screen → table:x`; each distinct
 *   target of the table's rows is one edge `table:x → target` (a row `{ "table": "y" }` inside it: `table:x →
 *   table:y`). A table edge is covered when any screen routes through it, so a table shared by ten screens is
 *   not counted ten times.
 * - An edge **declared outside any variant** (the screen's own rows, every table row) is one edge whatever the
 *   context; it is covered once a journey takes it in any market, portal and locale where it exists.
 * - An edge **contributed by a variant** (`<screen>#/variants/<i>/merge/...`) is an edge of its own; it is
 *   covered only when taken in a context where that variant applies.
 * Which contexts an edge exists in: every market × locale × portal of the configuration (contexts.ts); a row,
 * secondary action or variant whose condition reads only what the context decides (flags, and the market,
 * currency, locale, portal and configuration under `environment`; not a flag a co-brand launch may set in the
 * context's portal) is evaluated for the context (one that cannot
 * hold there is left out); any other condition depends on the applicant's data or the launch (a redirect URL, a
 * standalone launch) and stays possible. A variant that certainly holds in a context and merges a row list (`next`, `onError`, `secondary`,
 * `watch.next`) replaces the screen's own list there, as JSON Merge Patch does when the engine resolves it. Only
 * screens reachable in the context (from a flow's entry or a screen declared `entry`) contribute, and a move
 * back to the same screen is left out: it changes no address, so no journey can be seen taking it.
 *
 * What a journey records is a screen-to-screen move; a **route** is one way a move can happen in a context
 * (screen, the tables its row goes through, target) with the edges it takes. A recorded move covers every edge
 * of every route with the same context, screen and target.
 */
import { decide, type FlowContext } from '../flow-graph/contexts.ts';
import type { ContentBundle, TransitionRow } from '../../engine/content/types.ts';
import { contextKey, contextsOf, type CoverageConfig, type CoverageContext } from './contexts.ts';
import { screenForPath } from './screens.ts';

/** One edge of the graph. `from`/`to` are screen ids or `table:<id>`. */
export interface Edge {
  /** `from -> to`, with `[<screen>#/variants/<i>]` after `from` when a variant contributes it. */
  id: string;
  from: string;
  to: string;
  /** The variant that contributes the edge (`<screen>#/variants/<i>`); absent for edges declared outside variants. */
  variant?: string;
  /** The contexts (`US/domain/en-US`) the edge exists in. */
  contexts: string[];
  /** The rows that make it: `<screen>#/next/0`, `table after-onboard/3`. */
  sources: string[];
}

/** One way a screen-to-screen move happens in a context, and the edges it takes. */
export interface Route {
  context: string;
  from: string;
  to: string;
  edges: string[];
}

/** The graph: its edges, the routes that take them, and every context of the configuration. */
export interface FlowGraph {
  edges: Edge[];
  routes: Route[];
  contexts: CoverageContext[];
}

type Obj = Record<string, unknown>;

/** Whether a condition can hold in a context (the shared model's decision is not 'no'). */
export function canHold(condition: unknown, context: FlowContext): boolean {
  return decide(condition, context) !== 'no';
}

/** Whether a condition certainly holds in a context (the shared model's decision is 'yes'). */
export function mustHold(condition: unknown, context: FlowContext): boolean {
  return decide(condition, context) === 'yes';
}

/** A path through rows to a screen: the nodes passed (`table:x`, ...) and the row sources of each step. */
interface Chain {
  to: string;
  steps: Array<{ from: string; to: string; source: string }>;
}

/** Every chain from a row list to a screen, through tables (a table already on the way is not entered again). */
function chains(
  rows: readonly TransitionRow[] | undefined,
  start: string,
  at: string,
  bundle: ContentBundle,
  facts: FlowContext,
  seen: string[],
): Chain[] {
  const found: Chain[] = [];
  (rows ?? []).forEach((row, index) => {
    if (!canHold(row.when, facts)) return;
    const source = `${at}/${index}`;
    if (row.to) found.push({ to: row.to, steps: [{ from: start, to: row.to, source }] });
    else if (row.table && !seen.includes(row.table)) {
      const table = bundle.tables[row.table];
      if (!table) return;
      const node = `table:${row.table}`;
      for (const inner of chains(table.rows, node, `table ${row.table}`, bundle, facts, [...seen, row.table])) {
        found.push({ to: inner.to, steps: [{ from: start, to: node, source }, ...inner.steps] });
      }
    }
  });
  return found;
}

/** The row lists of an owner (a screen or a variant's merge), keyed by the property a merge would replace. */
function rowListsOf(
  owner: Obj | undefined,
  base: string,
  facts: FlowContext,
): Array<{ key: string; rows: TransitionRow[]; at: string }> {
  if (!owner) return [];
  const lists: Array<{ key: string; rows: TransitionRow[]; at: string }> = [];
  for (const name of ['next', 'onError'])
    if (Array.isArray(owner[name]))
      lists.push({ key: name, rows: owner[name] as TransitionRow[], at: `${base}/${name}` });
  const secondary = Array.isArray(owner.secondary) ? (owner.secondary as Obj[]) : [];
  secondary.forEach((action, index) => {
    for (const name of ['next', 'onError'])
      if (Array.isArray(action[name]) && canHold(action.when, facts))
        lists.push({
          key: 'secondary',
          rows: action[name] as TransitionRow[],
          at: `${base}/secondary/${index}/${name}`,
        });
  });
  const watch = owner.watch as Obj | undefined;
  if (watch && typeof watch === 'object')
    for (const name of ['next', 'onError', 'onTimeout'])
      if (Array.isArray(watch[name]))
        lists.push({ key: `watch.${name}`, rows: watch[name] as TransitionRow[], at: `${base}/watch/${name}` });
  return lists;
}

/** The keys (as rowListsOf names them) a variant's merge replaces. */
function replacedKeys(merge: Obj | undefined): string[] {
  if (!merge) return [];
  const keys = ['next', 'onError', 'secondary'].filter((key) => key in merge);
  const watch = merge.watch;
  if (watch === null) keys.push('watch.next', 'watch.onError', 'watch.onTimeout');
  else if (watch && typeof watch === 'object')
    for (const name of ['next', 'onError', 'onTimeout']) if (name in (watch as Obj)) keys.push(`watch.${name}`);
  return keys;
}

/**
 * The boot routing of doc1 §2.8 (engine/screens/after-environment-routing.tsx, mounted by engine/app/app.tsx): on the
 * application root (`/`, with or without the co-brand prefix) the engine reads the user's accounts and follows the
 * routing table `after-environment` when one of its rows holds. No screen row names it, so it is one more row list
 * of the screen at `/`: `landing -> table:after-environment`, then each of the table's targets.
 */
export const BOOT_ROUTING = { path: '/', table: 'after-environment' } as const;

function bootRowsOf(
  screen: Obj,
  id: string,
  bundle: ContentBundle,
): Array<{ key: string; rows: TransitionRow[]; at: string }> {
  if (screen.path !== BOOT_ROUTING.path || !bundle.tables[BOOT_ROUTING.table]) return [];
  return [{ key: 'boot', rows: [{ table: BOOT_ROUTING.table } as TransitionRow], at: `${id}#/boot` }];
}

/**
 * A link a screen's kind renders to another screen of the app (`options.href`, an address in this app: a text
 * starting with `/`, or a `cat` whose first part is one, e.g. an item list's "Accept" link to
 * /cashadvanceoffers/redirect?offerId=...): following it is a move the app offers, like a row to that screen.
 * Addresses outside the app (a provider, the sign-on pages) map to no screen and add nothing.
 */
function linkRowsOf(
  screen: Obj,
  id: string,
  bundle: ContentBundle,
): Array<{ key: string; rows: TransitionRow[]; at: string }> {
  const href = (screen.options as Obj | undefined)?.href;
  const first =
    typeof href === 'string'
      ? href
      : Array.isArray((href as Obj | undefined)?.cat)
        ? ((href as Obj).cat as unknown[])[0]
        : undefined;
  if (typeof first !== 'string' || !first.startsWith('/')) return [];
  const target = screenForPath(bundle, first.split(/[?#]/)[0]);
  return target ? [{ key: 'link', rows: [{ to: target } as TransitionRow], at: `${id}#/options/href` }] : [];
}

/** The path parameters of a screen's path (`/:applicationId/x` → applicationId). */
function paramsOf(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z]\w*)/g)].map((match) => match[1]!);
}

/** The roots the journeys start from: every flow's entry and every screen declared `entry`. */
function rootsOf(bundle: ContentBundle): string[] {
  return [
    ...Object.values(bundle.flows).map((flow) => flow.entry),
    ...Object.entries(bundle.screens)
      .filter(([, screen]) => (screen as { entry?: boolean }).entry === true)
      .map(([id]) => id),
  ].filter((id): id is string => typeof id === 'string');
}

/** The graph of the bundle in every context of the configuration. */
export function flowGraph(bundle: ContentBundle, config: CoverageConfig): FlowGraph {
  const contexts = contextsOf(config);
  const edges = new Map<string, Edge>();
  const routes: Route[] = [];
  const roots = rootsOf(bundle);
  for (const context of contexts) {
    const facts = context;
    const key = contextKey(context);
    // Every route of every screen in this context, before reachability is known.
    const candidates: Array<
      Route & { steps: Array<{ id: string; from: string; to: string; variant?: string; source: string }> }
    > = [];
    for (const [id, screen] of Object.entries(bundle.screens)) {
      const variants = (screen.variants ?? []).map((variant, index) => ({ variant, at: `${id}#/variants/${index}` }));
      const replaced = new Set(
        variants
          .filter(({ variant }) => mustHold(variant.when, facts))
          .flatMap(({ variant }) => replacedKeys(variant.merge as Obj)),
      );
      const owners: Array<{ owner: Obj; base: string; variant?: string; replaced: Set<string> }> = [
        { owner: screen, base: `${id}#`, replaced },
      ];
      variants.forEach(({ variant, at }, index) => {
        if (!canHold(variant.when, facts)) return;
        // A later variant that certainly holds replaces what an earlier one merged.
        const later = new Set(
          variants
            .slice(index + 1)
            .filter(({ variant: v }) => mustHold(v.when, facts))
            .flatMap(({ variant: v }) => replacedKeys(v.merge as Obj)),
        );
        owners.push({ owner: variant.merge as Obj, base: `${at}/merge`, variant: at, replaced: later });
      });
      for (const { owner, base, variant, replaced: gone } of owners) {
        const lists = [
          ...rowListsOf(owner, base, facts),
          ...(variant ? [] : [...bootRowsOf(screen, id, bundle), ...linkRowsOf(screen, id, bundle)]),
        ];
        for (const list of lists) {
          if (gone.has(list.key)) continue;
          for (const chain of chains(list.rows, id, list.at, bundle, facts, [])) {
            if (chain.to === id) continue;
            const steps = chain.steps.map((step, i) => {
              // Only the first step leaves the screen: the variant owns it; table edges belong to the table.
              const own = i === 0 ? variant : undefined;
              return {
                id: `${step.from}${own ? ` [${own}]` : ''} -> ${step.to}`,
                from: step.from,
                to: step.to,
                variant: own,
                source: step.source,
              };
            });
            candidates.push({ context: key, from: id, to: chain.to, edges: steps.map((s) => s.id), steps });
          }
        }
      }
    }
    // The shell's header links (rules/shell.json headerLinks, engine/shell/header.tsx): shown on every screen whose
    // address gives the target's path parameters. A link is one edge `header:<id> -> target`, like a routing table
    // shared by every screen, so it is covered once whichever screen it was followed from.
    const links =
      (bundle.shell as { headerLinks?: Array<{ id: string; to: string; when?: unknown }> } | undefined)?.headerLinks ??
      [];
    links.forEach((link, index) => {
      const target = bundle.screens[link.to];
      if (!target || !canHold(link.when, facts)) return;
      const needs = paramsOf(target.path);
      const step = {
        id: `header:${link.id} -> ${link.to}`,
        from: `header:${link.id}`,
        to: link.to,
        source: `shell headerLinks/${index}`,
      };
      for (const [id, screen] of Object.entries(bundle.screens)) {
        if (id === link.to || !needs.every((name) => paramsOf(screen.path).includes(name))) continue;
        candidates.push({ context: key, from: id, to: link.to, edges: [step.id], steps: [step] });
      }
    });
    // Keep the routes of screens reachable in this context.
    const reached = new Set(roots);
    if (roots.length === 0) for (const c of candidates) reached.add(c.from);
    let grew = true;
    while (grew) {
      grew = false;
      for (const c of candidates) {
        if (reached.has(c.from) && !reached.has(c.to)) {
          reached.add(c.to);
          grew = true;
        }
      }
    }
    for (const candidate of candidates) {
      if (!reached.has(candidate.from)) continue;
      routes.push({ context: candidate.context, from: candidate.from, to: candidate.to, edges: candidate.edges });
      for (const step of candidate.steps) {
        let edge = edges.get(step.id);
        if (!edge)
          edges.set(
            step.id,
            (edge = {
              id: step.id,
              from: step.from,
              to: step.to,
              ...(step.variant ? { variant: step.variant } : {}),
              contexts: [],
              sources: [],
            }),
          );
        if (!edge.contexts.includes(key)) edge.contexts.push(key);
        if (!edge.sources.includes(step.source)) edge.sources.push(step.source);
      }
    }
  }
  return { edges: [...edges.values()].sort((a, b) => a.id.localeCompare(b.id)), routes, contexts };
}
