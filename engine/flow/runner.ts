/**
 * The flow runner, without React: what a screen does with its reads, its actions, its watch and a failed call.
 * engine/app/screen-host.tsx binds these to hooks (swr, the router, state); everything that decides lives here and
 * is tested with plain objects (tests/unit/engine/runner.test.ts).
 *
 * - `mergeDocument`: the one place an answer of the API's document enters a context (its parts, then the derived
 *   values of rules/shell.json).
 * - `performActions`: runs a screen's declared calls in order over a context and returns the context after them.
 * - `nextTarget`: the screen and address the first holding transition row leads to.
 * - `watchStep`: one read of a screen's watch and what follows it (go on, read again, stop).
 * - `failureOutcome`: where a failed call sends the applicant (sign in, a screen, or a notice).
 */
import { evaluate, type Condition } from '../conditions/index.ts';
import { CallError, runCall, type CallEnvironment } from '../calls/run.ts';
import type { ApiFailure } from '../calls/errors.ts';
import type { CallCatalogue, EngineBundle, TransitionRow, Watch } from '../content/types.ts';
import { deriveContext, firstTarget, withQuery, type ShellRules, type Tables } from '../app/shell-rules.ts';
import { decidingRow, queryFor } from './transitions.ts';
import { pathFor } from './paths.ts';
import { progressWalk } from './progress.ts';

type Context = Record<string, unknown>;

/** What the runner reads of the content: the calls, the shell's rules and the routing tables. */
export interface RunnerContent {
  calls: CallCatalogue;
  shell: Pick<ShellRules, 'derived' | 'documentParts' | 'loadFailures'>;
  tables: Tables;
}

/** The document read named by a screen's loads: the answer of the first of its reads whose result is the document. */
export function loadedDocument(
  loads: readonly string[],
  calls: CallCatalogue,
  answers: Record<string, unknown> | undefined,
): Context {
  for (const name of loads) {
    const answer = answers?.[name];
    if (calls[name]?.result === 'document' && answer && typeof answer === 'object') return answer as Context;
  }
  return {};
}

/**
 * The context with the document's parts placed (rules/shell.json `documentParts`: each part's name and its value
 * when neither the document nor the context has one), then every derived value. A part the document leaves out
 * keeps the context's value. A new object: neither the context nor the document is changed.
 */
export function mergeDocument(
  content: Pick<RunnerContent, 'shell' | 'tables'>,
  context: Context,
  document: Context,
): Context {
  const parts: Context = {};
  for (const [part, empty] of Object.entries(content.shell.documentParts ?? {})) {
    parts[part] = document[part] ?? context[part] ?? empty;
  }
  return deriveContext(content.shell, { ...context, ...parts }, content.tables);
}

/** A document answer: an object answer of a call whose declared result is the document. */
function documentAnswer(calls: CallCatalogue, call: string, response: unknown): Context | undefined {
  return calls[call]?.result === 'document' && response && typeof response === 'object'
    ? (response as Context)
    : undefined;
}

export interface RunDeps {
  content: RunnerContent;
  environment: CallEnvironment;
  /** Told of each document answer with the context it made (the host refreshes its cached reads). */
  onDocument?: (document: Context, context: Context) => Promise<void> | void;
}

/**
 * Runs the actions whose `when` holds, in order, each over the context the ones before it left: `response` is the
 * last answer, and a document answer is merged in. Resolves to the last context and the analytics events of the
 * actions that succeeded (an action's `analytics`), in order; when a call fails, to the context it failed in and its
 * CallError (any other error rejects).
 */
export async function performActions(
  actions: ReadonlyArray<{ call: string; when?: unknown; analytics?: string | readonly string[] }> | undefined,
  context: Context,
  deps: RunDeps,
): Promise<{ context: Context; failed?: CallError; events: string[] }> {
  let ctx = context;
  const events: string[] = [];
  for (const action of actions ?? []) {
    if (action.when !== undefined && !evaluate(action.when as Condition, ctx)) continue;
    const def = deps.content.calls[action.call];
    if (!def) throw new Error(`unknown call ${action.call}`);
    let response: unknown;
    try {
      response = await runCall(action.call, def, ctx, deps.environment);
    } catch (error) {
      if (error instanceof CallError) return { context: ctx, failed: error, events };
      throw error;
    }
    ctx = { ...ctx, response };
    if (action.analytics !== undefined)
      events.push(...(typeof action.analytics === 'string' ? [action.analytics] : action.analytics));
    const document = documentAnswer(deps.content.calls, action.call, response);
    if (document) {
      ctx = mergeDocument(deps.content, ctx, document);
      await deps.onDocument?.(document, ctx);
    }
  }
  return { context: ctx, events };
}

/** Where a transition leads: a screen and its address, or nowhere (the applicant stays, with an optional notice). */
export type Target =
  | { screen: string; href: string; stay?: undefined }
  | { stay: true; noticeKey?: string; screen?: undefined; href?: undefined };

/**
 * Where the first holding row leads, followed through routing tables: its screen and the screen's address with the
 * query of every row on the way (a table row's own, then the rows that named its table, the outer row's value
 * winning), or a stay (doc1 §4.3 row 5); undefined when no row holds.
 */
