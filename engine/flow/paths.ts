/**
 * Paths: every screen path may carry the co-brand prefix `/r/:referralUrlId` (doc1 §2.1); path parameters are
 * computed from the context by the flow's `params` expressions, else taken from the current route. Pure.
 */
import { compute } from '../conditions/index.ts';
import type { EngineBundle } from '../content/types.ts';

export const COBRAND_PREFIX = '/r/:referralUrlId';

export function routePatterns(path: string): string[] {
  return [path, `${COBRAND_PREFIX}${path === '/' ? '' : path}`];
}

/** The URL of a screen in a context; throws when a parameter has no value. */
export function pathFor(screenId: string, context: Record<string, unknown>, bundle: EngineBundle): string {
  const screen = bundle.screens[screenId];
  if (!screen) throw new Error(`unknown screen ${screenId}`);
  const flow = screen.flow ? bundle.flows[screen.flow] : undefined;
  const route = (context.route ?? {}) as Record<string, unknown>;
  const path = screen.path.replace(/:([A-Za-z]\w*)/g, (_m, name: string) => {
    const expression = flow?.params?.[name];
    const value = (expression !== undefined ? compute(expression, context) : undefined) ?? route[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`screen ${screenId}: no value for :${name}`);
    return encodeURIComponent(String(value)).replace(/%3A/gi, ':');
  });
  const referral = (context.environment as Record<string, unknown> | undefined)?.referralUrlId;
  return typeof referral === 'string' && referral
    ? `/r/${encodeURIComponent(referral)}${path === '/' ? '' : path}`
    : path;
}
