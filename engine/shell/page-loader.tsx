/** The page's loader while a screen, its reads or its chunks arrive: a status announced politely. */
import { useI18n } from '../i18n/context.tsx';

export function PageLoader() {
  const { t } = useI18n();
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {t('shell.loading')}
    </div>
  );
}
