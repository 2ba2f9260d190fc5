/**
 * The signup form an application uses (doc1 §2.6), as the browser chooses it: the routing table
 * rules/routing/signup-form.json over the application, its market's currency, and the portal and flags of its co-brand
 * (rules/accounts.json cobrands, recorded as application.referralUrlId) over the configuration's. The API reads it
 * where the two forms differ in what they require (doc2 §5: the business phone is required in the older form).
 */
import { evaluate } from '../../engine/conditions/index.ts';
import type { Content } from '../content.ts';
import type { ApplicationDocument } from './document.ts';

/** The screen id of the form (`applicant-info` for the multistep form, `update` for the older one), if known. */
export function signupFormOf(doc: ApplicationDocument, market: string, content: Content): string | undefined {
  const table = content.signupForm;
  if (!table) return undefined;
  const cobrands = (content.accounts as { cobrands?: Record<string, { portal?: string; flags?: object }> }).cobrands;
  const referral = doc.application.referralUrlId;
  const cobrand =
    typeof referral === 'string' && cobrands && Object.hasOwn(cobrands, referral) ? cobrands[referral] : {};
  const currency = (content.config.markets as Record<string, { currency?: string } | undefined>)[market]?.currency;
  const context = {
    environment: { market, currency, portal: cobrand?.portal ?? content.config.defaultPortal },
    flags: { ...(content.config.flags ?? {}), ...(cobrand?.flags ?? {}) },
    application: { ...doc.application, level: doc.application.applicationLevel },
  };
  return table.rows.find((row) => row.when === undefined || evaluate(row.when as never, context))?.to;
}
