/**
 * Rules for existing merchants (doc1 §2.8, §4.7, §4.8), as small pure functions over rules/accounts.json data:
 * the account list order, the account that matches the current business or service, the newest profile for
 * prefill, a store's status and button, store attachability, channel types, the currency overlap and the facts the
 * after-environment routing table reads. No React, no DOM: the browser, the API and the tests share them.
 */
import { evaluate, type Condition } from '../engine/conditions/index.ts';
import type * as Entities from '../engine/generated/entities.ts';
import type { Cobrands } from './cobrands.ts';

/** An account list entry (doc1 §3 Account), as GET /api/v2/accounts answers it. */
export type AccountEntry = Omit<Entities.Account, 'applicationId'> & { applicationId: string; [key: string]: unknown };

/** A store entry (doc1 §3 Store) as GET /api/v2/accounts/{businessId}/stores answers it: the generated Store with its id. */
export type StoreEntry = Omit<Entities.Store, 'id'> & {
  id: string;
  applicationId?: string;
  riskDecision?: Entities.Decision;
  [key: string]: unknown;
};

/** The parts of rules/accounts.json these functions read. */
export interface AccountsRules {
  order: Array<{ decision: string; level?: string }>;
  openDecisions: string[];
  storeStatus: Array<{ status: string; when: Condition }>;
  statusActions: Record<string, string | undefined>;
  attachability: { alwaysAttachableTypes: string[] };
  channelTypes: string[];
  /** The co-brands by referral id (domain/cobrands.ts). */
  cobrands?: Cobrands;
  currencyOverlap: { markets: Record<string, string | undefined>; toastKeys: Record<string, string | undefined> };
}

