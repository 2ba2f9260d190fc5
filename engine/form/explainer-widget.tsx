/**
 * An explainer: a quiet button (the field's label) that opens a modal dialog with a title, paragraphs and a close
 * button, all message keys from `ui:options` (`titleKey`, `textKeys`, `closeKey`). It holds no answer. The dialog
 * is the native <dialog> opened with showModal(): focus moves in, Escape closes it, focus returns to the button.
 */
import { useRef } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { useI18n } from '../i18n/context.tsx';
import '../styles/dialog.css';
import './explainer.css';
import { widgetOptionsOf } from './widget-options.ts';

export function ExplainerWidget({ id, label, options }: WidgetProps) {
  const { t } = useI18n();
  const { titleKey, textKeys = [], closeKey } = widgetOptionsOf(options, 'explainer');
  const dialog = useRef<HTMLDialogElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    dialog.current?.close();
  };
  return (
    <>
      <button
        type="button"
        id={id}
        ref={button}
        className="button button--link explainer__open"
        aria-haspopup="dialog"
        onClick={() => dialog.current?.showModal?.()}
      >
        {label}
      </button>
      <dialog ref={dialog} className="dialog" aria-labelledby={`${id}__title`} onClose={() => button.current?.focus()}>
        <h2 id={`${id}__title`} className="dialog__title">
          {t(titleKey)}
        </h2>
        {textKeys.map((key) => (
          <p key={key} className="screen__text">
            {t(key)}
          </p>
        ))}
        <div className="actions">
          <button type="button" className="button button--primary" onClick={close}>
            {t(closeKey)}
          </button>
        </div>
      </dialog>
    </>
  );
}
