/**
 * The page's loader while a screen, its reads or its chunks arrive: a status announced politely. For the screen the
 * server drew before the scripts ran (engine/app/prerender.ts), the loader keeps that heading on screen instead of a
 * spinner, with the same status for assistive technologies.
 */
import { useI18n } from '../i18n/context.tsx';
import { prerenderedSection } from '../app/prerender.ts';

export function PageLoader({ screen }: { screen?: string } = {}) {
  const { t, locale } = useI18n();
  const section = prerenderedSection(screen, locale);
  if (section) {
    return (
      <>
        <div className="prerendered" dangerouslySetInnerHTML={{ __html: section }} />
        <p className="visually-hidden" role="status" aria-live="polite">
          {t('shell.loading')}
        </p>
      </>
    );
  }
  return (
    <div className="page-loader" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {t('shell.loading')}
    </div>
  );
}