export function nextTarget(
  rows: readonly TransitionRow[] | undefined,
  context: Context,
  bundle: Pick<EngineBundle, 'screens' | 'flows'> & { tables: Tables },
): Target | undefined {
  const found = decidingRow(rows, context, bundle.tables);
  if (!found) return undefined;
  const { row, via } = found;
  if (!row.to) return { stay: true, ...(row.noticeKey ? { noticeKey: row.noticeKey } : {}) };
  const query = [row, ...[...via].reverse()].reduce<NonNullable<TransitionRow['query']>>(
    (all, each) => ({ ...all, ...each.query }),
    {},
  );
  return { screen: row.to, href: `${pathFor(row.to, context, bundle as EngineBundle)}${queryFor({ query }, context)}` };
}

/**
 * Where a change made from a review goes once saved (issue 22.8, `?returnTo=<review>`): back to the review, when it
 * is a step of a progress flow the applicant's answers still lead to; first to a step the change has added to the
 * walk (a business now registered gives its number), carrying `returnTo` on. Undefined: follow `next` as usual.
 */
export function returnTarget(
  returnTo: unknown,
  before: Context,
  after: Context,
  bundle: Pick<EngineBundle, 'screens' | 'flows'> & { tables: Tables },
): string | undefined {
  if (typeof returnTo !== 'string') return undefined;
  const flow = bundle.screens[returnTo]?.progress?.flow;
  if (!flow) return undefined;
  const walk = progressWalk(flow, after, bundle);
  if (!walk.includes(returnTo)) return undefined;
  const earlier = progressWalk(flow, before, bundle);
  const added = walk.find((id) => !earlier.includes(id));
  try {
    return added
      ? `${pathFor(added, after, bundle as EngineBundle)}?returnTo=${encodeURIComponent(returnTo)}`
      : pathFor(returnTo, after, bundle as EngineBundle);
  } catch {
    return undefined;
  }
}

/** What follows one read of a watch: go on by `rows` (if one holds), read again after `everyMs`, or stop. */
export type WatchVerdict =
  { next: 'go'; rows: TransitionRow[] | undefined; context: Context } | { next: 'again' } | { next: 'stop' };

/**
 * One read of a screen's watch (doc1 §4.5 polling): `tries` counts this read. The rows after it read the answer
 * (a document answer merged in), not the document the screen loaded. `active` is asked after each wait; once it
 * says no, the step stops without telling anyone. A failed read rejects with its CallError.
 */
export async function watchStep(
  watch: Watch,
  context: Context,
  tries: number,
  deps: RunDeps,
  active: () => boolean = () => true,
): Promise<WatchVerdict> {
  const def = deps.content.calls[watch.call];
  if (!def) throw new Error(`unknown call ${watch.call}`);
  const response = await runCall(watch.call, def, context, deps.environment);
  if (!active()) return { next: 'stop' };
  const document = documentAnswer(deps.content.calls, watch.call, response);
  const next = document ? mergeDocument(deps.content, { ...context, response }, document) : { ...context, response };
  if (document) await deps.onDocument?.(document, next);
  if (!active()) return { next: 'stop' };
  if (evaluate(watch.until, next)) return { next: 'go', rows: watch.next, context: next };
  if (watch.maxTries !== undefined && tries >= watch.maxTries) {
    return watch.onTimeout ? { next: 'go', rows: watch.onTimeout, context: next } : { next: 'stop' };
  }
  return { next: 'again' };
}

/** Where a failed call sends the applicant. `context` is the context with `error` set, for analytics and notices. */
export type FailureOutcome =
  | { kind: 'signIn' }
  | { kind: 'navigate'; href: string; context: Context }
  | { kind: 'notice'; messages: string[]; context: Context };

/**
 * A 401 asks for sign-in; otherwise the first holding row of `rows` (the screen's or action's onError); for a
 * failed read, the shell's load-failure targets; else a notice with the API's messages (none: the caller's generic
 * text).
 */
export function failureOutcome(
  failure: ApiFailure,
  context: Context,
  rows: readonly TransitionRow[] | undefined,
  bundle: Pick<EngineBundle, 'screens' | 'flows'> & Pick<RunnerContent, 'shell' | 'tables'>,
  isLoad = false,
): FailureOutcome {
  if (failure.status === 401) return { kind: 'signIn' };
  const errorContext = { ...context, error: failure };
  const target = nextTarget(rows, errorContext, bundle);
  // A failure's row that stays keeps the applicant here with the API's message (the notice below).
  if (target?.href !== undefined) return { kind: 'navigate', href: target.href, context: errorContext };
  const fallback = isLoad && !target ? firstTarget(bundle.shell.loadFailures, errorContext) : undefined;
  if (fallback)
    return {
      kind: 'navigate',
      href: withQuery(pathFor(fallback.to, errorContext, bundle as EngineBundle), fallback.query),
      context: errorContext,
    };
  return { kind: 'notice', messages: failure.messages, context: errorContext };
}
