/**
 * The contexts a journey can run in: every market with each of its locales, on every portal the configuration
 * names (rules/config.json `markets`, `portalRules`, `defaultPortal`) and every portal a co-brand launch makes the
 * visit (rules/accounts.json `cobrands`: a reseller's `/r/{id}` link is the reseller portal, doc1 §1, §2.1). Data,
 * never a list in code.
 */

/** One market, portal and locale. */
export interface CoverageContext {
  market: string;
  portal: string;
  locale: string;
}

/** The part of rules/config.json the coverage needs. */
export interface CoverageConfig {
  markets: Record<string, { currency: string; locales: string[] }>;
  portalRules?: Array<{ portal: string }>;
  defaultPortal?: string;
  flags?: Record<string, boolean>;
  /** rules/accounts.json `cobrands`: what a `/r/{referralUrlId}` launch sets over the configuration (portal, flags). */
  cobrands?: Record<string, Cobrand>;
  [key: string]: unknown;
}

/** The part of a co-brand the coverage reads. */
export interface Cobrand {
  portal?: string;
  flags?: Record<string, boolean>;
}

/** The co-brand a path launches (`/r/{referralUrlId}/...`) when the configuration knows it. */
export function cobrandOf(config: Pick<CoverageConfig, 'cobrands'>, pathname: string): Cobrand | undefined {
  const match = /^\/r\/([^/]+)/.exec(pathname);
  if (!match) return undefined;
  const id = decodeURIComponent(match[1]);
  return config.cobrands && Object.hasOwn(config.cobrands, id) ? config.cobrands[id] : undefined;
}

/**
 * The flags a co-brand launch may set in a context (its portal's, or any portal's when the co-brand names none):
 * in that context they depend on the launch, like a redirect URL, and may be on or off.
 */
export function launchFlagsOf(config: CoverageConfig, portal: string): string[] {
  const flags = new Set<string>();
  for (const cobrand of Object.values(config.cobrands ?? {}))
    if (!cobrand.portal || cobrand.portal === portal) for (const flag of Object.keys(cobrand.flags ?? {})) flags.add(flag);
  return [...flags];
}

/** The key of a context in reports and records: `US/domain/en-US`. */
export function contextKey(context: CoverageContext): string {
  return `${context.market}/${context.portal}/${context.locale}`;
}

/** Every market × locale × portal of the configuration. */
export function contextsOf(config: CoverageConfig): CoverageContext[] {
  const portals = [
    ...new Set([
      config.defaultPortal ?? 'default',
      ...(config.portalRules ?? []).map((rule) => rule.portal),
      ...Object.values(config.cobrands ?? {}).flatMap((cobrand) => (cobrand.portal ? [cobrand.portal] : [])),
    ]),
  ];
  const contexts: CoverageContext[] = [];
  for (const [market, { locales }] of Object.entries(config.markets)) {
    for (const portal of portals) for (const locale of locales) contexts.push({ market, portal, locale });
  }
  return contexts;
}
