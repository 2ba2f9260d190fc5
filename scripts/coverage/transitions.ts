/**
 * The flow graph as a list of transitions: for every context (market, portal, locale) every screen-to-screen
 * move that a row can make — `next`, `onError`, secondary actions and watches, in the screen and in each of its
 * variants, with routing tables expanded. A row or variant whose condition reads only `environment` and
 * `flags` is evaluated for the context (a move the configuration rules out is not listed); any other condition
 * depends on the applicant's data and is kept as possible. Only screens reachable in the context (from a flow's
 * entry or a screen declared `entry`) contribute. Pure.
 */
import { evaluate, variablesOf, type Condition } from '../../engine/conditions/index.ts';
import type { ContentBundle, TransitionRow } from '../../engine/content/types.ts';
import { contextKey, contextsOf, type CoverageConfig, type CoverageContext } from './contexts.ts';

/** One possible move in one context. */
export interface Transition {
  context: string;
  from: string;
  to: string;
  /** Where the rows that make this move are: `<screen>#/variants/0/merge/next/0 > table after-onboard/1`. */
  sources: string[];
}

type Obj = Record<string, unknown>;

/** Whether a condition can hold in a context: evaluated when it reads only the environment and flags. */
export function canHold(condition: unknown, facts: Obj): boolean {
  if (condition === undefined) return true;
  // `and`/`or` are split so the environment part of a mixed condition still rules a row out.
  if (condition && typeof condition === 'object' && !Array.isArray(condition)) {
    const [op, args] = Object.entries(condition as Obj)[0] ?? [];
    if (op === 'and' && Array.isArray(args)) return args.every((part) => canHold(part, facts));
    if (op === 'or' && Array.isArray(args)) return args.some((part) => canHold(part, facts));
  }
  const vars = variablesOf(condition);
  if (!vars.every((name) => /^(environment|flags)(\.|$)/.test(name))) return true;
  return evaluate(condition as Condition, facts);
}

/** The environment and flags a context stands for, as conditions read them. */
export function factsOf(context: CoverageContext, config: CoverageConfig): Obj {
  const market = config.markets[context.market];
  return {
    environment: { ...config, market: context.market, currency: market?.currency, locale: context.locale, portal: context.portal },
    flags: config.flags ?? {},
  };
}

function targets(rows: readonly TransitionRow[] | undefined, base: string, bundle: ContentBundle, facts: Obj, seen: string[]): Array<{ to: string; source: string }> {
  const found: Array<{ to: string; source: string }> = [];
  (rows ?? []).forEach((row, index) => {
    if (!canHold(row.when, facts)) return;
    const source = `${base}/${index}`;
    if (row.to) found.push({ to: row.to, source });
    else if (row.table && !seen.includes(row.table)) {
      const table = bundle.tables[row.table];
      if (table) found.push(...targets(table.rows, `${source} > table ${row.table}`, bundle, facts, [...seen, row.table]));
    }
  });
  return found;
}

function rowListsOf(owner: Obj | undefined, base: string, facts: Obj): Array<{ rows: TransitionRow[]; at: string }> {
  if (!owner) return [];
  const lists: Array<{ rows: TransitionRow[]; at: string }> = [];
  for (const name of ['next', 'onError']) if (Array.isArray(owner[name])) lists.push({ rows: owner[name] as TransitionRow[], at: `${base}/${name}` });
  const secondary = Array.isArray(owner.secondary) ? (owner.secondary as Obj[]) : [];
  secondary.forEach((action, index) => {
    for (const name of ['next', 'onError'])
      if (Array.isArray(action[name]) && canHold(action.when, facts)) lists.push({ rows: action[name] as TransitionRow[], at: `${base}/secondary/${index}/${name}` });
  });
  const watch = owner.watch as Obj | undefined;
  if (watch) for (const name of ['next', 'onError']) if (Array.isArray(watch[name])) lists.push({ rows: watch[name] as TransitionRow[], at: `${base}/watch/${name}` });
  return lists;
}

/** Keeps the transitions whose screen can be reached, in their context, from a flow entry or an `entry` screen. */
function reachableOnly(transitions: Transition[], bundle: ContentBundle): Transition[] {
  const roots = [
    ...Object.values(bundle.flows).map((flow) => flow.entry),
    ...Object.entries(bundle.screens).filter(([, screen]) => (screen as { entry?: boolean }).entry === true).map(([id]) => id),
  ].filter((id): id is string => typeof id === 'string');
  if (roots.length === 0) return transitions;
  const kept: Transition[] = [];
  for (const context of new Set(transitions.map((t) => t.context))) {
    const mine = transitions.filter((t) => t.context === context);
    const reached = new Set(roots);
    let grew = true;
    while (grew) {
      grew = false;
      for (const t of mine) if (reached.has(t.from) && !reached.has(t.to)) (reached.add(t.to), (grew = true));
    }
    kept.push(...mine.filter((t) => reached.has(t.from)));
  }
  return kept;
}

/** Every transition of the bundle in every context of the configuration, sorted. */
export function enumerateTransitions(bundle: ContentBundle, config: CoverageConfig): Transition[] {
  const byKey = new Map<string, Transition>();
  for (const context of contextsOf(config)) {
    const facts = factsOf(context, config);
    const key = contextKey(context);
    for (const [id, screen] of Object.entries(bundle.screens)) {
      const owners: Array<{ owner: Obj; base: string }> = [{ owner: screen as unknown as Obj, base: `${id}#` }];
      (screen.variants ?? []).forEach((variant, index) => {
        if (canHold(variant.when, facts)) owners.push({ owner: variant.merge as Obj, base: `${id}#/variants/${index}/merge` });
      });
      for (const { owner, base } of owners) {
        for (const list of rowListsOf(owner, base, facts)) {
          for (const { to, source } of targets(list.rows, list.at, bundle, facts, [])) {
            // A row back to the same screen changes no address, so no journey can be seen taking it.
            if (to === id) continue;
            const mapKey = `${key}\u0000${id}\u0000${to}`;
            const existing = byKey.get(mapKey);
            if (existing) existing.sources.push(source);
            else byKey.set(mapKey, { context: key, from: id, to, sources: [source] });
          }
        }
      }
    }
  }
  return reachableOnly([...byKey.values()], bundle).sort((a, b) => `${a.context} ${a.from} ${a.to}`.localeCompare(`${b.context} ${b.from} ${b.to}`));
}
