/**
 * A waiting screen: paragraphs like a message screen, while the screen's watch polls in the background; its
 * secondary actions named in `options.countdownActions` ('send a new link') unlock after a countdown
 * (`options.countdownSeconds`, announced with `options.countdownKey`, which receives `seconds`); the others (a way
 * out, such as 'use a photo ID instead') never wait. Without `countdownActions` every secondary action waits. The countdown starts again whenever the address changes
 * (a resend comes back to the same screen). Generic: no knowledge of what is awaited.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useI18n } from '../i18n/context.tsx';
import type { ScreenProps } from './registry.ts';
import { ScreenFrame } from './screen-frame.tsx';
import { optionsOf } from './kind-options.ts';
import { MessageText } from './message-text.tsx';
import { SecondaryFooter } from './secondary-actions.tsx';
import { useMessageArgs } from './message-args.ts';

/** Seconds left of a countdown that restarts when `restartKey` changes; ticks once a second. */
export function useCountdown(seconds: number, restartKey: unknown): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    setLeft(seconds);
    if (seconds <= 0) return undefined;
    const timer = setInterval(() => setLeft((value) => (value <= 1 ? (clearInterval(timer), 0) : value - 1)), 1000);
    return () => clearInterval(timer);
  }, [seconds, restartKey]);
  return left;
}

export function WaitingScreen({ screen, context, busy, headingRef, secondary, runSecondary }: ScreenProps) {
  const { t } = useI18n();
  const args = useMessageArgs(screen, context);
  const location = useLocation();
  const options = optionsOf(screen, 'waiting');
  const left = useCountdown(options.countdownSeconds ?? 0, location.key);
  const waits = (action: { id: string }) => !options.countdownActions || options.countdownActions.includes(action.id);
  return (
    <ScreenFrame screen={screen} headingRef={headingRef} context={context}>
      <MessageText paragraphKeys={options.paragraphKeys} args={args} />
      <p className="screen__text" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        {left > 0 && options.countdownKey ? t(options.countdownKey, { seconds: left }) : null}
      </p>
      <SecondaryFooter
        secondary={secondary}
        runSecondary={runSecondary}
        busy={busy}
        waiting={(action) => left > 0 && waits(action)}
      />
    </ScreenFrame>
  );
}
