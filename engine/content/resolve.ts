/**
 * Resolves a screen for a context: every variant whose condition holds is merged in, in order.
 * Pure: the same function runs in the browser, in the precompiler (over variant subsets) and in tests.
 */
import { evaluate } from '../conditions/index.ts';
import { mergePatch } from './merge-patch.ts';
import type { Screen, ScreenVariant } from './types.ts';

export function applyVariants(screen: Screen, variants: readonly ScreenVariant[]): Screen {
  return variants.reduce<Screen>((resolved, variant) => mergePatch(resolved, variant.merge), screen);
}

export function resolveScreen(screen: Screen, context: object): Screen {
  const holding = (screen.variants ?? []).filter((variant) => evaluate(variant.when, context));
  return applyVariants(screen, holding);
}

/**
 * Every distinct form schema a screen can have: one per subset of the variants that touch the form schema
 * (applied in declaration order). The precompiler compiles exactly these.
 */
export function possibleFormSchemas(screen: Screen): object[] {
  const touching = (screen.variants ?? []).filter((variant) => {
    const form = (variant.merge as { form?: { schema?: unknown } | null }).form;
    return form !== undefined && form !== null && form.schema !== undefined;
  });
  if (touching.length > 10) throw new Error(`screen ${screen.id}: more than 10 variants change the form schema`);
  const schemas: object[] = [];
  for (let mask = 0; mask < 1 << touching.length; mask += 1) {
    const chosen = touching.filter((_, index) => mask & (1 << index));
    const resolved = applyVariants(screen, chosen);
    if (resolved.form) schemas.push(resolved.form.schema);
  }
  return schemas;
}
