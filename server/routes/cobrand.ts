/**
 * Co-brand settings (doc1 §1, §2.1, §4.4, §6): what a referral id adds to the configuration GET
 * /api/v2/configs/{referralUrlId} answers, from rules/accounts.json `cobrands`. The browser spreads the configuration
 * into `environment`, so content reads environment.portal, environment.standalone, environment.organizationId,
 * environment.redirectUrl, environment.alternateRedirectUrl and the co-brand's flags over the configured ones.
 */
import type { Content } from '../content.ts';

/** One co-brand of rules/accounts.json (schemas/content/rules/accounts.schema.json `cobrands`). */
export interface Cobrand {
  portal?: string;
  standalone?: boolean;
  organizationId?: string;
  redirectUrl?: string;
  alternateRedirectUrl?: string;
  flags?: Record<string, boolean>;
}

/** The configuration keys a co-brand sets, with its flags merged over `flags`; nothing for an unknown or no co-brand. */
export function cobrandSettings(
  content: Content,
  referralUrlId: string | undefined,
  flags: Record<string, boolean>,
): Record<string, unknown> {
  if (!referralUrlId) return {};
  const cobrands = (content.accounts as { cobrands?: Record<string, Cobrand> }).cobrands ?? {};
  if (!Object.hasOwn(cobrands, referralUrlId)) return {};
  const { flags: own, ...settings } = cobrands[referralUrlId];
  return { ...settings, flags: { ...flags, ...own } };
}
