/**
 * Our rjsf theme: field, error summary, object and button templates and the widgets screens name. Every screen
 * renders through these, so every screen looks and behaves the same: a visible label on every field, "(optional)"
 * on optional ones and an asterisk on required ones (doc2 §5), the error under its field and linked from the
 * summary, aria-invalid and aria-describedby wired, and one primary button.
 */
import { useCallback, type ChangeEvent, type FocusEvent } from 'react';
import {
  ariaDescribedByIds,
  errorId,
  getInputProps,
  getUiOptions,
  helpId,
  optionId,
  type FieldTemplateProps,
  type ObjectFieldTemplateProps,
  type SubmitButtonProps,
  type TemplatesType,
  type WidgetProps,
  type RegistryWidgetsType,
} from '@rjsf/utils';
import { useI18n } from '../i18n/context.tsx';
import { ErrorListBridge } from './error-summary.tsx';

function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, rawErrors = [], rawHelp, hidden, required, displayLabel, uiSchema, schema } = props;
  const { t } = useI18n();
  if (hidden) return <div hidden>{children}</div>;
  const options = getUiOptions(uiSchema);
  const grouped = options.widget === 'radio' || options.widget === 'checkbox';
  const errors = rawErrors.length > 0 && (
    <p className="field__error" id={errorId(id)}>
      {rawErrors[0]}
    </p>
  );
  const help = rawHelp ? (
    <p className="field__help" id={helpId(id)}>
      {rawHelp}
    </p>
  ) : null;
  // A no-break space before the asterisk: a long label never leaves it alone on a line of its own.
  const marker = required ? (
    <span className="field__required" aria-hidden="true">
      {'\u00a0*'}
    </span>
  ) : (
    <span className="field__optional">{` ${t('form.optional')}`}</span>
  );
  // A single checkbox (a boolean, with or without `ui:widget: checkbox`) labels itself: its error comes first, above
  // the box, as above every other field's input, so it is read before the control it is about.
  if (options.widget === 'checkbox' || (schema.type === 'boolean' && options.widget === undefined)) {
    return (
      <div className={`field field--check${rawErrors.length ? ' field--invalid' : ''}`}>
        {errors}
        {children}
        {help}
      </div>
    );
  }
  if (!displayLabel) {
    return (
      <div className={`field${rawErrors.length ? ' field--invalid' : ''}`}>
        {children}
        {help}
        {errors}
      </div>
    );
  }
  if (grouped && options.widget === 'radio') {
    return (
      <fieldset
        className={`field field--group${rawErrors.length ? ' field--invalid' : ''}`}
        aria-describedby={ariaDescribedByIds(id)}
      >
        <legend className="field__label">
          {label}
          {marker}
        </legend>
        {help}
        {errors}
        {children}
      </fieldset>
    );
  }
  return (
    <div className={`field${rawErrors.length ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {marker}
      </label>
      {help}
      {errors}
      {children}
    </div>
  );
}

function BaseInputTemplate(props: WidgetProps) {
  const {
    id,
    htmlName,
    value,
    readonly,
    disabled,
    autofocus,
    onBlur,
    onFocus,
    onChange,
    options,
    schema,
    rawErrors = [],
    type,
    required,
  } = props;
  const inputProps = getInputProps(schema, type, options);
  const ui = props.uiSchema ?? {};
  const handleChange = useCallback(
    ({ target }: ChangeEvent<HTMLInputElement>) => onChange(target.value === '' ? options.emptyValue : target.value),
    [onChange, options.emptyValue],
  );
  return (
    <input
      id={id}
      name={htmlName || id}
      className="input"
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      value={value ?? ''}
      {...inputProps}
      type={inputProps.type === 'number' ? 'text' : inputProps.type}
      inputMode={(ui['ui:inputMode'] as React.HTMLAttributes<HTMLInputElement>['inputMode']) ?? undefined}
      autoComplete={(ui['ui:autocomplete'] as string | undefined) ?? inputProps.autoComplete}
      maxLength={schema.maxLength}
      aria-invalid={rawErrors.length > 0 || undefined}
      aria-required={required || undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={handleChange}
      onBlur={({ target }: FocusEvent<HTMLInputElement>) => onBlur(id, target.value)}
      onFocus={({ target }: FocusEvent<HTMLInputElement>) => onFocus(id, target.value)}
    />
  );
}

function SelectWidget(props: WidgetProps) {
  const {
    id,
    htmlName,
    value,
    disabled,
    readonly,
    onChange,
    onBlur,
    onFocus,
    options,
    rawErrors = [],
    required,
  } = props;
  const { t } = useI18n();
  const enumOptions = options.enumOptions ?? [];
  const index = enumOptions.findIndex((option) => option.value === value);
  return (
    <select
      id={id}
      name={htmlName || id}
      className="input input--select"
      value={index < 0 ? '' : String(index)}
      disabled={disabled || readonly}
      aria-invalid={rawErrors.length > 0 || undefined}
      aria-required={required || undefined}
      aria-describedby={ariaDescribedByIds(id)}
      autoComplete={(props.uiSchema?.['ui:autocomplete'] as string | undefined) ?? undefined}
      onChange={(event) =>
        onChange(event.target.value === '' ? options.emptyValue : enumOptions[Number(event.target.value)]?.value)
      }
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    >
      <option value="">{t('form.selectPlaceholder')}</option>
      {enumOptions.map((option, i) => (
        <option key={String(option.value)} value={String(i)}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/**
 * A radio group's choices, each with the note `priceOf` gives it (the price beside a choice: the priced radio of
 * engine/form/priced-radio-widget.tsx, a chunk of its own that a screen setting `ui:options.prices` loads).
 */
export function RadioChoices({
  props,
  priceOf = () => undefined,
}: {
  props: WidgetProps;
  priceOf?: (value: unknown) => string | undefined;
}) {
  const { id, htmlName, value, disabled, readonly, onChange, onBlur, onFocus, options, rawErrors = [] } = props;
  const enumOptions = options.enumOptions ?? [];
  return (
    <div className="choices" id={id}>
      {enumOptions.map((option, i) => {
        const price = priceOf(option.value);
        return (
          <label className="choice" key={String(option.value)} htmlFor={optionId(id, i)}>
            <input
              type="radio"
              id={optionId(id, i)}
              name={htmlName || id}
              value={String(i)}
              checked={option.value === value}
              disabled={disabled || readonly}
              aria-invalid={rawErrors.length > 0 || undefined}
              aria-describedby={ariaDescribedByIds(id)}
              onChange={() => onChange(option.value)}
              onBlur={() => onBlur(id, value)}
              onFocus={() => onFocus(id, value)}
            />
            <span className="choice__text">
              <span>{option.label}</span>
              {price ? (
                <>
                  {' '}
                  <span className="choice__price" data-price>
                    {price}
                  </span>
                </>
              ) : null}
            </span>
          </label>
        );
      })}
    </div>
  );
}

function RadioWidget(props: WidgetProps) {
  return <RadioChoices props={props} />;
}

function CheckboxWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, onChange, label, rawErrors = [] } = props;
  return (
    <label className="choice choice--check" htmlFor={id}>
      <input
        type="checkbox"
        id={id}
        name={htmlName || id}
        checked={value === true}
        disabled={disabled || readonly}
        aria-invalid={rawErrors.length > 0 || undefined}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}

function ObjectFieldTemplate({ properties }: ObjectFieldTemplateProps) {
  return (
    <div className="fields">
      {properties
        .filter((p) => !p.hidden)
        .map((p) => (
          <div key={p.name}>{p.content}</div>
        ))}
    </div>
  );
}

function SubmitButton(_props: SubmitButtonProps) {
  return null; // the screen renders its own primary action (one per screen)
}

export const templates: Partial<TemplatesType> = {
  FieldTemplate,
  BaseInputTemplate,
  ErrorListTemplate: ErrorListBridge, // the summary itself renders outside rjsf's state (error-summary.tsx)
  ObjectFieldTemplate,
  ButtonTemplates: { SubmitButton } as TemplatesType['ButtonTemplates'],
  FieldErrorTemplate: () => null,
  FieldHelpTemplate: () => null,
  DescriptionFieldTemplate: () => null,
  TitleFieldTemplate: () => null,
};

/**
 * The everyday widgets. The others (the category picker, the card entry, the fees table, ...) are chunks of their own
 * that a form screen loads when it names them (engine/form/widget-names.ts) and adds to these.
 */
export const widgets: RegistryWidgetsType = {
  SelectWidget,
  RadioWidget,
  CheckboxWidget,
};
