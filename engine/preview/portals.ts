/**
 * The portals and co-brands the preview offers: every portal of the product, which is the configuration's default,
 * each host rule's (rules/config.json) and each co-brand's (rules/accounts.json `cobrands`: a reseller's `/r/{id}`
 * link makes the visit the reseller portal, doc1 §1, §2.1); and what a co-brand launch adds to the configuration,
 * as GET /api/v2/configs/{referralUrlId} answers it (server/routes/cobrand.ts). Pure.
 */

/** One co-brand of rules/accounts.json. */
export interface PreviewCobrand {
  portal?: string;
  standalone?: boolean;
  organizationId?: string;
  redirectUrl?: string;
  alternateRedirectUrl?: string;
  flags?: Record<string, boolean>;
}

/** Portals the product has: the configuration's default, every host rule's and every co-brand's. */
export function portalsOf(
  configuration: { defaultPortal?: string; portalRules?: Array<{ portal: string }> },
  cobrands: Record<string, PreviewCobrand> = {},
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
  cobrands: Record<string, PreviewCobrand>,
  id: string,
): T {
  if (!id || !Object.hasOwn(cobrands, id)) return configuration;
  const { flags, ...settings } = cobrands[id];
  return { ...configuration, ...settings, flags: { ...configuration.flags, ...flags } };
}

/** The portal a visit through co-brand `id` is in: the co-brand's own portal, else `portal`. */
export function portalWith(cobrands: Record<string, PreviewCobrand>, id: string, portal: string): string {
  return (id && Object.hasOwn(cobrands, id) ? cobrands[id].portal : undefined) ?? portal;
}
