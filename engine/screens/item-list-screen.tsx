/**
 * An item list: items from the screen's loaded data, each a card (engine/screens/card-list.tsx, like the store
 * switcher's stores) with a message and a link to act on it (cash-advance offers, doc1 §2.7). Options (content): `items` (JSON Logic over the context, a list), `itemKey` (the message of an
 * item; its arguments are the item's fields, plus each `money` entry formatted for the locale from integer cents:
 * `{"amount": {"cents": "amountCents", "currency": "currency"}}`), `actionKey` (the link text, with the same arguments as the item's message) and `href` (template
 * over the context with `item`; only same-origin addresses, engine/screens/redirect-target.ts), `emptyKey` when there
 * are none. The screen's secondary actions ('Back') follow the list.
 */
import { compute } from '../conditions/index.ts';
import { useI18n } from '../i18n/context.tsx';
import type { ScreenProps } from './registry.ts';
import { ScreenFrame } from './screen-frame.tsx';
import { optionsOf } from './kind-options.ts';
import { SecondaryFooter } from './secondary-actions.tsx';
import { redirectTarget } from './redirect-target.ts';
import { Card, CardList, cardId } from './card-list.tsx';

export function ItemListScreen({ screen, context, headingRef, secondary, runSecondary, busy }: ScreenProps) {
  const { t, locale } = useI18n();
  const options = optionsOf(screen, 'item-list');
  const found = compute(options.items, context);
  const items = Array.isArray(found) ? (found as Array<Record<string, unknown>>) : [];
  const argsOf = (item: Record<string, unknown>) => {
    const args: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(item))
      if (typeof value === 'string' || typeof value === 'number') args[name] = value;
    for (const [name, money] of Object.entries(options.money ?? {})) {
      if (!money) continue;
      const cents = Number(item[money.cents]);
      const currency = String(item[money.currency] ?? '');
      if (Number.isFinite(cents) && /^[A-Z]{3}$/.test(currency)) {
        args[name] = new Intl.NumberFormat(locale, {
          style: 'currency',
          currency,
          maximumFractionDigits: cents % 100 === 0 ? 0 : 2,
        }).format(cents / 100);
      }
    }
    return args;
  };
  return (
    <ScreenFrame screen={screen} headingRef={headingRef} context={context}>
      {items.length === 0 ? (
        <p className="screen__text">{t(options.emptyKey)}</p>
      ) : (
        <CardList>
          {items.map((item, index) => {
            const href =
              typeof window === 'undefined'
                ? undefined
                : redirectTarget({ href: options.href }, { ...context, item }, window.location.origin);
            const args = argsOf(item);
            const text = t(options.itemKey, args);
            // The button names what is accepted (the item's own fields: the lender of an offer, issue 27.6).
            const action = t(options.actionKey, args);
            return (
              <Card
                key={index}
                id={cardId('item', index)}
                lines={[{ text }]}
                action={
                  href
                    ? () => (
                        <a className="button button--primary" href={href} aria-label={`${action}: ${text}`}>
                          {action}
                        </a>
                      )
                    : undefined
                }
              />
            );
          })}
        </CardList>
      )}
      <SecondaryFooter secondary={secondary} runSecondary={runSecondary} busy={busy} />
    </ScreenFrame>
  );
}
