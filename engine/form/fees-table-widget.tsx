/**
 * A fees table: the order summary of doc1 §3 Order ("fees shown: first month's subscription or rental, offer
 * applied, subtotal, shipping, total"), computed in cents by engine/form/fees.ts from a screen's loaded data. It holds
 * no answer. `ui:options` (content): `prices`, `selected`, `shippingCents`, `currency` are JSON Logic expressions over
 * the loaded data (`formContext.data`), and so is the optional `shippingFree` (truthy: the order ships free, and the
 * `rowKeys.freeShipping` row takes the shipping off again); `matchOn`, `centsField`, `trialField`, `unshipped` say how to read a price
 * entry (engine/form/price-lines.ts); `lineLabels` is the message prefix of a line's name (`<lineLabels>.<key>`),
 * `quantityKey` the message of a line's quantity, `rowKeys` the messages of the five summary rows, `emptyKey` the
 * message when nothing is selected; `periodField` and `periods` say a line's billing period, whose message shows its
 * amount (a rental reads "$29.99/month", not a bare amount that looks paid once). Amounts are formatted for the locale
 * with Intl.NumberFormat, and placed in the period's message by MessageFormat.
 */
import type { WidgetProps } from '@rjsf/utils';
import { compute } from '../conditions/index.ts';
import { useI18n } from '../i18n/context.tsx';
import { computeFees } from './fees.ts';
import { priceLines } from './price-lines.ts';
import './money-widgets.css';
import { widgetOptionsOf } from './widget-options.ts';

export function FeesTableWidget({ id, label, options, registry }: WidgetProps) {
  const { t, locale } = useI18n();
  const settings = widgetOptionsOf(options, 'fees-table');
  const data = ((registry.formContext as { data?: Record<string, unknown> } | undefined)?.data ?? {}) as object;
  const { lines } = priceLines(compute(settings.prices, data), compute(settings.selected, data), settings);
  // The currency comes from content (the application's company currency); without one, amounts show as plain numbers.
  const currency = compute(settings.currency, data);
  const money = new Intl.NumberFormat(
    locale,
    typeof currency === 'string' && currency
      ? { style: 'currency', currency }
      : { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  );
  const show = (cents: number) => money.format(cents / 100);
  const lineAmount = (line: (typeof lines)[number]): string => {
    const amount = show(line.perUnitCents * line.quantity);
    const period = settings.periods?.find((row) => row.value === line.period);
    return period ? t(period.labelKey, { price: amount }) : amount;
  };
  if (lines.length === 0)
    return (
      <p className="screen__text" id={id}>
        {t(settings.emptyKey)}
      </p>
    );
  const shippingFree =
    settings.shippingFree !== undefined &&
    settings.rowKeys.freeShipping !== undefined &&
    Boolean(compute(settings.shippingFree, data));
  const fees = computeFees(lines, Number(compute(settings.shippingCents, data) ?? 0), shippingFree);
  const rows: Array<[string, string, number, boolean]> = [
    ['firstCharge', settings.rowKeys.firstCharge, fees.firstChargeCents, false],
    ['offer', settings.rowKeys.offer, -fees.offerCents, false],
    ['subtotal', settings.rowKeys.subtotal, fees.subtotalCents, false],
    ['shipping', settings.rowKeys.shipping, fees.shippingCents, false],
    ['freeShipping', settings.rowKeys.freeShipping ?? '', -fees.freeShippingCents, false],
    ['total', settings.rowKeys.total, fees.totalCents, true],
  ];
  return (
    <table className="fees" id={id} data-total-cents={fees.totalCents}>
      <caption className="fees__caption">{label}</caption>
      <tbody>
        {lines.map((line) => (
          <tr key={`line-${line.key}`} className="fees__line">
            <th scope="row">
              {t(`${settings.lineLabels}.${line.key}`)}
              <span className="fees__quantity">
                {' '}
                ({t(settings.quantityKey)} <span data-quantity>{line.quantity}</span>)
              </span>
            </th>
            <td>{lineAmount(line)}</td>
          </tr>
        ))}
        {rows
          .filter(([name, , cents]) => (name !== 'offer' && name !== 'freeShipping') || cents !== 0)
          .map(([name, key, cents, strong]) => (
            <tr key={name} className={`fees__row fees__row--${name}`} data-row={name} data-cents={cents}>
              <th scope="row">{strong ? <strong>{t(key)}</strong> : t(key)}</th>
              <td>{strong ? <strong>{show(cents)}</strong> : show(cents)}</td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}