/** The current service or business of the visit (launch query parameters). */
export interface CurrentService {
  businessId?: string;
  serviceId?: string;
  serviceType?: string;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The rank of an account in the list order: the index of the first rank it matches, else after every rank. */
export function accountRank(account: AccountEntry, order: AccountsRules['order']): number {
  const index = order.findIndex(
    (rank) =>
      rank.decision === account.riskDecision && (rank.level === undefined || rank.level === account.applicationLevel),
  );
  return index === -1 ? order.length : index;
}

/** The account list in display order (doc1 §4.7); ties keep the API's order (newest first). Does not change its input. */
export function orderAccounts<T extends AccountEntry>(accounts: readonly T[], order: AccountsRules['order']): T[] {
  return accounts
    .map((account, index) => ({ account, index, rank: accountRank(account, order) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.account);
}

/** The account that matches the current business or service (doc1 §4.7: it opens directly), or undefined. */
export function matchingAccount<T extends AccountEntry>(
  accounts: readonly T[],
  current: CurrentService,
): T | undefined {
  const businessId = text(current.businessId);
  const serviceId = text(current.serviceId);
  if (!businessId && !serviceId) return undefined;
  return accounts.find(
    (account) =>
      (businessId !== undefined && account.businessId === businessId) ||
      (serviceId !== undefined && account.serviceId === serviceId),
  );
}

/** The newest (by createdAt) account with a profile decision: the source of prefill (doc1 §4.7). */
export function newestProfile<T extends AccountEntry>(
  accounts: readonly T[],
  openDecisions: readonly string[],
): T | undefined {
  return accounts
    .filter((account) => account.riskDecision !== undefined && openDecisions.includes(account.riskDecision))
    .reduce<T | undefined>(
      (best, account) => (!best || String(account.createdAt ?? '') > String(best.createdAt ?? '') ? account : best),
      undefined,
    );
}

/** A store's status (doc1 §4.1 profile-card labels): the first storeStatus row that holds. */
export function storeStatus(store: StoreEntry, rows: AccountsRules['storeStatus']): string {
  const row = rows.find((candidate) => evaluate(candidate.when, store));
  if (!row)
    throw new Error('rules/accounts.json storeStatus: no row holds; end the table with a row whose condition is true');
  return row.status;
}

/** The card's button for a status (doc1 §2.7): connect, resume, start or none. */
export function storeAction(status: string, actions: AccountsRules['statusActions']): string {
  return actions[status] ?? 'none';
}

/** Whether a store can take the current service (doc1 §4.7 store attachability). */
export function storeAttachable(
  store: StoreEntry,
  current: CurrentService,
  rules: AccountsRules['attachability'],
): boolean {
  const currentServiceId = text(current.serviceId);
  const currentType = text(current.serviceType);
  if (!currentServiceId && !currentType) return true;
  if (currentType !== undefined && store.serviceType === currentType) return false;
  if (!text(store.serviceId)) return true;
  if (store.serviceId === store.id) return true;
  if (store.serviceType !== undefined && rules.alwaysAttachableTypes.includes(store.serviceType)) return true;
  return false;
}

/** A channel type kept as given when it is one of the known types; anything else is cleared (doc1 §3 Channel). */
export function channelType(value: unknown, types: readonly string[]): string | undefined {
  return typeof value === 'string' && types.includes(value) ? value : undefined;
}

/** What the currency overlap asks for (doc1 §4.8). */
export type CurrencyOverlap = { kind: 'none' } | { kind: 'switch'; currency: string } | { kind: 'toast'; key: string };

/**
 * doc1 §4.8: when accounts exist but none is in the current currency, switch to the other currency if it is offered,
 * else show the toast for the country of the first account.
 */
export function currencyOverlap(
  accounts: readonly AccountEntry[],
  currency: string,
  offered: readonly string[],
  rules: AccountsRules['currencyOverlap'],
): CurrencyOverlap {
  const withCurrency = accounts.filter((account) => text(account.company?.currency));
  if (withCurrency.length === 0 || withCurrency.some((account) => account.company?.currency === currency))
    return { kind: 'none' };
  const other = Object.keys(rules.markets).find(
    (candidate) => candidate !== currency && withCurrency.some((account) => account.company?.currency === candidate),
  );
  if (other !== undefined && offered.includes(other)) return { kind: 'switch', currency: other };
  const firstMarket = rules.markets[withCurrency[0].company?.currency ?? ''];
  const key = firstMarket ? rules.toastKeys[firstMarket] : undefined;
  return key ? { kind: 'toast', key } : { kind: 'none' };
}

/** Facts about the user's accounts that the after-environment routing table (doc1 §2.8) reads as `accounts.*`. */
export interface AccountFacts {
  count: number;
  /** The riskDecision of the account of the current business id (query businessId), or null. */
  currentBusinessDecision: string | null;
  /** The level of the only account, when there is exactly one. */
  singleLevel: string | null;
}

/** Computes AccountFacts from the accounts and the current business (pure). */
export function accountFacts(accounts: readonly AccountEntry[], current: CurrentService): AccountFacts {
  const businessId = text(current.businessId);
  const own = businessId ? accounts.find((account) => account.businessId === businessId) : undefined;
  return {
    count: accounts.length,
    currentBusinessDecision: own?.riskDecision ?? null,
    singleLevel: accounts.length === 1 ? (accounts[0].applicationLevel ?? null) : null,
  };
}

/**
 * The application part of the screen context for one account entry (the account of the current business, else the
 * only account), so routing rows and screen paths read it as `application.*` (doc1 §3: Account to Application).
 */
export function applicationOfAccount(account: AccountEntry | undefined): Record<string, unknown> {
  if (!account) return {};
  const entries = {
    id: account.applicationId,
    businessId: account.businessId,
    decision: account.riskDecision,
    applicationLevel: account.applicationLevel,
    intent: account.originalIntent,
    stepUpDetails: account.stepUpDetails,
    serviceId: account.serviceId,
    serviceType: account.serviceType,
  };
  return Object.fromEntries(Object.entries(entries).filter(([, value]) => value !== undefined));
}
