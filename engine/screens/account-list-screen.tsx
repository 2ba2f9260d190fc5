/**
 * The account list kind (doc1 §2.3 /accounts, §4.7, §4.8): the user's accounts in the order of the rules, one to
 * choose or a new business; an account matching the current business or service opens directly; the currency
 * overlap switches the currency cookie and reloads, or shows its toast, once. Choosing submits the screen with
 * `{applicationId}` or `{create: true}`; the screen's actions and transitions (content) decide what happens next.
 *
 * Options (all data, usually included from rules/accounts.json):
 * - `source`: the load call whose answer is the account list;
 * - `order`, `storeStatus`, `currencyOverlap`: rules/accounts.json parts;
 * - `statusLabels`: `[{status, labelKey}]`, the label of each status;
 * - `selectable`: a condition over an account; an account that fails it cannot be chosen and says so up front with
 *   `unselectableKey` (doc2 §8 missing redirect URL);
 * - `unnamedKey`: the name of an account whose business has no name yet, with `{$date}` its creation date (never its id);
 * - `requiredKey`, `createKey`, `legendKey`: messages of the choice.
 */
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useI18n } from '../i18n/context.tsx';
import { useEngine } from '../app/engine-context.tsx';
import { evaluate } from '../conditions/index.ts';
import { cookieString } from '../environment/cookies.ts';
import {
  currencyOverlap,
  matchingAccount,
  orderAccounts,
  storeStatus,
  type AccountEntry,
} from '../../domain/accounts.ts';
import type { ScreenProps } from './registry.ts';
import { optionsOf } from './kind-options.ts';
import { ScreenFrame } from './screen-frame.tsx';
import { FormActions } from './secondary-actions.tsx';
import { ChoiceErrorSummary } from './choice-errors.tsx';
import './accounts.css';
import { writeSession } from '../state/session-store.ts';

const ONCE_KEY = 'onboarding:currencyOverlap';
const CREATE = '__create__';

/** Runs `action` at most once per browser session (doc1 §4.8: the further action does not repeat). */
function once(action: () => void): void {
  try {
    if (sessionStorage.getItem(ONCE_KEY)) return;
    writeSession(ONCE_KEY, '1');
  } catch {
    /* storage unavailable: run it anyway, once per page */
  }
  action();
}

