/**
 * The shell's rules (rules/shell.json) as pure functions: which path parameters are malformed, where a failed read
 * goes, whether the address must leave the application, whether the blocking modal shows, which beacons to send,
 * and the values derived into every context before any condition reads it.
 */
import { compute, evaluate, type Condition } from '../conditions/index.ts';
import { nextScreen } from '../flow/transitions.ts';
import { valueAt } from '../content/json.ts';

export type {
  DerivedValue,
  HeaderLink,
  NoticeFacts,
  NoticeRules,
  ShellRules,
  ShellTarget,
  Tables,
} from '../content/shell.ts';
import type { DerivedValue, NoticeFacts, ShellRules, ShellTarget, Tables } from '../content/shell.ts';

function placed(target: unknown, parts: readonly string[], value: unknown): Record<string, unknown> {
  const object =
    target !== null && typeof target === 'object' && !Array.isArray(target) ? (target as Record<string, unknown>) : {};
  const [head, ...rest] = parts;
  return { ...object, [head]: rest.length ? placed(object[head], rest, value) : value };
}

/**
 * The context with every derived value placed (a new object; the context, and the API's document in it, are not
 * changed). Each rule sees the values the rules before it placed.
 */
export function deriveContext<T extends object>(
  rules: Pick<ShellRules, 'derived'>,
  context: T,
  tables: Tables = {},
): T {
  let result: Record<string, unknown> = context as Record<string, unknown>;
  for (const rule of rules.derived ?? []) {
    const value =
      rule.table !== undefined
        ? (nextScreen([{ table: rule.table }], result, tables) ?? null)
        : compute(rule.value, result);
    result = placed(result, rule.set.split('.'), value);
  }
  return result as T;
}

/**
 * The kind of a notice and how long it shows: the first notice row that holds over the (derived) context plus
 * `notice`; its kind's lifetime, or undefined (stays until closed) when the lifetime is not a positive number.
 * Without notice rules every notice is of kind "toast" and stays until closed.
 */
export function noticeKind(
  rules: Pick<ShellRules, 'notices'>,
  context: object,
  notice: NoticeFacts,
): { kind: string; lifetimeMs?: number } {
  const notices = rules.notices;
  if (!notices) return { kind: 'toast' };
  const ctx = { ...context, notice };
  const row = notices.rows.find((candidate) => evaluate(candidate.when, ctx));
  if (!row) return { kind: 'toast' };
  const lifetime = notices.kinds[row.kind] ? compute(notices.kinds[row.kind].lifetimeMs, ctx) : undefined;
  return { kind: row.kind, lifetimeMs: typeof lifetime === 'number' && lifetime > 0 ? lifetime : undefined };
}

/** Names of the route parameters whose values do not match their declared pattern. */
export function malformedParameters(
  params: Record<string, string | undefined>,
  rules: Pick<ShellRules, 'pathParameters'>,
): string[] {
  return Object.entries(params)
    .filter(
      ([name, value]) =>
        value !== undefined &&
        rules.pathParameters[name] !== undefined &&
        !new RegExp(rules.pathParameters[name]).test(value),
    )
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
  return {
    titleKey: modal.titleKey,
    textKey: modal.textKey,
    buttonKey: modal.buttonKey,
    href: typeof href === 'string' && href ? href : undefined,
  };
}

export function beaconsFor(rules: Pick<ShellRules, 'beacons'>, context: object) {
  return rules.beacons.filter((beacon) => evaluate(beacon.when, context));
}

export function withQuery(path: string, query: Record<string, string> | undefined): string {
  const entries = Object.entries(query ?? {});
  return entries.length ? `${path}?${new URLSearchParams(entries).toString()}` : path;
}

/**
 * What a rule of rules/shell.json gives for a context, as its fixtures state it: for `derived/<n>` the value it
 * places (after the values before it), for any other rule (a pointer to an object with `when`) whether its
 * condition holds over the context with every derived value placed, as the shell evaluates it. A notice row's
 * fixture context gives `notice` ({source, tone}) itself.
 */
export function ruleVerdict(rules: ShellRules, pointer: string, context: object, tables: Tables = {}): unknown {
  let node: unknown = rules;
  for (const part of pointer.split('/'))
    node = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  if (node === null || typeof node !== 'object') throw new Error(`no rule at "${pointer}"`);
  const [section, index] = pointer.split('/');
  if (section === 'derived') {
    const upTo = (rules.derived ?? []).slice(0, Number(index) + 1);
    return valueAt(deriveContext({ derived: upTo }, context, tables), (node as DerivedValue).set) ?? null;
  }
  if (!('when' in node)) throw new Error(`the rule at "${pointer}" has no condition (when)`);
  return evaluate((node as { when: Condition }).when, deriveContext(rules, context, tables));
}
