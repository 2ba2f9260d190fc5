/**
 * The price shown beside a choice of a radio group (doc1 §2.7 order: the applicant compares what each choice costs
 * before choosing). Content names where the prices are and how to read them (`ui:options.prices`, see
 * schemas/content/widget-options.schema.json#/$defs/radio); this returns, for one choice, the message key and the
 * price to give it, or nothing when the data has no price for that choice. Pure: the widget formats and translates.
 */
import type { WidgetSettings } from './widget-options.ts';

/** How a radio group reads its prices. */
export type OptionPriceSettings = NonNullable<WidgetSettings<'radio'>['prices']>;

/** What to show beside one choice: a message key and the price (in cents) it is given as `$price`. */
export interface OptionPrice {
  key: string;
  cents: number;
}

/** The price note of the choice `value`, from the price entries and currency already computed from the data. */
export function optionPrice(
  value: unknown,
  entries: unknown,
  settings: Omit<OptionPriceSettings, 'entries' | 'currency'>,
): OptionPrice | undefined {
  if (!Array.isArray(entries)) return undefined;
  const names = settings.choices?.[String(value)] ?? [String(value)];
  const matching = (entries as Array<Record<string, unknown>>).filter(
    (entry) => entry && names.includes(String(entry[settings.matchOn])),
  );
  const priced = matching
    .map((entry) => ({ cents: Number(entry[settings.centsField]), period: entry[settings.periodField] }))
    .filter((entry) => Number.isFinite(entry.cents));
  if (priced.length === 0) return undefined;
  const lowest = priced.reduce((low, entry) => (entry.cents < low.cents ? entry : low));
  if (lowest.cents === 0 && settings.freeKey) return { key: settings.freeKey, cents: 0 };
  const several = new Set(priced.map((entry) => `${entry.cents}/${String(entry.period ?? '')}`)).size > 1;
  if (lowest.period === undefined || lowest.period === null || lowest.period === '')
    return { key: several ? settings.onceFromKey : settings.onceKey, cents: lowest.cents };
  const period = settings.periods.find((row) => row.value === lowest.period);
  if (!period) return undefined;
  return { key: several ? period.fromKey : period.labelKey, cents: lowest.cents };
}
