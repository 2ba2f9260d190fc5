/**
 * Co-brand settings (doc1 §1, §2.1, §4.4, §6): what a referral id adds to the configuration, from
 * rules/accounts.json `cobrands`. One source for both readers: the API's GET /api/v2/configs/{referralUrlId}
 * (server/routes/configs.ts) and the preview's co-brand launches (engine/preview). The browser spreads the
 * configuration into `environment`, so content reads environment.portal, environment.standalone,
 * environment.organizationId, environment.redirectUrl, environment.alternateRedirectUrl and the co-brand's flags
 * over the configured ones.
 */

/** One co-brand of rules/accounts.json (schemas/content/rules/accounts.schema.json `cobrands`). */
export interface Cobrand {
  portal?: string;
  standalone?: boolean;
  organizationId?: string;
  redirectUrl?: string;
  alternateRedirectUrl?: string;
  flags?: Record<string, boolean>;
}

/** The co-brands by referral id. */
export type Cobrands = Record<string, Cobrand>;

/** The co-brand a referral id names; undefined for none or an unknown one. */
export function cobrandOf(cobrands: Cobrands, referralUrlId: string | undefined): Cobrand | undefined {
  return referralUrlId && Object.hasOwn(cobrands, referralUrlId) ? cobrands[referralUrlId] : undefined;
}

/** The configuration keys a co-brand sets, with its flags merged over `flags`; nothing for an unknown or no co-brand. */
export function cobrandSettings(
  cobrands: Cobrands,
  referralUrlId: string | undefined,
  flags: Record<string, boolean> | undefined,
): Omit<Cobrand, 'flags'> & { flags?: Record<string, boolean> } {
  const cobrand = cobrandOf(cobrands, referralUrlId);
  if (!cobrand) return {};
  const { flags: own, ...settings } = cobrand;
  return { ...settings, flags: { ...flags, ...own } };
}
