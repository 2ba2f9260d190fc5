/** The incorrect-URL page (doc1 §2.3 /incorrect-url; doc2 §8 'Oops! Looks like the URL is incorrect' with a link back). */
import { useI18n } from '../i18n/context.tsx';
import { ErrorPage } from './error-page.tsx';

export function NotFound() {
  const { t } = useI18n();
  return (
    <ErrorPage
      title={t('shell.incorrectUrl.title')}
      text={t('shell.incorrectUrl.text')}
      link={{ href: '/', label: t('shell.incorrectUrl.link') }}
    />
  );
}
