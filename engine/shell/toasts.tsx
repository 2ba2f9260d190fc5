/**
 * The notice area (doc1 §2.7): top right, each notice closes by itself after its kind's lifetime (rules/shell.json
 * notices; doc2 §9: 5000 ms for the toast area, 2000 ms for a growl) or by its close button; announced politely to
 * screen readers.
 */
import { useEffect } from 'react';
import { useI18n } from '../i18n/context.tsx';
import type { Toast } from '../app/engine-context.tsx';

function ToastItem({ toast, onClose }: { toast: Toast; onClose(id: number): void }) {
  const { t } = useI18n();
  const { id, lifetimeMs } = toast;
  useEffect(() => {
    if (lifetimeMs === undefined) return undefined;
    const timer = setTimeout(() => onClose(id), lifetimeMs);
    return () => clearTimeout(timer);
  }, [id, lifetimeMs, onClose]);
  return (
    <div className={`toast toast--${toast.tone} toast--kind-${toast.kind}`} data-kind={toast.kind}>
      <p className="toast__text">{toast.text}</p>
      <button
        type="button"
        className="toast__close"
        onClick={() => onClose(toast.id)}
        aria-label={t('shell.closeToast')}
      >
        ×
      </button>
    </div>
  );
}

export function Toasts({ toasts, onClose }: { toasts: Toast[]; onClose(id: number): void }) {
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onClose={onClose} />
      ))}
    </div>
  );
}
