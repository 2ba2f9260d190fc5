/**
 * Card entry through a vault (ARCHITECTURE: card numbers never reach the API). The widget renders the parts named in
 * `ui:options.parts` (number, CVV, expiry, postal code), checks them with the shared formats, and once all pass posts
 * them straight from the browser to `ui:options.postTo` (the vault, never /api); the field's value is only the token
 * the vault answers (`ui:options.tokenField`). The entered number and CVV are dropped from memory once tokenised and
 * are never in the form data, drafts or storage. When the form later gets an error on this field (a declined card),
 * the card is reset and the message stays shown. Messages: `summaryKey` (followed by the answer's `summaryField`), `changeKey`,
 * `savingKey`, `failedKey`. Generic: the parts, endpoint and messages are content.
 */
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { BASE_HEADERS } from '../calls/run.ts';
import { failureFrom } from '../calls/errors.ts';
import { useI18n } from '../i18n/context.tsx';
import { useSubmitSplit } from './error-summary.tsx';
import { entryBody, partProblems } from './token-entry.ts';
import './money-widgets.css';
import { widgetOptionsOf } from './widget-options.ts';

type Status =
  | { kind: 'entering' }
  | { kind: 'saving' }
  | { kind: 'saved'; args: Record<string, string> }
  | { kind: 'failed'; text: string };

