/**
 * The portals and co-brands the preview offers: every portal of the product, which is the configuration's default,
 * each host rule's (rules/config.json) and each co-brand's (rules/accounts.json `cobrands`: a reseller's `/r/{id}`
 * link makes the visit the reseller portal, doc1 §1, §2.1); and what a co-brand launch adds to the configuration,
 * as GET /api/v2/configs/{referralUrlId} answers it (both from domain/cobrands.ts). Pure.
 */
import { cobrandOf, cobrandSettings, type Cobrands } from '../../domain/cobrands.ts';

/** Portals the product has: the configuration's default, every host rule's and every co-brand's. */
export function portalsOf(
  configuration: { defaultPortal?: string; portalRules?: Array<{ portal: string }> },
  cobrands: Cobrands = {},
): string[] {
  return [
    ...new Set(
      [
        configuration.defaultPortal,
        ...(configuration.portalRules ?? []).map((rule) => rule.portal),
        ...Object.values(cobrands).map((cobrand) => cobrand.portal),
      ].filter((p): p is string => !!p),
    ),
  ];
}

/**
 * The configuration a visit through co-brand `id` reads: the co-brand's settings over it and its flags over the
 * configured ones (as the API answers); the configuration itself for no co-brand or an unknown one.
 */
export function withCobrand<T extends { flags?: Record<string, boolean> }>(
  configuration: T,
  cobrands: Cobrands,
  id: string,
): T {
  if (!cobrandOf(cobrands, id)) return configuration;
  return { ...configuration, ...cobrandSettings(cobrands, id, configuration.flags) };
}

/** The portal a visit through co-brand `id` is in: the co-brand's own portal, else `portal`. */
export function portalWith(cobrands: Cobrands, id: string, portal: string): string {
  return cobrandOf(cobrands, id)?.portal ?? portal;
}
