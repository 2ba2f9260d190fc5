/**
 * A facts screen: a message screen (paragraphs, points, one primary action, secondary actions) with a list of
 * figures computed from the context, such as the detailed fees of an offer. `options.facts` rows are
 * `{labelKey, value, format}`: `value` is a JSON Logic expression over the context, `format` is `percent` (a number
 * of percent), `money` (an amount in the environment's currency), `number` or `cents` (an amount given as a whole
 * number of hundredths). Figures are formatted for the locale (Intl.NumberFormat). A row with `textKey` shows that
 * message with the formatted value as `$value` and its `args` (each `{value, format}`) by name, so one line can hold a
 * rate and a per-transaction fee ("2.9% + 30¢", "2,9 % + 30 ¢": the catalogue places the parts and the cent sign, and
 * MessageFormat formats a number it declares). Generic: it knows no fee, only labels, expressions and number formats.
 */
import { compute } from '../conditions/index.ts';
import { useI18n } from '../i18n/context.tsx';
import type { MessageArgs, Translate } from '../i18n/translator.ts';
import type { ScreenProps } from './registry.ts';
import { ScreenFrame } from './screen-frame.tsx';
import { optionsOf, type KindOptions } from './kind-options.ts';
import { MessageText } from './message-text.tsx';
import { ScreenActions } from './secondary-actions.tsx';
import './facts.css';

/** One row of the facts table (schemas/content/screen-kinds.schema.json#/$defs/facts). */
export type FactRow = NonNullable<KindOptions<'facts'>['facts']>[number];

/** A figure for the locale; `undefined` when the expression gave no number. */
export function formatFact(
  value: unknown,
  format: FactRow['format'],
  locale: string,
  currency: string | undefined,
): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  if (format === 'percent')
    return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(value / 100);
  if (format === 'money' && currency)
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(value);
  if (format === 'cents') return new Intl.NumberFormat(locale).format(Math.round(value * 100));
  return new Intl.NumberFormat(locale).format(value);
}

/**
 * A row's figure as shown: the formatted value, or with `textKey` that message with the value and the row's `args`.
 * An arg in `cents` reaches the message as a number (the message formats it, `{$cents :integer}`); the others as
 * formatted text. Undefined when any figure cannot be computed.
 */
export function factText(
  row: FactRow,
  context: object,
  locale: string,
  currency: string | undefined,
  t: Translate,
): string | undefined {
  const value = formatFact(compute(row.value, context), row.format, locale, currency);
  if (value === undefined || !row.textKey) return value;
  const args: MessageArgs = { value };
  for (const [name, arg] of Object.entries(row.args ?? {})) {
    if (!arg) continue;
    const figure = compute(arg.value, context);
    const given =
      arg.format === 'cents'
        ? typeof figure === 'number' && Number.isFinite(figure)
          ? Math.round(figure * 100)
          : undefined
        : formatFact(figure, arg.format, locale, currency);
    if (given === undefined) return undefined;
    args[name] = given;
  }
  return t(row.textKey, args);
}

export function FactsScreen({ screen, context, submit, busy, headingRef, secondary, runSecondary }: ScreenProps) {
  const { t, locale } = useI18n();
  const options = optionsOf(screen, 'facts');
  const currency = (context.environment as { currency?: string } | undefined)?.currency;
  const facts = (options.facts ?? [])
    .map((row) => ({ row, text: factText(row, context, locale, currency, t) }))
    .filter((fact): fact is { row: FactRow; text: string } => fact.text !== undefined);
  return (
    <ScreenFrame screen={screen} headingRef={headingRef} context={context}>
      <MessageText paragraphKeys={options.paragraphKeys} pointKeys={options.pointKeys} />
      {facts.length ? (
        <section className="facts" aria-labelledby={`${screen.id}-facts`}>
          <h2 className="facts__title" id={`${screen.id}-facts`}>
            {options.factsTitleKey ? t(options.factsTitleKey) : null}
          </h2>
          <dl className="facts__list">
            {facts.map(({ row, text }) => (
              <div className="facts__row" key={row.labelKey}>
                <dt>{t(row.labelKey)}</dt>
                <dd>{text}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      <ScreenActions screen={screen} submit={submit} busy={busy} secondary={secondary} runSecondary={runSecondary} />
    </ScreenFrame>
  );
}
