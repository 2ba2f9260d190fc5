/** The error summary and field error of a screen with one choice (account list): the same look as the form theme's. */
import { useEffect, useRef } from 'react';
import { useI18n } from '../i18n/context.tsx';
import { useErrorPageTitle } from '../form/error-summary.tsx';

/** An error summary linking to the field `fieldId`; it takes focus when it appears and prefixes the page title. */
export function ChoiceErrorSummary({ message, fieldId }: { message: string; fieldId: string }) {
  const { t } = useI18n();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [message]);
  useErrorPageTitle();
  return (
    <div className="error-summary" role="alert" tabIndex={-1} ref={ref} aria-labelledby="choice-error-summary-title">
      <h2 className="error-summary__title" id="choice-error-summary-title">
        {t('form.errorSummary.title')}
      </h2>
      <ul className="error-summary__list">
        <li>
          <a href={`#${fieldId}`}>{message}</a>
        </li>
      </ul>
    </div>
  );
}
