/**
 * The radio group with the price beside each choice (`ui:options.prices`, engine/form/option-prices.ts): a chunk of
 * its own (engine/form/widget-names.ts), loaded only by the screens whose radio groups set `prices`, where it takes
 * the place of the theme's radio widget (engine/form/theme.tsx) for the whole form (a group without `prices` shows no
 * price, as the theme's does).
 */
import type { WidgetProps } from '@rjsf/utils';
import { useI18n } from '../i18n/context.tsx';
import { compute } from '../conditions/index.ts';
import { optionPrice } from './option-prices.ts';
import { RadioChoices } from './theme.tsx';
import { widgetOptionsOf } from './widget-options.ts';

/** The price beside each choice (`ui:options.prices`, engine/form/option-prices.ts), formatted for the locale. */
function useOptionPrices(props: WidgetProps): (value: unknown) => string | undefined {
  const { t, locale } = useI18n();
  const settings = widgetOptionsOf(props.options, 'radio').prices;
  if (!settings) return () => undefined;
  const data = ((props.registry.formContext as { data?: Record<string, unknown> } | undefined)?.data ?? {}) as object;
  const entries = compute(settings.entries, data);
  const currency = compute(settings.currency, data);
  if (typeof currency !== 'string' || !currency) return () => undefined;
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency });
  return (value) => {
    const price = optionPrice(value, entries, settings);
    return price ? t(price.key, { price: money.format(price.cents / 100) }) : undefined;
  };
}

export function PricedRadioWidget(props: WidgetProps) {
  return <RadioChoices props={props} priceOf={useOptionPrices(props)} />;
}
