/**
 * The toast area (doc1 §2.7): top right, each toast closes by itself after the configured lifetime
 * (doc2 §9: 5000 ms) or by its close button; announced politely to screen readers.
 */
import { useEffect } from 'react';
import { useI18n } from '../i18n/context.tsx';
import type { Toast } from '../app/engine-context.tsx';

function ToastItem({ toast, lifetimeMs, onClose }: { toast: Toast; lifetimeMs: number; onClose(id: number): void }) {
  const { t } = useI18n();
  useEffect(() => {
    const timer = setTimeout(() => onClose(toast.id), lifetimeMs);
    return () => clearTimeout(timer);
  }, [toast.id, lifetimeMs, onClose]);
  return (
    <div className={`toast toast--${toast.tone}`}>
      <p className="toast__text">{toast.text}</p>
      <button type="button" className="toast__close" onClick={() => onClose(toast.id)} aria-label={t('shell.closeToast')}>
        ×
      </button>
    </div>
  );
}

export function Toasts({ toasts, lifetimeMs, onClose }: { toasts: Toast[]; lifetimeMs: number; onClose(id: number): void }) {
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} lifetimeMs={lifetimeMs} onClose={onClose} />
      ))}
    </div>
  );
}
