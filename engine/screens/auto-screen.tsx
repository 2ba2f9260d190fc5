/**
 * An automatic screen: on arrival it runs the screen's actions once and follows its transitions, showing its title
 * as a status meanwhile (a step redirect, a link that confirms itself, a fallback check). If nothing holds or a
 * call fails, the applicant gets a primary button to try again. Generic: it knows only the screen's own rows.
 */
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useI18n } from '../i18n/context.tsx';
import type { ScreenProps } from './registry.ts';
import { ScreenFrame } from './screen-frame.tsx';

export function AutoScreen({ screen, context, submit, busy, headingRef }: ScreenProps) {
  const { t } = useI18n();
  const started = useRef(false);
  const [stuck, setStuck] = useState(false);
  const run = async () => {
    setStuck(false);
    try {
      const result = await submit({});
      // A failure, or a row that keeps the applicant here (its notice says why): the button, not a loader forever.
      if (result.failure || result.stayed) setStuck(true);
    } catch {
      setStuck(true);
    }
  };
  // The screen runs once when it mounts (not again when its props change): an effect event reads the latest ones.
  const start = useEffectEvent(() => void run());
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start();
  }, []);
  return (
    <ScreenFrame screen={screen} headingRef={headingRef} context={context}>
      {stuck ? (
        <div className="actions">
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void run()}>
            {t(`${screen.messages}.submit`)}
          </button>
        </div>
      ) : (
        <p className="screen__text" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          {t('shell.loading')}
        </p>
      )}
    </ScreenFrame>
  );
}
