/**
 * The contexts a journey can run in: every market with each of its locales, on every portal the configuration
 * names (rules/config.json `markets`, `portalRules`, `defaultPortal`). Data, never a list in code.
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
  [key: string]: unknown;
}

/** The key of a context in reports and records: `US/domain/en-US`. */
export function contextKey(context: CoverageContext): string {
  return `${context.market}/${context.portal}/${context.locale}`;
}

/** Every market × locale × portal of the configuration. */
export function contextsOf(config: CoverageConfig): CoverageContext[] {
  const portals = [...new Set([config.defaultPortal ?? 'default', ...(config.portalRules ?? []).map((rule) => rule.portal)])];
  const contexts: CoverageContext[] = [];
  for (const [market, { locales }] of Object.entries(config.markets)) {
    for (const portal of portals) for (const locale of locales) contexts.push({ market, portal, locale });
  }
  return contexts;
}