export function CardEntryWidget({
  id,
  label,
  value,
  required,
  onChange,
  options,
  rawErrors = [],
  disabled,
}: WidgetProps) {
  const { t } = useI18n();
  const settings = widgetOptionsOf(options, 'card-entry');
  const [values, setValues] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [status, setStatus] = useState<Status>(value ? { kind: 'saved', args: {} } : { kind: 'entering' });
  const [notice, setNotice] = useState<string | undefined>();
  const attempt = useRef(0);
  const problems = partProblems(settings.parts, values);
  const complete = Object.keys(problems).length === 0;

  // An error arriving for a saved card (a decline) resets the entry and keeps the message on screen. The refused token
  // stays the field's value until a new card is saved, so the refusal stays the field's one error (not "enter a card").
  const errorText = rawErrors.join('|');
  const onErrors = useEffectEvent((text: string) => {
    if (text && status.kind === 'saved') {
      setNotice(rawErrors[0]);
      setValues({});
      setTouched({});
      setStatus({ kind: 'entering' });
    }
  });
  useEffect(() => onErrors(errorText), [errorText]);

  /** Posts the parts to the vault; true once the token is the field's value. */
  const save = async (mine: number): Promise<boolean> => {
    setStatus({ kind: 'saving' });
    try {
      const response = await fetch(settings.postTo, {
        method: 'POST',
        headers: { ...BASE_HEADERS },
        body: JSON.stringify(entryBody(settings.parts, values)),
        credentials: 'same-origin',
      });
      const data = (await response.json().catch(() => null)) as Record<string, unknown> | null;
      if (mine !== attempt.current) return false;
      const token = data?.[settings.tokenField];
      if (!response.ok || typeof token !== 'string') {
        setStatus({ kind: 'failed', text: failureFrom(response.status, data).messages[0] || t(settings.failedKey) });
        return false;
      }
      // The number and CVV are not kept once the vault holds them.
      setValues({});
      setNotice(undefined);
      setStatus({
        kind: 'saved',
        args: Object.fromEntries(
          Object.entries(data ?? {}).filter(([k, v]) => k !== settings.tokenField && typeof v === 'string'),
        ) as Record<string, string>,
      });
      onChange(token);
      return true;
    } catch {
      if (mine === attempt.current) setStatus({ kind: 'failed', text: t(settings.failedKey) });
      return false;
    }
  };
  const inflight = useRef<Promise<boolean> | undefined>(undefined);
  const running = useRef(false);
  const start = () => {
    // One save at a time: the timer and a press of the button both come here.
    if (running.current && inflight.current) return inflight.current;
    running.current = true;
    inflight.current = save(++attempt.current).finally(() => {
      running.current = false;
    });
    return inflight.current;
  };

  const startRef = useRef(start);
  startRef.current = start;
  useEffect(() => {
    if (!complete || status.kind !== 'entering') return undefined;
    const timer = setTimeout(() => void startRef.current(), 300);
    return () => clearTimeout(timer);
  }, [complete, values, status.kind]);

  // A press of the form's button while the card is typed but not yet saved saves it first, then submits (one click).
  const split = useSubmitSplit();
  const waiting = complete && (status.kind === 'entering' || status.kind === 'saving');
  useEffect(() => {
    const pending = split?.pending;
    if (!pending || !waiting) return undefined;
    pending.set(id, () => startRef.current());
    return () => {
      pending.delete(id);
    };
  }, [split, waiting, id]);

  const change = () => {
    attempt.current += 1;
    setValues({});
    setTouched({});
    setStatus({ kind: 'entering' });
    onChange(undefined);
  };

  const fieldError = rawErrors.length > 0 && status.kind !== 'saved' ? rawErrors[0] : undefined;
  return (
    <fieldset
      className={`field field--group card-entry${fieldError ? ' field--invalid' : ''}`}
      id={id}
      aria-describedby={fieldError ? `${id}__error` : undefined}
    >
      <legend className="field__label">
        {label}
        {required ? (
          <span className="field__required" aria-hidden="true">
            {'\u00a0*'}
          </span>
        ) : null}
      </legend>
      {/* The field's own error shows once, under the card, from the field template (same id); the notice keeps a
          refusal on screen after the field's errors are gone, never beside the same text. */}
      {notice && !rawErrors.includes(notice) ? (
        <p className="card-entry__notice" role="alert">
          {notice}
        </p>
      ) : null}
      {status.kind === 'saved' ? (
        <div className="card-entry__saved">
          <p className="screen__text" role="status">
            {t(settings.summaryKey)}{' '}
            <span className="card-entry__last4">{status.args[settings.summaryField] ?? ''}</span>
          </p>
          <button type="button" className="button button--link" onClick={change} disabled={disabled}>
            {t(settings.changeKey)}
          </button>
        </div>
      ) : (
        <div className="card-entry__parts">
          {settings.parts.map((part) => {
            const partId = `${id}__${part.name}`;
            const problem = touched[part.name] ? problems[part.name] : undefined;
            return (
              <div
                className={`field card-entry__part card-entry__part--${part.name}${problem ? ' field--invalid' : ''}`}
                key={part.name}
              >
                <label className="field__label" htmlFor={partId}>
                  {t(part.labelKey)}
                </label>
                {problem ? (
                  <p className="field__error" id={`${partId}__error`}>
                    {t(problem.key, problem.args)}
                  </p>
                ) : null}
                <input
                  id={partId}
                  className="input"
                  type="text"
                  inputMode={part.inputMode}
                  autoComplete={part.autocomplete ?? 'off'}
                  maxLength={part.maxLength}
                  value={values[part.name] ?? ''}
                  disabled={disabled || status.kind === 'saving'}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `${partId}__error` : undefined}
                  onChange={(event) => {
                    const next = event.target.value;
                    setValues((current) => ({ ...current, [part.name]: next }));
                    if (status.kind === 'failed') setStatus({ kind: 'entering' });
                  }}
                  onBlur={() => setTouched((current) => ({ ...current, [part.name]: true }))}
                />
              </div>
            );
          })}
          {status.kind === 'saving' ? (
            <p className="screen__text" role="status">
              <span className="spinner" aria-hidden="true" />
              {t(settings.savingKey)}
            </p>
          ) : null}
          {status.kind === 'failed' ? (
            <p className="field__error" role="alert">
              {status.text}
            </p>
          ) : null}
        </div>
      )}
    </fieldset>
  );
}
