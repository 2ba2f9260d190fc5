/** The incorrect-URL page (doc1 §2.3 /incorrect-url; doc2 §8 'Oops! Looks like the URL is incorrect' with a link back). */
import { useEffect } from 'react';
import { useI18n } from '../i18n/context.tsx';
import { useEngine } from '../app/engine-context.tsx';
import { ErrorPage } from './error-page.tsx';

export function NotFound() {
  const { t } = useI18n();
  const engine = useEngine();
  // doc2 §8: the incorrect-URL error event (rules/analytics.json events), once the page shows.
  const event = engine.bundle.analytics.events?.incorrectUrl;
  useEffect(() => {
    if (event)
      engine.track(event, {
        environment: engine.environment,
        flags: engine.environment.config.flags ?? {},
        query: Object.fromEntries(new URLSearchParams(window.location.search)),
      });
  }, [event, engine]);
  return (
    <ErrorPage
      title={t('shell.incorrectUrl.title')}
      text={t('shell.incorrectUrl.text')}
      link={{ href: '/', label: t('shell.incorrectUrl.link') }}
    />
  );
}