export function AccountListScreen({ screen, context, submit, busy, headingRef, secondary, runSecondary }: ScreenProps) {
  const { t, locale } = useI18n();
  const engine = useEngine();
  const options = optionsOf(screen, 'account-list');
  const environment = (context.environment ?? {}) as {
    currency?: string;
    markets?: Record<string, { currency: string }>;
    cookieHost?: string;
  };
  const accounts = useMemo(() => {
    const list = (context.data as Record<string, unknown> | undefined)?.[options.source];
    return orderAccounts((Array.isArray(list) ? list : []) as AccountEntry[], options.order);
  }, [context.data, options]);
  const matching = useMemo(() => {
    const query = (context.query ?? {}) as Record<string, string>;
    return matchingAccount(accounts, { businessId: query.businessId, serviceId: query.serviceId });
  }, [accounts, context.query]);
  const [choice, setChoice] = useState<string>('');
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  // What the list does on arrival runs once when the screen mounts; an effect event reads the latest props.
  const arrive = useEffectEvent(() => {
    if (matching) {
      void submit({ applicationId: matching.applicationId });
      return;
    }
    const offered = Object.values(environment.markets ?? {}).map((market) => market.currency);
    const overlap = currencyOverlap(accounts, environment.currency ?? '', offered, options.currencyOverlap);
    if (overlap.kind === 'switch') {
      once(() => {
        document.cookie = cookieString('currency', overlap.currency, window.location.hostname, environment.cookieHost);
        window.location.reload();
      });
    } else if (overlap.kind === 'toast') {
      once(() => {
        engine.toast(t(overlap.key), 'error', { source: 'currencyOverlap', context });
        // doc2 §8: the overlapping-currency error event (rules/analytics.json events).
        const event = engine.bundle.analytics.events?.currencyOverlapError;
        if (event) engine.track(event, context);
      });
    }
  });
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    arrive();
  }, []);

  if (matching) {
    return (
      <ScreenFrame screen={screen} headingRef={headingRef} context={context}>
        <p className="screen__text" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          {t('shell.loading')}
        </p>
      </ScreenFrame>
    );
  }

  const labelOf = (account: AccountEntry) => {
    const status = storeStatus({ id: account.applicationId, ...account }, options.storeStatus);
    return options.statusLabels.find((entry) => entry.status === status)?.labelKey;
  };
  const isSelectable = (account: AccountEntry) =>
    options.selectable === undefined || !!evaluate(options.selectable, account);
  const nameOf = (account: AccountEntry) => {
    const named = account.company?.dba || account.company?.name;
    if (named) return named;
    const created = typeof account.createdAt === 'string' ? new Date(account.createdAt) : undefined;
    const date =
      created && !Number.isNaN(created.getTime())
        ? new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(created)
        : '';
    return options.unnamedKey ? t(options.unnamedKey, { date }) : '';
  };
  const firstId = `account-${accounts.find(isSelectable)?.applicationId ?? CREATE}`.replace(/[^\w-]/g, '-');
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!choice) {
      setError(t(options.requiredKey));
      return;
    }
    if (choice === CREATE) {
      setError(null);
      void submit({ create: true });
      return;
    }
    const account = accounts.find((candidate) => candidate.applicationId === choice);
    if (!account || !isSelectable(account)) {
      setError(t(options.unselectableKey));
      return;
    }
    setError(null);
    void submit({ applicationId: account.applicationId });
  };

  return (
    <ScreenFrame screen={screen} headingRef={headingRef} context={context}>
      {error ? <ChoiceErrorSummary message={error} fieldId={firstId} /> : null}
      <form noValidate onSubmit={onSubmit}>
        <fieldset
          className={`field field--group${error ? ' field--invalid' : ''}`}
          aria-describedby={error ? 'account-error' : undefined}
        >
          <legend className="field__label">{t(options.legendKey)}</legend>
          {error ? (
            <p className="field__error" id="account-error">
              {error}
            </p>
          ) : null}
          <div className="choices">
            {accounts.map((account) => {
              const id = `account-${account.applicationId}`.replace(/[^\w-]/g, '-');
              const labelKey = labelOf(account);
              const selectable = isSelectable(account);
              return (
                <label
                  className={`choice${selectable ? '' : ' choice--disabled'}`}
                  key={account.applicationId}
                  htmlFor={id}
                >
                  <input
                    type="radio"
                    id={id}
                    name="account"
                    value={account.applicationId}
                    checked={choice === account.applicationId}
                    disabled={!selectable}
                    aria-describedby={selectable ? undefined : `${id}-reason`}
                    onChange={() => setChoice(account.applicationId)}
                  />
                  <span className="account-choice__text">
                    <span className="account-choice__name">{nameOf(account)}</span>
                    {labelKey ? <span className="account-choice__status">{t(labelKey)}</span> : null}
                    {selectable ? null : (
                      <span className="account-choice__reason" id={`${id}-reason`}>
                        {t(options.unselectableKey)}
                      </span>
                    )}
                  </span>
                </label>
              );
            })}
            <label className="choice" htmlFor={`account-${CREATE}`.replace(/[^\w-]/g, '-')}>
              <input
                type="radio"
                id={`account-${CREATE}`.replace(/[^\w-]/g, '-')}
                name="account"
                value={CREATE}
                checked={choice === CREATE}
                onChange={() => setChoice(CREATE)}
              />
              <span className="account-choice__name">{t(options.createKey)}</span>
            </label>
          </div>
        </fieldset>
        <FormActions screen={screen} busy={busy} secondary={secondary} runSecondary={runSecondary} />
      </form>
    </ScreenFrame>
  );
}
