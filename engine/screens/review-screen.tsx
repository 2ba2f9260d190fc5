/**
 * A review screen, "check your answers" (issue 22.8; GOV.UK's pattern): every answered field of the summarised form
 * screens, grouped by screen under its title, each with a Change link to the field that comes back here once saved
 * (`?returnTo=<this screen>`, app/screen-host.tsx); sensitive answers masked (review-rows.ts). Options: `screens`
 * (the ids summarised, in order; a step of this screen's progress flow the applicant will not see is left out),
 * else every screen of the progress walk before this one (flow/progress.ts); `changeKey` (the link),
 * `maskedKey` (what a screen reader hears for a masked answer, with `$end`), `paragraphKeys`; `emptyKey` and
 * `startKey`: with nothing answered yet there is nothing to check, so instead of a bare Continue the page says so
 * (`emptyKey`) and leads to the first summarised screen it can address (`startKey`, the link). Generic: it knows
 * screens, fields and bindings, nothing about any field.
 */
import { use } from 'react';
import { Link } from 'react-router-dom';
import { useI18n } from '../i18n/context.tsx';
import type { Translator } from '../i18n/translator.ts';
import { useEngine } from '../app/engine-context.tsx';
import { loadScreen } from '../app/screen-definition.ts';
import { progressWalk } from '../flow/progress.ts';
import { pathFor } from '../flow/paths.ts';
import type { EngineBundle, Screen } from '../content/types.ts';
import type { ScreenProps } from './registry.ts';
import { ScreenFrame } from './screen-frame.tsx';
import { optionsOf } from './kind-options.ts';
import { MessageText } from './message-text.tsx';
import { ScreenActions, SecondaryActions } from './secondary-actions.tsx';
import { reviewGroups, type ReviewAnswer } from './review-rows.ts';
import './review.css';
import { loadOnce, type Tracked } from '../state/load-once.ts';

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
const loading = new Map<string, Tracked<Screen[]>>();
function definitionsOf(
  ids: string[],
  bundle: Pick<EngineBundle, 'screens'>,
  locale: string,
  chunkOf: Translator['screenMessages'],
): Promise<Screen[]> {
  return loadOnce(loading, `${locale} ${ids.join(' ')}`, () =>
    Promise.all([
      Promise.all(ids.map((id) => loadScreen(bundle.screens[id], chunkOf))),
      // The labels shown are the summarised screens' own messages, which come with those screens (in the same chunk as
      // their definitions unless the locale changed since): a review reached without passing through them (a resumed
      // application) downloads them here.
      Promise.all(ids.map((id) => chunkOf?.(id))),
    ]).then(([screens]) => screens),
  );
}

/** The address of screen `id` in `context`, or undefined when it cannot be addressed here. */
function addressOf(id: string, context: Parameters<typeof pathFor>[1], bundle: EngineBundle): string | undefined {
  try {
    return pathFor(id, context, bundle);
  } catch {
    return undefined;
  }
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
    const path = addressOf(id, context, bundle);
    return path && `${path}?returnTo=${encodeURIComponent(screen.id)}#root_${field}`;
  };
  if (groups.length === 0 && options.emptyKey && options.startKey) {
    const start = ids.map((id) => addressOf(id, context, bundle)).find((href) => href !== undefined);
    // The intro ("make sure everything is right") speaks of answers there are not: the message says what to do.
    return (
      <ScreenFrame screen={{ ...screen, intro: false }} headingRef={headingRef} context={context}>
        <p className="screen__notice review__empty">{t(options.emptyKey)}</p>
        <div className="actions">
          {start ? (
            <Link className="button button--primary" to={start}>
              {t(options.startKey)}
            </Link>
          ) : null}
          <SecondaryActions secondary={secondary} runSecondary={runSecondary} busy={busy} />
        </div>
      </ScreenFrame>
    );
  }
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
