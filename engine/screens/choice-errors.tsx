/** The error summary of a screen with one choice (account list): the same box as the form theme's. */
import { useEffect, useRef } from 'react';
import { ErrorSummaryBox } from '../form/error-summary.tsx';

/** An error summary linking to the field `fieldId`; it takes focus when it appears and prefixes the page title. */
export function ChoiceErrorSummary({ message, fieldId }: { message: string; fieldId: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [message]);
  return (
    <ErrorSummaryBox ref={ref} titleId="choice-error-summary-title">
      <li>
        <a href={`#${fieldId}`}>{message}</a>
      </li>
    </ErrorSummaryBox>
  );
}
