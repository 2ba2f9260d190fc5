/**
 * A review screen, "check your answers" (issue 22.8; GOV.UK's pattern): every answered field of the summarised form
 * screens, grouped by screen under its title, each with a Change link to the field that comes back here once saved
 * (`?returnTo=<this screen>`, app/screen-host.tsx); sensitive answers masked (review-rows.ts). Options: `screens`
 * (the ids summarised, in order; a step of this screen's progress flow the applicant will not see is left out),
 * else every screen of the progress walk before this one (flow/progress.ts); `changeKey` (the link),
 * `maskedKey` (what a screen reader hears for a masked answer, with `$end`), `paragraphKeys`. Generic: it knows
 * screens, fields and bindings, nothing about any field.
 */
import { use } from 'react';
import { Link } from 'react-router-dom';
import { useI18n } from '../i18n/context.tsx';
import { useEngine } from '../app/engine-context.tsx';
import { loadScreen } from '../app/screen-definition.ts';
import { progressWalk } from '../flow/progress.ts';
import { pathFor } from '../flow/paths.ts';
import type { EngineBundle, Screen } from '../content/types.ts';
import type { ScreenProps } from './registry.ts';
import { ScreenFrame } from './screen-frame.tsx';
import { optionsOf } from './kind-options.ts';
import { MessageText } from './message-text.tsx';
import { ScreenActions } from './secondary-actions.tsx';
import { reviewGroups, type ReviewAnswer } from './review-rows.ts';
import './review.css';

/** The screens a review summarises in `context`, by id. */
export function summarisedScreens(
  screen: Pick<Screen, 'id' | 'progress'> & { options?: unknown },
  context: object,
  bundle: Pick<EngineBundle, 'screens' | 'flows' | 'tables'>,
): string[] {
  const listed = (screen.options as { screens?: string[] } | undefined)?.screens;
  const flow = screen.progress?.flow;
  const walk = flow ? progressWalk(flow, context, bundle) : [];
  if (!listed) return walk.slice(0, Math.max(walk.indexOf(screen.id), 0));
  return listed.filter((id) => {
    const outline = bundle.screens[id];
    if (!outline) return false;
    return !flow || outline.progress?.flow !== flow || walk.includes(id);
  });
}

// One promise per set of screens (and locale), so `use` sees the same promise on every render.
const loading = new Map<string, Promise<Screen[]>>();
function definitionsOf(
  ids: string[],
  bundle: Pick<EngineBundle, 'screens'>,
  locale: string,
  messagesOf: ((screenId: string) => Promise<void> | undefined) | undefined,
): Promise<Screen[]> {
  const key = `${locale} ${ids.join(' ')}`;
  let found = loading.get(key);
  if (!found) {
    found = Promise.all([
      Promise.all(ids.map((id) => loadScreen(bundle.screens[id]))),
      // The labels shown are the summarised screens' own messages, which come with those screens: a review reached
      // without passing through them (a resumed application) downloads them here.
      Promise.all(ids.map((id) => messagesOf?.(id))),
    ]).then(([screens]) => screens);
    found.catch(() => loading.delete(key));
    loading.set(key, found);
  }
  return found;
}

function Answer({ answer, maskedKey }: { answer: ReviewAnswer; maskedKey: string | undefined }) {
  const { t } = useI18n();
  if ('key' in answer) return <>{t(answer.key)}</>;
  if ('text' in answer) return <>{answer.text}</>;
  return (
    <>
      <span aria-hidden="true" className="review__masked">
        {answer.masked}
      </span>
      {maskedKey ? <span className="visually-hidden">{t(maskedKey, { end: answer.end })}</span> : null}
    </>
  );
}

export function ReviewScreen({ screen, context, submit, busy, headingRef, secondary, runSecondary }: ScreenProps) {
  const { t, locale, screenMessages } = useI18n();
  const { bundle } = useEngine();
  const options = optionsOf(screen, 'review');
  const ids = summarisedScreens(screen, context, bundle);
  const groups = reviewGroups(use(definitionsOf(ids, bundle, locale, screenMessages)), context);
  const changeHref = (id: string, field: string): string | undefined => {
    try {
      return `${pathFor(id, context, bundle)}?returnTo=${encodeURIComponent(screen.id)}#root_${field}`;
    } catch {
      return undefined; // a screen that cannot be addressed here offers no change
    }
  };
  return (
    <ScreenFrame screen={screen} headingRef={headingRef} context={context}>
      <MessageText paragraphKeys={options.paragraphKeys} />
      {groups.map((group) => (
        <section className="review" key={group.screen} aria-labelledby={`review-${group.screen}`}>
          <h2 className="review__title" id={`review-${group.screen}`}>
            {t(group.titleKey)}
          </h2>
          <dl className="review__list">
            {group.rows.map((row) => {
              const href = changeHref(group.screen, row.field);
              return (
                <div className="review__row" key={row.field}>
                  <dt className="review__label">{t(row.labelKey)}</dt>
                  <dd className="review__answer">
                    <Answer answer={row.answer} maskedKey={options.maskedKey} />
                  </dd>
                  <dd className="review__change">
                    {href ? (
                      <Link to={href}>
                        {t(options.changeKey)}
                        <span className="visually-hidden"> {t(row.labelKey)}</span>
                      </Link>
                    ) : null}
                  </dd>
                </div>
              );
            })}
          </dl>
        </section>
      ))}
      <ScreenActions screen={screen} submit={submit} busy={busy} secondary={secondary} runSecondary={runSecondary} />
    </ScreenFrame>
  );
}
