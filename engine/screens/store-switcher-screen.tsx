/**
 * The store switcher kind (doc1 §2.3 /accounts/{businessId}/stores, §2.7, §4.7): one card per store with its status
 * and the button its status gives (connect a profile, resume an application, start a new payment application);
 * a store that cannot take the current service says so and offers no connect. A card's button submits the screen
 * with `{action, storeId, applicationId}`; the screen's actions and transitions (content) do the rest. Starting a
 * new store or a new application are the screen's secondary actions.
 *
 * Each store is a card of engine/screens/card-list.tsx, as the item list's items are.
 *
 * Options: `source` (the load call answering the stores), `storeStatus` and `statusActions` (rules/accounts.json),
 * `statusLabels` (`[{status, labelKey}]`), `actionLabels` (`[{action, labelKey}]`), `notAttachableKey`, `emptyKey`, and
 * optionally `itemLines` (more lines on a card: a message with its variables, each a JSON Logic expression over the
 * context and `item`, the store, whose answer is a message key; a line shows when its `when` holds).
 */
import { useI18n } from '../i18n/context.tsx';
import { storeAction, storeStatus, type StoreEntry } from '../../domain/accounts.ts';
import type { ScreenProps } from './registry.ts';
import { optionsOf } from './kind-options.ts';
import { ScreenFrame } from './screen-frame.tsx';
import { SecondaryFooter } from './secondary-actions.tsx';
import { Card, CardList, cardId, type CardLine } from './card-list.tsx';
import { compute, evaluate } from '../conditions/index.ts';

export function StoreSwitcherScreen({
  screen,
  context,
  submit,
  busy,
  headingRef,
  secondary,
  runSecondary,
}: ScreenProps) {
  const { t } = useI18n();
  const options = optionsOf(screen, 'store-switcher');
  const data = (context.data ?? {}) as Record<string, unknown>;
  const stores = (Array.isArray(data[options.source]) ? data[options.source] : []) as Array<
    StoreEntry & { attachable?: boolean }
  >;
  return (
    <ScreenFrame screen={screen} headingRef={headingRef} context={context}>
      {stores.length === 0 ? <p className="screen__text">{t(options.emptyKey)}</p> : null}
      <CardList>
        {stores.map((store) => {
          const status = storeStatus(store, options.storeStatus);
          const action = storeAction(status, options.statusActions);
          const blocked = action === 'connect' && store.attachable === false;
          const statusKey = options.statusLabels.find((entry) => entry.status === status)?.labelKey;
          const actionKey = options.actionLabels.find((entry) => entry.action === action)?.labelKey;
          const lines: CardLine[] = [];
          if (statusKey) lines.push({ text: t(statusKey), tone: 'status' });
          for (const line of options.itemLines ?? []) {
            const scope = { ...context, item: store };
            if (line.when !== undefined && !evaluate(line.when, scope)) continue;
            const args = Object.fromEntries(
              Object.entries(line.messageArgs ?? {}).map(([name, expression]) => [
                name,
                t(String(compute(expression, scope))),
              ]),
            );
            lines.push({ text: t(line.lineKey, args), tone: 'status' });
          }
          if (blocked) lines.push({ text: t(options.notAttachableKey), tone: 'note' });
          return (
            <Card
              key={store.id}
              id={cardId('store', store.id)}
              title={store.name ?? store.id}
              lines={lines}
              action={
                !blocked && actionKey && action !== 'none'
                  ? (labelId) => (
                      <button
                        type="button"
                        className="button button--secondary"
                        data-store-action={action}
                        aria-describedby={labelId}
                        disabled={busy}
                        onClick={() =>
                          void submit({ action, storeId: store.id, applicationId: store.applicationId ?? '' })
                        }
                      >
                        {t(actionKey)}
                      </button>
                    )
                  : undefined
              }
            />
          );
        })}
      </CardList>
      <SecondaryFooter secondary={secondary} runSecondary={runSecondary} busy={busy} />
    </ScreenFrame>
  );
}
