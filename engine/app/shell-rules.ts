/**
 * The shell's rules (rules/shell.json) as pure functions: which path parameters are malformed, where a failed read
 * goes, whether the address must leave the application, whether the blocking modal shows, which beacons to send.
 */
import { compute, evaluate, type Condition } from '../conditions/index.ts';

export interface ShellTarget {
  when?: Condition;
  to: string;
  query?: Record<string, string>;
}

export interface ShellRules {
  pathParameters: Record<string, string>;
  loadFailures: ShellTarget[];
  redirects: Array<{ when: Condition; href: string }>;
  blockingModal?: { when: Condition; titleKey: string; textKey: string; buttonKey?: string; href?: unknown };
  beacons: Array<{ id: string; call: string; when: Condition }>;
  sessionTimeout: ShellTarget;
}

/** Names of the route parameters whose values do not match their declared pattern. */
export function malformedParameters(params: Record<string, string | undefined>, rules: Pick<ShellRules, 'pathParameters'>): string[] {
  return Object.entries(params)
    .filter(([name, value]) => value !== undefined && rules.pathParameters[name] !== undefined && !new RegExp(rules.pathParameters[name]).test(value))
    .map(([name]) => name);
}

export function firstTarget(targets: readonly ShellTarget[], context: object): ShellTarget | undefined {
  return targets.find((target) => evaluate(target.when, context));
}

export function redirectFor(rules: Pick<ShellRules, 'redirects'>, context: object): string | undefined {
  return rules.redirects.find((redirect) => evaluate(redirect.when, context))?.href;
}

export function blockingModalFor(rules: Pick<ShellRules, 'blockingModal'>, context: object) {
  const modal = rules.blockingModal;
  if (!modal || !evaluate(modal.when, context)) return undefined;
  const href = modal.href === undefined ? undefined : compute(modal.href, context);
  return { titleKey: modal.titleKey, textKey: modal.textKey, buttonKey: modal.buttonKey, href: typeof href === 'string' && href ? href : undefined };
}

export function beaconsFor(rules: Pick<ShellRules, 'beacons'>, context: object) {
  return rules.beacons.filter((beacon) => evaluate(beacon.when, context));
}

export function withQuery(path: string, query: Record<string, string> | undefined): string {
  const entries = Object.entries(query ?? {});
  return entries.length ? `${path}?${new URLSearchParams(entries).toString()}` : path;
}
