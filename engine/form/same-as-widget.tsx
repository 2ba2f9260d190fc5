/**
 * A text field with a 'same as' checkbox (doc1 §2.7 business phone "with a same-as-mobile option"): content names the
 * document path the value may be copied from (`ui:options.from`) and the checkbox label (`ui:options.labelKey`). Ticking copies that value into the field; unticking empties it for the applicant to type;
 * editing the field unticks it. The box is ticked whenever the field holds that value, so a reload shows it ticked.
 * With no value at the path (not known yet) only the field shows. Generic: no field or market is named here.
 */
import { useMemo, useRef } from 'react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useI18n } from '../i18n/context.tsx';
import { useEngine } from '../app/engine-context.tsx';
import { documentOf, valueAt } from './document-data.ts';
import { widgetOptionsOf } from './widget-options.ts';

export function SameAsWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, registry, uiSchema } = props;
  const { t } = useI18n();
  const engine = useEngine();
  const options = widgetOptionsOf(props.options, 'same-as');
  const inputRef = useRef<HTMLDivElement>(null);
  const data = (registry.formContext as { data?: Record<string, unknown> } | undefined)?.data;
  const source = useMemo(() => {
    const found = valueAt(documentOf(data ?? {}, engine.bundle.calls), options.from);
    return typeof found === 'string' && found !== '' ? found : undefined;
  }, [data, engine.bundle.calls, options.from]);
  const digits = (text: unknown) => (typeof text === 'string' ? text.replace(/\D/g, '') : '');
  const same = source !== undefined && value !== undefined && value !== '' && digits(value) === digits(source);
  const BaseInput = registry.templates.BaseInputTemplate;
  return (
    <div className="same-as" ref={inputRef}>
      <BaseInput {...props} uiSchema={uiSchema} />
      {source !== undefined ? (
        <label className="choice choice--check same-as__choice" htmlFor={`${id}__same`}>
          <input
            type="checkbox"
            id={`${id}__same`}
            checked={same}
            disabled={disabled || readonly}
            aria-describedby={ariaDescribedByIds(id)}
            onChange={(event) => {
              if (event.target.checked) onChange(source);
              else {
                onChange(undefined);
                inputRef.current?.querySelector<HTMLInputElement>(`#${CSS.escape(id)}`)?.focus();
              }
            }}
          />
          <span>{t(options.labelKey)}</span>
        </label>
      ) : null}
    </div>
  );
}
