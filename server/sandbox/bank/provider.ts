/**
 * Bank linking behind an interface (a Plaid-like provider): the API asks for a link token, the browser opens the
 * provider's picker with it, the picker hands back a public token, and the API exchanges that token for the
 * chosen account. The sandbox picker is /sandbox/bank-link; institutions and the failing one come from
 * rules/sandbox.json. Tokens live in the `bank_links` table and are used once.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../storage/index.ts';

/** An institution and its accounts, as the picker shows them. */
export interface Institution {
  id: string;
  name: string;
  accounts: Array<{ id: string; name: string; mask: string; type: 'CHECKING' | 'SAVINGS' }>;
}

/** The linked account the exchange answers (never a full account number). */
export interface LinkedAccount {
  institutionId: string;
  institutionName: string;
  accountId: string;
  accountName: string;
  mask: string;
  type: 'CHECKING' | 'SAVINGS';
}

/** What the API and the picker page need from a bank-linking provider. */
export interface BankLinkProvider {
  /** A new link token for the application and the picker address that uses it. */
  createLinkToken(applicationId: string): Promise<{ linkToken: string; url: string; expiresInMs: number }>;
  /** The institutions of the picker. */
  institutions(): Institution[];
  /** The picker's choice: answers a public token, or `failed` (the error institution), or `invalid` (bad or used link token). */
  choose(
    linkToken: string,
    institutionId: string,
    accountId: string,
  ): Promise<{ ok: true; publicToken: string } | { ok: false; reason: 'failed' | 'invalid' }>;
  /** Exchanges a public token of this application once. */
  exchange(applicationId: string, publicToken: string): Promise<LinkedAccount | undefined>;
}

/** The sandbox provider. */
export function sandboxBankLink(
  db: Database,
  rules: { errorInstitution: string; institutions: Institution[] },
  ttlMs: number,
): BankLinkProvider {
  const find = (institutionId: string, accountId: string) => {
    const institution = rules.institutions.find((i) => i.id === institutionId);
    const account = institution?.accounts.find((a) => a.id === accountId);
    return institution && account ? { institution, account } : undefined;
  };
  return {
    async createLinkToken(applicationId) {
      const linkToken = `link-sandbox-${randomBytes(16).toString('hex')}`;
      await db.query(
        "INSERT INTO bank_links (link_token, application_id, expires_at) VALUES ($1, $2, now() + ($3::bigint * interval '1 millisecond'))",
        [linkToken, applicationId, ttlMs],
      );
      return { linkToken, url: `/sandbox/bank-link?token=${linkToken}`, expiresInMs: ttlMs };
    },
    institutions: () => rules.institutions,
    async choose(linkToken, institutionId, accountId) {
      const chosen = find(institutionId, accountId);
      if (!chosen) return { ok: false, reason: 'invalid' };
      if (institutionId === rules.errorInstitution) return { ok: false, reason: 'failed' };
      const publicToken = `public-sandbox-${randomBytes(16).toString('hex')}`;
      const { rows } = await db.query(
        `UPDATE bank_links SET public_token = $2, institution = $3, account_id = $4
         WHERE link_token = $1 AND public_token IS NULL AND expires_at > now() RETURNING link_token`,
        [linkToken, publicToken, institutionId, accountId],
      );
      return rows.length > 0 ? { ok: true, publicToken } : { ok: false, reason: 'invalid' };
    },
    async exchange(applicationId, publicToken) {
      const { rows } = await db.query<{ institution: string; account_id: string }>(
        `UPDATE bank_links SET used_at = now()
         WHERE public_token = $1 AND application_id = $2 AND used_at IS NULL AND expires_at > now() RETURNING institution, account_id`,
        [publicToken, applicationId],
      );
      const row = rows[0];
      const chosen = row ? find(row.institution, row.account_id) : undefined;
      if (!chosen) return undefined;
      return {
        institutionId: chosen.institution.id,
        institutionName: chosen.institution.name,
        accountId: chosen.account.id,
        accountName: chosen.account.name,
        mask: chosen.account.mask,
        type: chosen.account.type,
      };
    },
  };
}
