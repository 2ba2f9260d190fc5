/**
 * The contexts a journey can run in: every market with each of its locales, on every portal the configuration
 * names (rules/config.json `markets`, `portalRules`, `defaultPortal`) and every portal a co-brand launch makes the
 * visit (rules/accounts.json `cobrands`: a reseller's `/r/{id}` link is the reseller portal, doc1 §1, §2.1). Data,
 * never a list in code. The list and what each context decides are the shared model's (scripts/flow-graph/contexts.ts).
 */

import {
  contextsOf as sharedContextsOf,
  launchFlagsOf as sharedLaunchFlagsOf,
  type FlowContext,
} from '../flow-graph/contexts.ts';

/** One market, portal and locale: a context of the shared model (scripts/flow-graph/contexts.ts), counted per locale. */
export interface CoverageContext extends FlowContext {
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

/** The flags a co-brand launch may set on a portal (scripts/flow-graph/contexts.ts). */
export function launchFlagsOf(config: Pick<CoverageConfig, 'cobrands'>, portal: string): string[] {
  return sharedLaunchFlagsOf(config.cobrands, portal);
}

/** The key of a context in reports and records: `US/domain/en-US`. */
export function contextKey(context: Pick<CoverageContext, 'market' | 'portal' | 'locale'>): string {
  return `${context.market}/${context.portal}/${context.locale}`;
}

/** Every market × portal × locale of the configuration: the contexts of the shared model, with locales. */
export function contextsOf(config: CoverageConfig): CoverageContext[] {
  return sharedContextsOf(config, { locales: true }).map((context) => ({
    ...context,
    market: String(context.environment.market),
    portal: String(context.environment.portal),
    locale: String(context.environment.locale),
  }));
}
