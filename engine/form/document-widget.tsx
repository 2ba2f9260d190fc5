/**
 * The document-upload widget (issue 25): rjsf's `FileWidget`, used for a string field with `"format": "data-url"` or
 * `"ui:widget": "file"`. The chosen file is read as a data URL (`data:<type>;base64,...`) and becomes the field's
 * value; its name is shown under the input. Whether its type and size are accepted is the schema's to say (a format
 * such as `document`, `maxLength` with a `ui:messages` entry), so the browser and the API give one verdict and one
 * localised message. `ui:options.accept` narrows the browser's file chooser.
 *
 * The browser's own words on a file input ("Choose File", "No file chosen") are in the browser's language, not the
 * page's (issue 22), so the real input is visually hidden and our words stand in its place: a second label for it,
 * drawn as a button ("Choose a file"), and the chosen file's name or "No file chosen", which the input also names as
 * its description. The input stays the control: it keeps the field's label, takes the keyboard focus (the button
 * shows the focus ring) and is what the error summary's link focuses.
 */
import { useCallback, useState, type ChangeEvent } from 'react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useI18n } from '../i18n/context.tsx';
import './document-widget.css';

/** A file's content as a data URL. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });
}

export function DocumentWidget(props: WidgetProps) {
  const { id, htmlName, disabled, readonly, autofocus, onChange, onBlur, onFocus, options, rawErrors = [] } = props;
  const { t } = useI18n();
  const [name, setName] = useState<string | undefined>(undefined);
  const handleChange = useCallback(
    async ({ target }: ChangeEvent<HTMLInputElement>) => {
      const file = target.files?.[0];
      if (!file) {
        setName(undefined);
        onChange(options.emptyValue);
        return;
      }
      setName(file.name);
      try {
        onChange(await readAsDataUrl(file));
      } catch {
        // Not readable: nothing to send; the field's `required` (or format) says so in the summary.
        onChange(options.emptyValue);
      }
    },
    [onChange, options.emptyValue],
  );
  const statusId = `${id}__file`;
  return (
    <div className="file-picker">
      <input
        id={id}
        name={htmlName || id}
        type="file"
        className="file-picker__input visually-hidden"
        disabled={disabled || readonly}
        autoFocus={autofocus}
        accept={typeof options.accept === 'string' ? options.accept : undefined}
        aria-invalid={rawErrors.length > 0 || undefined}
        aria-required={props.required || undefined}
        aria-describedby={`${ariaDescribedByIds(id)} ${statusId}`}
        onChange={(event) => void handleChange(event)}
        onBlur={() => onBlur(id, props.value)}
        onFocus={() => onFocus(id, props.value)}
      />
      <label className="button button--secondary file-picker__button" htmlFor={id}>
        {t('form.document.choose')}
      </label>
      <p className="file-picker__name" id={statusId} aria-live="polite">
        {name !== undefined
          ? t('form.document.chosen', { name })
          : props.value
            ? null // a value kept from before (the name of its file is not known)
            : t('form.document.none')}
      </p>
    </div>
  );
}
