/** The frame every screen shares: progress, heading (focused on arrival), intro, notices, content, one primary action. */
import { memo, useEffect, useLayoutEffect, useMemo, type ReactNode, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';
import { useI18n } from '../i18n/context.tsx';
import type { Screen } from '../content/types.ts';
import { useEngine } from '../app/engine-context.tsx';
import { endPrerender } from '../app/prerender.ts';
import { progressShown } from '../flow/progress.ts';
import { Icon } from '../shell/icon.tsx';
import { arrivalOf } from '../app/arrival.ts';
import { useMessageArgs } from './message-args.ts';

/** The indicator's step and number of steps, and the steps' names when the flow gives them (flow/progress.ts). */
type Progress = { step: number; steps: number; keys?: string[] };

/**
 * The steps by name beside the form (shown at desktop width only, app.css): done ones with a check and a visually
 * hidden "completed", the current one marked for assistive technologies. No links: Back and the review's Change
 * links move between steps. frame-markup.ts `stepListMarkup` draws the same list.
 */
function StepList({ keys, step }: { keys: string[]; step: number }) {
  const { t } = useI18n();
  return (
    <ol className="progress__steps">
      {keys.map((key, index) =>
        index + 1 < step ? (
          <li key={index} className="progress__step progress__step--done">
            <Icon name="check" />
            {t(key)}
            <span className="visually-hidden">{` ${t('shell.steps.completed')}`}</span>
          </li>
        ) : index + 1 === step ? (
          <li key={index} className="progress__step progress__step--current" aria-current="step">
            {t(key)}
          </li>
        ) : (
          <li key={index} className="progress__step">
            {t(key)}
          </li>
        ),
      )}
    </ol>
  );
}

/** The frame's heading part: it depends on the screen only, so typing into a form (which re-renders the frame's
 * content) does not format its messages again. */
const FrameHeading = memo(function FrameHeading({
  screen,
  headingRef,
  progress,
  arrivalNotice,
  noticeArgs,
}: {
  screen: Screen;
  headingRef: RefObject<HTMLHeadingElement | null>;
  progress: Progress | undefined;
  /** The notices' variables (`options.messageArgs`, evaluated), as JSON so typing does not draw the heading again. */
  noticeArgs: string;
  /** A notice's words the screen before handed on (app/arrival.ts: the application was received). */
  arrivalNotice: string | undefined;
}) {
  const { t } = useI18n();
  // Any kind: `options.noticeKeys`, a calm note under the heading (a variant says why the applicant is back here;
  // a partner's page names the business), with the variables of `options.messageArgs`.
  const args = JSON.parse(noticeArgs) as Record<string, string | number>;
  const notices = [
    ...(arrivalNotice ? [arrivalNotice] : []),
    ...(((screen.options ?? {}) as { noticeKeys?: string[] }).noticeKeys ?? []).map((key) => t(key, args)),
  ];
  return (
    <>
      {progress ? (
        <div className="progress">
          <p className="progress__label">{t('shell.progress', { step: progress.step, steps: progress.steps })}</p>
          {/* A native bar (no inline style: the server draws the same markup before the engine runs, frame-markup.ts). */}
          <progress className="progress__bar" aria-hidden="true" max={progress.steps} value={progress.step} />
          {progress.keys ? <StepList keys={progress.keys} step={progress.step} /> : null}
        </div>
      ) : null}
      <h1 id="screen-title" className="screen__title" tabIndex={-1} ref={headingRef}>
        {t(`${screen.messages}.title`)}
      </h1>
      {screen.intro ? <p className="screen__intro">{t(`${screen.messages}.intro`)}</p> : null}
      {notices.length ? (
        <div className="screen__notice" role="status">
          {notices.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      ) : null}
    </>
  );
});

export function ScreenFrame({
  screen,
  headingRef,
  children,
  tone,
  context,
}: {
  screen: Screen;
  headingRef: RefObject<HTMLHeadingElement | null>;
  children?: ReactNode;
  tone?: 'success' | 'warning' | 'neutral';
  /** The screen's context: the progress indicator counts the steps this applicant will see (flow/progress.ts). */
  context: Record<string, unknown>;
}) {
  const { bundle } = useEngine();
  // Worked out when the screen or its context changes, not on every keystroke of the form inside the frame.
  const progressText = useMemo(
    () => JSON.stringify(progressShown(screen, context, bundle) ?? null),
    [screen, context, bundle],
  );
  // Kept while the count and the steps are the same, so typing does not draw the heading again.
  const progress = useMemo(() => (JSON.parse(progressText) as Progress | null) ?? undefined, [progressText]);
  // Focus moves to the heading when a screen shows, and on every step to a new address, also when only the query
  // changes and the same screen stays (WCAG: the applicant hears where they are). Never on a re-render in place.
  const { key: arrival, hash, state } = useLocation();
  const { notice: arrivalNotice } = arrivalOf(state);
  const noticeArgs = JSON.stringify(useMessageArgs(screen, context));
  // A screen is on the page: the heading the server drew first (app/prerender.ts) is not shown by a loader again.
  useLayoutEffect(endPrerender, []);
  // An address naming a field (`#root_dob`, a review's Change link, issue 22.8) puts the focus on that field.
  useEffect(() => {
    const id = hash.length > 1 ? decodeURIComponent(hash.slice(1)) : '';
    const field = id
      ? (document.getElementById(id) ?? document.querySelector<HTMLElement>(`[id^="${CSS.escape(id)}-"]`))
      : null;
    if (field) field.focus();
    else headingRef.current?.focus();
  }, [screen.id, arrival, headingRef, hash]);
  return (
    <section
      className={`screen screen--${screen.kind}${tone ? ` screen--${tone}` : ''}`}
      aria-labelledby="screen-title"
    >
      <FrameHeading
        screen={screen}
        headingRef={headingRef}
        progress={progress}
        arrivalNotice={arrivalNotice}
        noticeArgs={noticeArgs}
      />
      {children}
    </section>
  );
}
