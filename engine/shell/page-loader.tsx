/**
 * The page's loader while a screen, its reads or its chunks arrive: a status announced politely. For the screen the
 * server drew before the scripts ran (engine/app/prerender.ts), the loader keeps that heading on screen instead of a
 * spinner, with the same status for assistive technologies.
 */
import { useLocation } from 'react-router-dom';
import { useI18n } from '../i18n/context.tsx';
import { prerenderedSection } from '../app/prerender.ts';
import { arrivalOf } from '../app/arrival.ts';
import { Overlay } from './overlay.tsx';

export function PageLoader({ screen }: { screen?: string } = {}) {
  const { t, locale } = useI18n();
  // After a busy submit (issue 22.10): the overlay's title and subtitle until the next screen shows.
  const { busy } = arrivalOf(useLocation().state);
  if (busy) return <Overlay title={busy.title} subtitle={busy.subtitle} />;
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
