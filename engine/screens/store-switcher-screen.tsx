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
 * optionally `serviceTypes` (the service-type label of each store, doc2 §9).
 */
import { useI18n } from '../i18n/context.tsx';
import { storeAction, storeStatus, type AccountsRules, type StoreEntry } from '../../domain/accounts.ts';
import type { ScreenProps } from './registry.ts';
import { ScreenFrame } from './screen-frame.tsx';
import { SecondaryFooter } from './secondary-actions.tsx';
import { Card, CardList, cardId, type CardLine } from './card-list.tsx';
import { serviceTypeLabel } from '../../domain/services/service-type-label.ts';
import type { ServiceRules } from '../../domain/services/types.ts';

interface Options {
  source: string;
  storeStatus: AccountsRules['storeStatus'];
  statusActions: AccountsRules['statusActions'];
  statusLabels: Array<{ status: string; labelKey: string }>;
  actionLabels: Array<{ action: string; labelKey: string }>;
  notAttachableKey: string;
  emptyKey: string;
  /**
   * Optional: the label of a store's service type (rules/services.json serviceTypeLabels and otherLabel), shown as
   * `lineKey` with `{$service}` the message `<labelKeyPrefix>.<label>`. A store without a service type shows none.
   */
  serviceTypes?: Pick<ServiceRules, 'serviceTypeLabels' | 'otherLabel'> & { labelKeyPrefix: string; lineKey: string };
}

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
  const options = screen.options as unknown as Options;
  const data = (context.data ?? {}) as Record<string, unknown>;
  const stores = (Array.isArray(data[options.source]) ? data[options.source] : []) as Array<
    StoreEntry & { attachable?: boolean }
  >;
  return (
    <ScreenFrame screen={screen} headingRef={headingRef}>
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
          const services = options.serviceTypes;
          if (services && typeof store.serviceType === 'string' && store.serviceType) {
            const service = t(`${services.labelKeyPrefix}.${serviceTypeLabel(store.serviceType, services)}`);
            lines.push({ text: t(services.lineKey, { service }), tone: 'status' });
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
