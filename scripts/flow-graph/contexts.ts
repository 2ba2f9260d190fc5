/**
 * The one model of "which situations a flow runs in, and what a situation decides", shared by the flow picture
 * (graph.ts), the flow lint and reachability (scripts/check-content) and the transition coverage
 * (scripts/coverage/transitions.ts), so the three count the same edges.
 *
 * Contexts: every market of rules/config.json (`markets`) on every portal it names (`defaultPortal`, `portalRules`)
 * and every portal a co-brand launch makes the visit (rules/accounts.json `cobrands`, doc1 §1, §2.1); with
 * `{ locales: true }` each of the market's locales too (the coverage counts per locale). Which markets, portals and
 * locales exist is configuration: a tree without rules/config.json gets one context in which nothing about the
 * environment is known.
 *
 * What a context decides (`decide`): a flag (one the configuration does not name is off), except a flag a co-brand
 * launch may set on the context's portal; and every part of `environment` the context gives (market, currency,
 * portal, locale when known, and rules/config.json's values). Anything else (the applicant's data, the answers, the
 * rest of the launch: a redirect URL, a standalone launch) may be anything, so a condition reading it stays open.
 * A top-level `and` with one part decided false is false; an `or` with one part decided true is true.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { evaluate, variablesOf, type Condition } from '../../engine/conditions/index.ts';
import { isObject } from '../../engine/content/json.ts';

/** One market and portal (and locale, when counted), or the unknown environment. */
export interface FlowContext {
  /** A name for files and messages: `US-domain`, `US-domain-en-US` with locales, or `any` when nothing is known. */
  name: string;
  /** What conditions may know of the environment: the configuration's values, `market`, `currency`, `portal`, `locale`. */
  environment: Record<string, unknown>;
  /** Configured feature flags. */
  flags: Record<string, unknown>;
  /** Flags a co-brand launch may set on this portal: like the rest of the launch, they may be anything. */
  launchFlags?: string[];
  /** False when nothing is known: environment and flag conditions stay undecided. */
  known: boolean;
}

/** Whether a condition holds in a context: decided, or open because it reads what the context does not decide. */
export type Decision = 'yes' | 'no' | 'maybe';

/** The part of a co-brand (rules/accounts.json cobrands) the contexts read. */
export interface Cobrand {
  portal?: string;
  flags?: Record<string, boolean>;
}

const UNKNOWN: FlowContext = { name: 'any', environment: {}, flags: {}, known: false };

/** The flags a co-brand launch may set on a portal (its portal's, or any portal's when the co-brand names none). */
export function launchFlagsOf(cobrands: Record<string, Cobrand> | undefined, portal: string): string[] {
  const flags = new Set<string>();
  for (const cobrand of Object.values(cobrands ?? {}))
    if (!cobrand.portal || cobrand.portal === portal)
      for (const flag of Object.keys(cobrand.flags ?? {})) flags.add(flag);
  return [...flags];
}

/**
 * The contexts of a configuration (the parsed rules/config.json, with `cobrands` from rules/accounts.json when
 * known), or the one unknown context.
 */
export function contextsOf(config: unknown, options: { locales?: boolean } = {}): FlowContext[] {
  if (!isObject(config) || !isObject(config.markets)) return [UNKNOWN];
  const cobrands = isObject(config.cobrands) ? (config.cobrands as Record<string, Cobrand>) : undefined;
  const portals = [
    ...new Set(
      [
        config.defaultPortal ?? 'default',
        ...(Array.isArray(config.portalRules)
          ? config.portalRules.map((rule) => (isObject(rule) ? rule.portal : undefined))
          : []),
        ...Object.values(cobrands ?? {}).map((cobrand) => cobrand.portal),
      ].filter((portal): portal is string => typeof portal === 'string'),
    ),
  ];
  const flags = isObject(config.flags) ? config.flags : {};
  const { cobrands: _cobrands, ...settings } = config;
  const contexts: FlowContext[] = [];
  for (const [market, marketSettings] of Object.entries(config.markets)) {
    const currency =
      isObject(marketSettings) && typeof marketSettings.currency === 'string' ? marketSettings.currency : '';
    const locales =
      options.locales && isObject(marketSettings) && Array.isArray(marketSettings.locales)
        ? (marketSettings.locales as string[])
        : [undefined];
    for (const portal of portals) {
      for (const locale of locales) {
        contexts.push({
          name: locale ? `${market}-${portal}-${locale}` : `${market}-${portal}`,
          environment: { ...settings, market, currency, portal, ...(locale ? { locale } : {}) },
          flags,
          launchFlags: launchFlagsOf(cobrands, portal),
          known: true,
        });
      }
    }
  }
  return contexts.length ? contexts : [UNKNOWN];
}

/** The contexts of the tree under `root` (rules/config.json, with rules/accounts.json's co-brands). */
export function readContexts(root: string, options: { locales?: boolean } = {}): FlowContext[] {
  const read = (file: string): unknown => {
    const path = join(root, 'rules', file);
    if (!existsSync(path)) return undefined;
    try {
      return JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      return undefined;
    }
  };
  const config = read('config.json');
  if (!isObject(config)) return contextsOf(undefined);
  const accounts = read('accounts.json');
  return contextsOf(
    { ...config, ...(isObject(accounts) && isObject(accounts.cobrands) ? { cobrands: accounts.cobrands } : {}) },
    options,
  );
}

/** Whether a context decides a variable (see the file's comment). */
function decided(name: string, context: FlowContext): boolean {
  if (/^flags(\.|$)/.test(name)) return !(context.launchFlags ?? []).includes(name.split('.')[1] ?? '');
  if (!/^environment\./.test(name)) return false;
  let value: unknown = { environment: context.environment };
  for (const part of name.split('.')) value = isObject(value) ? value[part] : undefined;
  return value !== undefined;
}

/** Decides a condition for a context. */
export function decide(condition: unknown, context: FlowContext): Decision {
  if (condition === undefined) return 'yes';
  if (!context.known) return 'maybe';
  if (isObject(condition)) {
    const [op, args] = Object.entries(condition)[0] ?? [];
    if ((op === 'and' || op === 'or') && Array.isArray(args)) {
      const parts = args.map((part) => decide(part, context));
      const settles = op === 'and' ? 'no' : 'yes';
      if (parts.includes(settles)) return settles;
      return parts.every((part) => part !== 'maybe') ? (op === 'and' ? 'yes' : 'no') : 'maybe';
    }
  }
  if (!variablesOf(condition).every((name) => decided(name, context))) return 'maybe';
  return evaluate(condition as Condition, { environment: context.environment, flags: context.flags }) ? 'yes' : 'no';
}
