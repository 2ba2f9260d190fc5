/**
 * Routing after the environment loads (doc1 §2.8), pure: given the user's accounts, the screen context at the
 * application root and a routing table, the address to go to, or undefined to stay. The table (content) decides;
 * this only builds its context: `accounts` (accountFacts) and `application` (the account of the current business,
 * else the only account), with the shell's derived values (rules/shell.json `derived`).
 */
import { accountFacts, applicationOfAccount, matchingAccount, type AccountEntry } from '../../domain/accounts.ts';
import type { EngineBundle } from '../content/types.ts';
import { nextScreen } from '../flow/transitions.ts';
import { pathFor } from '../flow/paths.ts';
import { deriveContext } from '../app/shell-rules.ts';
import type { Environment } from '../environment/detect.ts';

/** The call that reads the user's accounts and the routing table the engine evaluates at the application root. */
export const AFTER_ENVIRONMENT = { call: 'getAccounts', table: 'after-environment' } as const;

/** True for `/` and `/r/{referralUrlId}` (doc1 §2.1): the only addresses the boot routing applies to. */
export function isApplicationRoot(pathname: string): boolean {
  return /^\/(r\/[^/]+\/?)?$/.test(pathname);
}

/** Where the visitor goes after boot, with the query kept; undefined when no row holds (stay). */
export function afterEnvironmentTarget(
  bundle: EngineBundle,
  table: string,
  accounts: readonly AccountEntry[],
  context: { query?: Record<string, string>; [key: string]: unknown },
): string | undefined {
  const query = context.query ?? {};
  const current = { businessId: query.businessId, serviceId: query.serviceId };
  const own = query.businessId ? accounts.find((account) => account.businessId === query.businessId) : undefined;
  const application = applicationOfAccount(
    own ?? (accounts.length === 1 ? accounts[0] : matchingAccount(accounts, current)),
  );
  const ctx = deriveContext(
    bundle.shell,
    { ...context, application, accounts: accountFacts(accounts, current) },
    bundle.tables,
  );
  const target = nextScreen([{ table }], ctx, bundle.tables);
  if (!target) return undefined;
  const search = new URLSearchParams(query).toString();
  return `${pathFor(target, ctx, bundle)}${search ? `?${search}` : ''}`;
}

/**
 * The context the routing table reads at boot: the environment with its configuration spread in (`environment.*`),
 * the configuration's flags, the query and the signed-in user. The engine (after-environment-routing.tsx) and the
 * server that draws the root before any script runs (server/http/root-routing.ts) both build it here.
 */
export function afterEnvironmentContext(
  environment: Environment,
  query: Record<string, string>,
  user: unknown,
): {
  environment: Record<string, unknown>;
  flags: Record<string, unknown>;
  query: Record<string, string>;
  route: Record<string, string>;
  user: unknown;
} {
  const { config, ...facts } = environment;
  return { environment: { ...facts, ...config }, flags: config.flags ?? {}, query, route: {}, user };
}

/**
 * Where the engine sends a visitor who is at `current` (path and search) after boot, or undefined when they stay:
 * no row holds, the row names where they already are, or its address cannot be built (a parameter without a value).
 */
export function afterEnvironmentMove(
  bundle: EngineBundle,
  table: string,
  accounts: readonly AccountEntry[],
  context: { query?: Record<string, string>; [key: string]: unknown },
  current: string,
): string | undefined {
  let target: string | undefined;
  try {
    target = afterEnvironmentTarget(bundle, table, accounts, context);
  } catch {
    return undefined;
  }
  return target && target !== current ? target : undefined;
}
