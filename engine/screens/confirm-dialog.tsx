/**
 * A confirmation in a modal dialog (the native `<dialog>`, opened with `showModal`, so focus stays inside and Escape
 * cancels): a title, a text, a confirming and a cancelling button, all message keys. Used by screen kinds whose
 * actions ask before they act (delete this entry, skip this step).
 */
import { useEffect, useRef } from 'react';
import { useI18n } from '../i18n/context.tsx';
import '../styles/dialog.css';

/** The message keys of one confirmation. */
export interface Confirmation {
  titleKey: string;
  textKey: string;
  confirmKey: string;
  cancelKey: string;
}

export function ConfirmDialog({
  confirmation,
  busy,
  onConfirm,
  onCancel,
}: {
  confirmation: Confirmation;
  busy: boolean;
  onConfirm(): void | Promise<void>;
  onCancel(): void;
}) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    dialog?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, []);
  return (
    <dialog
      ref={ref}
      className="dialog confirm"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-text"
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id="confirm-title" className="dialog__title">
        {t(confirmation.titleKey)}
      </h2>
      <p id="confirm-text" className="confirm__text">
        {t(confirmation.textKey)}
      </p>
      <div className="actions">
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void onConfirm()}>
          {t(confirmation.confirmKey)}
        </button>
        <button type="button" className="button button--secondary" data-autofocus disabled={busy} onClick={onCancel}>
          {t(confirmation.cancelKey)}
        </button>
      </div>
    </dialog>
  );
}
