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

/** Who uses a token: the signed-in user and the application it is filed on. */
export interface TokenUse {
  userId: string;
  applicationId: string;
}

/**
 * What the API and the vault page need from a card vault. A token is usable only by the user who made it and only
 * on the application it was first filed on (issue 23): anyone else is told it does not exist.
 */
export interface CardVault {
  /** Stores a card for `userId`; `unavailable` when the vault refuses it (doc2 §8 'Card save'). */
  tokenize(
    card: CardInput,
    userId: string,
  ): Promise<({ ok: true } & VaultedCard) | { ok: false; reason: 'unavailable' }>;
  /**
   * Files a token on an application: the card behind it when `use.userId` made it and it is not filed on another
   * application (it is then tied to `use.applicationId`), else undefined.
   */
  claim(token: string, use: TokenUse): Promise<VaultedCard | undefined>;
  /**
   * Authorises an amount on a token, capturing nothing (doc1 §4.9, doc2 §9: the card is not charged until the
   * application is approved): APPROVED, DECLINED (doc2 §8 'Payment declined') or UNKNOWN_TOKEN (no such token, or
   * not this user's and application's).
   */
  authorise(token: string, amountCents: number, use: TokenUse): Promise<'APPROVED' | 'DECLINED' | 'UNKNOWN_TOKEN'>;
}

/** The sandbox vault over the `vault_cards` table. */
export function sandboxVault(
  db: Database,
  triggers: { declineOnPayment: string[]; refuseToSave: string[] },
): CardVault {
  return {
    async tokenize(card, userId) {
      const digits = card.number.replace(/\D/g, '');
      if (triggers.refuseToSave.includes(digits)) return { ok: false, reason: 'unavailable' };
      const [month, year] = card.expiry.split('/').map(Number);
      const token = `tok_${randomBytes(16).toString('hex')}`;
      const brand = cardBrand(digits) ?? 'UNKNOWN';
      const last4 = digits.slice(-4);
      await db.query(
        'INSERT INTO vault_cards (token, brand, last4, exp_month, exp_year, postal_code, outcome, user_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
        [
          token,
          brand,
          last4,
          month,
          2000 + (year ?? 0),
          card.postalCode,
          triggers.declineOnPayment.includes(digits) ? 'DECLINE' : 'APPROVE',
          userId,
        ],
      );
      return { ok: true, token, brand, last4 };
    },
    async claim(token, use) {
      // One statement: two concurrent filings of one token on two applications cannot both win.
      const { rows } = await db.query<{ token: string; brand: string; last4: string }>(
        `UPDATE vault_cards SET application_id = $3
          WHERE token = $1 AND user_id = $2 AND (application_id IS NULL OR application_id = $3)
          RETURNING token, brand, last4`,
        [token, use.userId, use.applicationId],
      );
      const row = rows[0];
      return row ? { token: row.token, brand: row.brand, last4: row.last4 } : undefined;
    },
    async authorise(token, _amountCents, use) {
      const { rows } = await db.query<{ outcome: string }>(
        'SELECT outcome FROM vault_cards WHERE token = $1 AND user_id = $2 AND application_id = $3',
        [token, use.userId, use.applicationId],
      );
      const row = rows[0];
      if (!row) return 'UNKNOWN_TOKEN';
      return row.outcome === 'DECLINE' ? 'DECLINED' : 'APPROVED';
    },
  };
}
