/**
 * The situations a flow is drawn and linted for: one per market and portal named in rules/config.json (markets,
 * defaultPortal, portalRules), with the configured flags. Which markets and portals exist is configuration: a
 * tree without rules/config.json gets one context in which nothing about the environment is known.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One market and portal (or the unknown environment). */
export interface FlowContext {
  /** A name for files and messages: `US-domain`, or `any` when no configuration exists. */
  name: string;
  /** What conditions may know of the environment (`market`, `currency`, `portal`). */
  environment: Record<string, string>;
  /** Configured feature flags. */
  flags: Record<string, unknown>;
  /** False when nothing is known: environment and flag conditions stay undecided. */
  known: boolean;
}

type Obj = Record<string, unknown>;
const isObject = (value: unknown): value is Obj => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The contexts of a configuration object (the parsed rules/config.json), or the one unknown context. */
export function contextsOf(config: unknown): FlowContext[] {
  if (!isObject(config) || !isObject(config.markets)) return [{ name: 'any', environment: {}, flags: {}, known: false }];
  const portals = [
    ...new Set(
      [config.defaultPortal, ...(Array.isArray(config.portalRules) ? config.portalRules.map((rule) => (isObject(rule) ? rule.portal : undefined)) : [])].filter(
        (portal): portal is string => typeof portal === 'string',
      ),
    ),
  ];
  const flags = isObject(config.flags) ? config.flags : {};
  const contexts: FlowContext[] = [];
  for (const [market, settings] of Object.entries(config.markets)) {
    const currency = isObject(settings) && typeof settings.currency === 'string' ? settings.currency : '';
    for (const portal of portals.length ? portals : ['default']) {
      contexts.push({ name: `${market}-${portal}`, environment: { market, currency, portal }, flags, known: true });
    }
  }
  return contexts.length ? contexts : [{ name: 'any', environment: {}, flags: {}, known: false }];
}

/** The contexts of the tree under `root`. */
export function readContexts(root: string): FlowContext[] {
  const file = join(root, 'rules', 'config.json');
  if (!existsSync(file)) return contextsOf(undefined);
  try {
    const config = JSON.parse(readFileSync(file, 'utf8')) as Obj;
    // The co-brands' portals (rules/accounts.json cobrands, e.g. the reseller) are portals of the product too.
    const accountsFile = join(root, 'rules', 'accounts.json');
    const cobrands = existsSync(accountsFile) ? (JSON.parse(readFileSync(accountsFile, 'utf8')) as Obj).cobrands : undefined;
    const extra = isObject(cobrands) ? Object.values(cobrands).flatMap((cobrand) => (isObject(cobrand) && typeof cobrand.portal === 'string' ? [{ portal: cobrand.portal }] : [])) : [];
    return contextsOf(isObject(config) && extra.length ? { ...config, portalRules: [...(Array.isArray(config.portalRules) ? config.portalRules : []), ...extra] } : config);
  } catch {
    return contextsOf(undefined);
  }
}
