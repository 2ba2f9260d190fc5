/**
 * The card vault behind an interface: the card number goes to the vault, the API only ever sees a token
 * (ARCHITECTURE: card numbers never reach the API). The sandbox vault keeps brand, last four, expiry and the
 * sandbox outcome of each card, never the number or CVV; rules/sandbox.json lists the trigger numbers.
 */
import { randomBytes } from 'node:crypto';
import { cardBrand } from '../../../engine/validation/index.ts';
import type { Database } from '../../storage/index.ts';

/** A card as entered (doc2 §5 Order and card). */
export interface CardInput {
  number: string;
  cvv: string;
  /** MM/YY */
  expiry: string;
  postalCode: string;
}

/** What a token stands for. */
export interface VaultedCard {
  token: string;
  brand: string;
  last4: string;
}

/** What the API and the vault page need from a card vault. */
export interface CardVault {
  /** Stores a card; `unavailable` when the vault refuses it (doc2 §8 'Card save'). */
  tokenize(card: CardInput): Promise<({ ok: true } & VaultedCard) | { ok: false; reason: 'unavailable' }>;
  /** The card behind a token, or undefined. */
  describe(token: string): Promise<VaultedCard | undefined>;
  /**
   * Authorises an amount on a token, capturing nothing (doc1 §4.9, doc2 §9: the card is not charged until the
   * application is approved): APPROVED, DECLINED (doc2 §8 'Payment declined') or UNKNOWN_TOKEN.
   */
  authorise(token: string, amountCents: number): Promise<'APPROVED' | 'DECLINED' | 'UNKNOWN_TOKEN'>;
}

/** The sandbox vault over the `vault_cards` table. */
export function sandboxVault(db: Database, triggers: { declineOnPayment: string[]; refuseToSave: string[] }): CardVault {
  const describe = async (token: string) => {
    const { rows } = await db.query<{ token: string; brand: string; last4: string; outcome: string }>(
      'SELECT token, brand, last4, outcome FROM vault_cards WHERE token = $1',
      [token],
    );
    return rows[0];
  };
  return {
    async tokenize(card) {
      const digits = card.number.replace(/\D/g, '');
      if (triggers.refuseToSave.includes(digits)) return { ok: false, reason: 'unavailable' };
      const [month, year] = card.expiry.split('/').map(Number);
      const token = `tok_${randomBytes(16).toString('hex')}`;
      const brand = cardBrand(digits) ?? 'UNKNOWN';
      const last4 = digits.slice(-4);
      await db.query(
        'INSERT INTO vault_cards (token, brand, last4, exp_month, exp_year, postal_code, outcome) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [token, brand, last4, month, 2000 + (year ?? 0), card.postalCode, triggers.declineOnPayment.includes(digits) ? 'DECLINE' : 'APPROVE'],
      );
      return { ok: true, token, brand, last4 };
    },
    async describe(token) {
      const row = await describe(token);
      return row ? { token: row.token, brand: row.brand, last4: row.last4 } : undefined;
    },
    async authorise(token) {
      const row = await describe(token);
      if (!row) return 'UNKNOWN_TOKEN';
      return row.outcome === 'DECLINE' ? 'DECLINED' : 'APPROVED';
    },
  };
}
