/**
 * A collection screen: cards rendered from an array of the context (a list in the document), each with a numbered
 * title, badges and its own actions, and page actions (add, continue, skip) under notices. Any action may ask for
 * confirmation in a modal dialog first. An action submits `{action, itemId, index}` as the form, so the screen's
 * declared calls and transitions decide what happens (`form.action`, `form.itemId`). Generic: it knows arrays,
 * conditions and message keys, nothing about what the items are.
 *
 * Options (all message keys are full keys; conditions are JSON Logic over the context, plus `item` and `index`
 * for item-level ones):
 * - `items`: an expression for the array (e.g. `{"var": "owners"}`); `itemWhen`: which items show;
 * - `idField`: the item's id field (default `id`); `itemTitleKey`, `itemTextKey`: messages receiving `number` (from 1)
 *   and the item's own text and number fields;
 * - `badges`: `[{when, labelKey, tone}]`, each shown on the cards where `when` holds;
 * - `itemActions`, `actions`: `[{id, labelKey, when?, style?: primary|secondary|link, confirm?}]`; `confirm` is a
 *   list of `{when?, titleKey, textKey, confirmKey, cancelKey}`, the first that holds is asked;
 * - `notices`: `[{when, textKey, tone?: warning|neutral|success}]`; `emptyKey`: shown when no item shows.
 *
 * The screen declares what it submits as a form whose fields are hidden (`action`, `itemId`, `index`, `confirmed`),
 * so the content check knows the fields its conditions read; the form itself is not rendered.
 */
import { useMemo, useRef, useState } from 'react';
import { compute, evaluate } from '../conditions/index.ts';
import { useI18n } from '../i18n/context.tsx';
import type { ScreenProps } from './registry.ts';
import { optionsOf, type KindOptions } from './kind-options.ts';
import type { CollectionAction } from '../generated/content.ts';
import { ScreenFrame } from './screen-frame.tsx';
import { ConfirmDialog, type Confirmation } from './confirm-dialog.tsx';
import './collection.css';

/** The kind's options (see the file comment), as schemas/content/screen-kinds.schema.json describes them. */
export type CollectionOptions = KindOptions<'collection'>;

type Item = Record<string, unknown>;

/** The message arguments of an item: its text and number fields, and its position from 1. */
export function itemArguments(item: Item, number: number): Record<string, string | number> {
  const args: Record<string, string | number> = { number };
  for (const [key, value] of Object.entries(item))
    if (typeof value === 'string' || typeof value === 'number') args[key] = value;
  return args;
}

/** The items that show, each with its position in the whole array and its context for item conditions. */
export function visibleItems(
  options: CollectionOptions,
  context: Record<string, unknown>,
): Array<{ item: Item; index: number; ctx: Record<string, unknown> }> {
  const list = compute(options.items, context);
  if (!Array.isArray(list)) return [];
  return list
    .map((item, index) => ({ item: (item ?? {}) as Item, index, ctx: { ...context, item, index } }))
    .filter(({ ctx }) => evaluate(options.itemWhen, ctx));
}

interface Pending {
  action: CollectionAction;
  confirmation: Confirmation;
  form: Record<string, unknown>;
  opener: HTMLElement | null;
}

export function CollectionScreen({ screen, context, submit, busy, headingRef }: ScreenProps) {
  const { t } = useI18n();
  const options = optionsOf(screen, 'collection');
  const idField = options.idField ?? 'id';
  const items = useMemo(() => visibleItems(options, context), [options, context]);
  const [pending, setPending] = useState<Pending | null>(null);
  const lastOpener = useRef<HTMLElement | null>(null);

  const run = (
    action: CollectionAction,
    form: Record<string, unknown>,
    ctx: Record<string, unknown>,
    opener: HTMLElement,
  ) => {
    const confirmation = (action.confirm ?? []).find((c) => evaluate(c.when, ctx));
    if (confirmation) {
      lastOpener.current = opener;
      setPending({ action, confirmation, form, opener });
      return;
    }
    void submit(form);
  };

  const button = (
    action: CollectionAction,
    form: Record<string, unknown>,
    ctx: Record<string, unknown>,
    label: string,
    describedBy?: string,
  ) => (
    <button
      key={action.id}
      type="button"
      data-action={action.id}
      className={`button button--${action.style ?? 'secondary'}`}
      disabled={busy}
      aria-describedby={describedBy}
      onClick={(event) => run(action, form, ctx, event.currentTarget)}
    >
      {label}
    </button>
  );

  const notices = (options.notices ?? []).filter((notice) => evaluate(notice.when, context));
  const pageActions = (options.actions ?? []).filter((action) => evaluate(action.when, context));

  return (
    <ScreenFrame screen={screen} headingRef={headingRef} context={context}>
      {notices.map((notice) => (
        <p
          key={notice.textKey}
          className={`collection__notice collection__notice--${notice.tone ?? 'neutral'}`}
          role="status"
        >
          {t(notice.textKey)}
        </p>
      ))}
      {items.length === 0 && options.emptyKey ? <p className="screen__text">{t(options.emptyKey)}</p> : null}
      {items.length > 0 ? (
        <ol className="collection">
          {items.map(({ item, index, ctx }, position) => {
            const args = itemArguments(item, position + 1);
            const titleId = `collection-item-${position}`;
            const badges = (options.badges ?? []).filter((badge) => evaluate(badge.when, ctx));
            const actions = (options.itemActions ?? []).filter((action) => evaluate(action.when, ctx));
            const form = { action: '', itemId: item[idField], index };
            return (
              <li key={String(item[idField] ?? index)} className="collection__card" aria-labelledby={titleId}>
                <div className="collection__head">
                  <h2 id={titleId} className="collection__title">
                    {t(options.itemTitleKey, args)}
                  </h2>
                  {badges.map((badge) => (
                    <span
                      key={badge.labelKey}
                      className={`collection__badge collection__badge--${badge.tone ?? 'neutral'}`}
                    >
                      {t(badge.labelKey, args)}
                    </span>
                  ))}
                </div>
                {options.itemTextKey ? <p className="collection__text">{t(options.itemTextKey, args)}</p> : null}
                {actions.length ? (
                  <div className="collection__actions">
                    {actions.map((action) =>
                      button(
                        { ...action, style: action.style ?? 'link' },
                        { ...form, action: action.id },
                        ctx,
                        t(action.labelKey, args),
                        titleId,
                      ),
                    )}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : null}
      {pageActions.length ? (
        <div className="actions">
          {pageActions.map((action) => button(action, { action: action.id }, context, t(action.labelKey)))}
        </div>
      ) : null}
      {pending ? (
        <ConfirmDialog
          confirmation={pending.confirmation}
          busy={busy}
          onCancel={() => {
            setPending(null);
            lastOpener.current?.focus();
          }}
          onConfirm={async () => {
            const result = await submit({ ...pending.form, confirmed: true });
            setPending(null);
            if (result.failure) lastOpener.current?.focus();
          }}
        />
      ) : null}
    </ScreenFrame>
  );
}
