/**
 * Routing after the environment loads (doc1 §2.8), pure: given the user's accounts, the screen context at the
 * application root and a routing table, the address to go to, or undefined to stay. The table (content) decides;
 * this only builds its context: `accounts` (accountFacts) and `application` (the account of the current business,
 * else the only account), with the shell's derived values (rules/shell.json `derived`).
 */
import { accountFacts, applicationOfAccount, matchingAccount, type AccountEntry } from '../conditions/accounts.ts';
import type { EngineBundle } from '../content/types.ts';
import { nextScreen } from '../flow/transitions.ts';
import { pathFor } from '../flow/paths.ts';
import { deriveContext } from '../app/shell-rules.ts';

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
  const application = applicationOfAccount(own ?? (accounts.length === 1 ? accounts[0] : matchingAccount(accounts, current)));
  const ctx = deriveContext(bundle.shell, { ...context, application, accounts: accountFacts(accounts, current) }, bundle.tables);
  const target = nextScreen([{ table }], ctx, bundle.tables);
  if (!target) return undefined;
  const search = new URLSearchParams(query).toString();
  return `${pathFor(target, ctx, bundle)}${search ? `?${search}` : ''}`;
}
