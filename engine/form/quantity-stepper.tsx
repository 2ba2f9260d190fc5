/**
 * A quantity stepper: an integer input between the schema's `minimum` and `maximum` with decrease and increase
 * buttons (keyboard: the input takes digits and the arrow keys). Reaching the maximum shows `ui:options.limitKey`
 * (for example a rental limit: contact the reseller). `decreaseKey` and `increaseKey` label the buttons.
 */
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useI18n } from '../i18n/context.tsx';
import './money-widgets.css';
import { widgetOptionsOf } from './widget-options.ts';

export function QuantityStepperWidget({
  id,
  htmlName,
  value,
  schema,
  onChange,
  onBlur,
  onFocus,
  options,
  disabled,
  readonly,
  rawErrors = [],
  required,
}: WidgetProps) {
  const { t } = useI18n();
  const settings = widgetOptionsOf(options, 'quantity-stepper');
  const min = typeof schema.minimum === 'number' ? schema.minimum : 0;
  const max = typeof schema.maximum === 'number' ? schema.maximum : Number.MAX_SAFE_INTEGER;
  const current = typeof value === 'number' ? value : undefined;
  const set = (next: number) => onChange(Math.min(max, Math.max(min, next)));
  const atMax = current !== undefined && current >= max;
  return (
    <div>
      <div className="stepper">
        <button
          type="button"
          className="button button--secondary stepper__button"
          aria-label={t(settings.decreaseKey)}
          aria-controls={id}
          disabled={disabled || readonly || current === undefined || current <= min}
          onClick={() => set((current ?? min) - 1)}
        >
          −
        </button>
        <input
          id={id}
          name={htmlName || id}
          className="input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={current ?? ''}
          disabled={disabled}
          readOnly={readonly}
          aria-invalid={rawErrors.length > 0 || undefined}
          aria-required={required || undefined}
          aria-describedby={ariaDescribedByIds(id)}
          onChange={(event) => {
            const digits = event.target.value.replace(/\D/g, '');
            onChange(digits === '' ? undefined : Number(digits));
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowUp') {
              event.preventDefault();
              set((current ?? min - 1) + 1);
            } else if (event.key === 'ArrowDown') {
              event.preventDefault();
              set((current ?? min + 1) - 1);
            }
          }}
          onBlur={() => onBlur(id, value)}
          onFocus={() => onFocus(id, value)}
        />
        <button
          type="button"
          className="button button--secondary stepper__button"
          aria-label={t(settings.increaseKey)}
          aria-controls={id}
          disabled={disabled || readonly || atMax}
          onClick={() => set((current ?? min - 1) + 1)}
        >
          +
        </button>
      </div>
      {atMax && settings.limitKey ? (
        <p className="field__help" role="status">
          {t(settings.limitKey)}
        </p>
      ) : null}
    </div>
  );
}
