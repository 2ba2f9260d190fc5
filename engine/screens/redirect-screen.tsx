/**
 * A redirect screen: on arrival it reads `options.call` (if any) and sends the browser to the address of
 * `options.href` over the context and that answer (a bank-linking picker, a lender, a payments hub), showing its
 * title as a status meanwhile. When the read fails or gives no allowed address, the applicant sees the screen's
 * `options.errorKey` message, a primary button to try again (`options.retryKey`) and the screen's secondary actions. Generic: the call,
 * the address and the messages are content (engine/screens/redirect-target.ts decides what is allowed).
 */
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { runCall, CallError } from '../calls/run.ts';
import { useEngine } from '../app/engine-context.tsx';
import { useI18n } from '../i18n/context.tsx';
import type { ScreenProps } from './registry.ts';
import { ScreenFrame } from './screen-frame.tsx';
import { SecondaryActions } from './secondary-actions.tsx';
import { redirectTarget } from './redirect-target.ts';
import { optionsOf } from './kind-options.ts';

export function RedirectScreen({ screen, context, headingRef, secondary, runSecondary, busy }: ScreenProps) {
  const { t } = useI18n();
  const engine = useEngine();
  const options = optionsOf(screen, 'redirect');
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  const go = async () => {
    setFailed(false);
    let response: unknown;
    try {
      if (options.call)
        response = await runCall(options.call, engine.bundle.calls[options.call], context, engine.calls);
    } catch (error) {
      if (error instanceof CallError && error.failure.status === 401) {
        engine.signIn();
        return;
      }
      setFailed(true);
      return;
    }
    const target = redirectTarget(options, { ...context, response }, window.location.origin);
    if (!target) {
      setFailed(true);
      return;
    }
    // Replaced, not added: Back from the page it opens (a bank picker) returns to the screen before this one, not here,
    // where arriving again would open the page again with a new token (issue 22 item 7).
    window.location.replace(target);
  };
  // One redirect when the screen mounts (not again when its props change): an effect event reads the latest ones.
  const start = useEffectEvent(() => void go());
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start();
  }, []);
  return (
    <ScreenFrame screen={screen} headingRef={headingRef} context={context} tone={failed ? 'warning' : undefined}>
      {failed ? (
        <>
          <p className="screen__text" role="alert">
            {t(options.errorKey)}
          </p>
          <div className="actions">
            <button type="button" className="button button--primary" disabled={busy} onClick={() => void go()}>
              {t(options.retryKey)}
            </button>
            <SecondaryActions secondary={secondary} runSecondary={runSecondary} busy={busy} />
          </div>
        </>
      ) : (
        <p className="screen__text" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          {t('shell.loading')}
        </p>
      )}
    </ScreenFrame>
  );
}
