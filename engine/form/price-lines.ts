/**
 * Turns content-described price data into fee lines (engine/form/fees.ts): `prices` is a list of price entries,
 * `selected` a list of `{<matchOn>: ..., quantity}`; each selected entry is matched to its price by `matchOn`.
 * The entry fields read are named in content (`centsField`, `trialField`, the optional `periodField`; `unshipped`
 * lists values of `unshipped.field` that are not shipped). Unknown keys are dropped and reported. Pure.
 */
import type { FeeLine } from './fees.ts';

/** How to read price entries (a fees-table widget's `ui:options`). */
export interface PriceShape {
  matchOn: string;
  centsField: string;
  trialField: string;
  /** Field of a price entry holding its billing period (a rental's MONTHLY); absent: paid once. */
  periodField?: string;
  unshipped?: { field: string; values: unknown[] };
}

/** A line with the key it was priced under. */
export interface KeyedFeeLine extends FeeLine {
  key: string;
  /** The entry's billing period (its `periodField`), when it has one. */
  period?: string;
}

/** Lines for `selected`, and the keys that have no price. */
export function priceLines(
  prices: unknown,
  selected: unknown,
  shape: PriceShape,
): { lines: KeyedFeeLine[]; unknown: string[] } {
  const list = Array.isArray(prices) ? (prices as Array<Record<string, unknown>>) : [];
  const chosen = Array.isArray(selected) ? (selected as Array<Record<string, unknown>>) : [];
  const lines: KeyedFeeLine[] = [];
  const unknown: string[] = [];
  for (const item of chosen) {
    const key = String(item?.[shape.matchOn] ?? '');
    const price = list.find((entry) => entry?.[shape.matchOn] === item?.[shape.matchOn]);
    if (!price) {
      unknown.push(key);
      continue;
    }
    lines.push({
      key,
      perUnitCents: Number(price[shape.centsField] ?? 0),
      quantity: Number(item.quantity ?? 0),
      trialPeriodDays: Number(price[shape.trialField] ?? 0),
      shipped: !(shape.unshipped && shape.unshipped.values.includes(price[shape.unshipped.field])),
      ...(shape.periodField && typeof price[shape.periodField] === 'string'
        ? { period: price[shape.periodField] as string }
        : {}),
    });
  }
  return { lines, unknown };
}
