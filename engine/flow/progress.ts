/**
 * Where am I (issue 22.10): the steps of a flow's progress indicator are the screens this applicant will really
 * see, not a number written in the content. From the flow's `progress.start` rows, each screen is resolved for the
 * context (its variants) and its `next` rows are followed with the current answers (the first row that holds), as
 * the runner would; every screen whose progress names the flow is a step. The walk stops at the first screen that
 * is not a step of the flow, at a screen it has already seen, or when no row holds. Pure.
 */
import { resolveScreen } from '../content/resolve.ts';
import type { EngineBundle, Screen, ScreenOutline, TransitionRow } from '../content/types.ts';
import { nextScreen } from './transitions.ts';

type Tables = Record<string, { rows: readonly TransitionRow[] }>;
type Content = Pick<EngineBundle, 'screens' | 'flows'> & { tables: Tables };

/** The ids of the screens the applicant will see as steps of `flow`, in order. */
export function progressWalk(flow: string, context: object, content: Content): string[] {
  const start = content.flows[flow]?.progress?.start;
  if (!start) return [];
  const steps: string[] = [];
  let rows: readonly TransitionRow[] | undefined = start as TransitionRow[];
  for (;;) {
    let target: string | undefined;
    try {
      target = nextScreen(rows, context, content.tables);
    } catch {
      return steps; // a routing table that cannot be read here ends the walk
    }
    const screen = target === undefined ? undefined : content.screens[target];
    if (!screen || screen.progress?.flow !== flow || steps.includes(screen.id)) return steps;
    steps.push(screen.id);
    rows = resolveScreen(screen as Screen, context).next;
  }
}

/**
 * The step the indicator shows for `screen` and the number of steps: from the walk when its flow declares a
 * `start` and the screen is on it; else the screen's own step and the flow's `steps`. Undefined: no indicator.
 */
export function progressOf(
  screen: Pick<ScreenOutline, 'id' | 'progress'>,
  context: object,
  content: Content,
): { step: number; steps: number } | undefined {
  if (!screen.progress) return undefined;
  const flow = content.flows[screen.progress.flow]?.progress;
  if (!flow) return undefined;
  if (flow.start) {
    const walk = progressWalk(screen.progress.flow, context, content);
    const index = walk.indexOf(screen.id);
    if (index >= 0) return { step: index + 1, steps: walk.length };
  }
  return flow.steps ? { step: screen.progress.step, steps: flow.steps } : undefined;
}

/**
 * The names of the steps beside the form at desktop width (issue 22): the message key of each screen on the walk, in
 * order (the flow's `progress.stepKeys`), when the flow declares a `start`, `screen` is on the walk and every step has
 * a name. Undefined: no list (the indicator shows its label and bar alone).
 */
export function progressStepKeys(
  screen: Pick<ScreenOutline, 'id' | 'progress'>,
  context: object,
  content: Content,
): string[] | undefined {
  if (!screen.progress) return undefined;
  const flow = content.flows[screen.progress.flow]?.progress;
  if (!flow?.start || !flow.stepKeys) return undefined;
  const names = flow.stepKeys;
  const walk = progressWalk(screen.progress.flow, context, content);
  if (!walk.includes(screen.id)) return undefined;
  const keys = walk.map((id) => names[id]);
  return keys.every((key): key is string => typeof key === 'string') ? keys : undefined;
}

/** What the indicator shows for `screen`: `progressOf`, with the steps' names (`progressStepKeys`) when it has them. */
export function progressShown(
  screen: Pick<ScreenOutline, 'id' | 'progress'>,
  context: object,
  content: Content,
): { step: number; steps: number; keys?: string[] } | undefined {
  const count = progressOf(screen, context, content);
  const keys = count ? progressStepKeys(screen, context, content) : undefined;
  return count && keys ? { ...count, keys } : count;
}
