/**
 * rules/accounts.json and the pure functions that read it (domain/accounts.ts): list order, the account
 * that opens directly, prefill source, store status and button, attachability, channel types, currency overlap.
 * Each test uses the real rules file, so a wrong rule fails here.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  accountFacts,
  applicationOfAccount,
  channelType,
  currencyOverlap,
  matchingAccount,
  newestProfile,
  orderAccounts,
  storeAction,
  storeAttachable,
  storeStatus,
  type AccountEntry,
  type StoreEntry,
  type AccountsRules,
} from '../../../domain/accounts.ts';
import { validateAgainst } from '../content/load.ts';

const root = resolve(import.meta.dirname, '../../..');
const rules = JSON.parse(readFileSync(resolve(root, 'rules/accounts.json'), 'utf8')) as AccountsRules & {
  fixtures: Array<{ rule: string; store: Record<string, unknown>; expect: string }>;
};

const account = (
  applicationId: string,
  riskDecision: AccountEntry['riskDecision'],
  applicationLevel: AccountEntry['applicationLevel'] = 'FULL',
  extra: Partial<AccountEntry> = {},
): AccountEntry => ({
  applicationId,
  riskDecision,
  applicationLevel,
  ...extra,
});

describe('rules/accounts.json', () => {
  it('validates against its meta-schema', () => {
    expect(validateAgainst('schemas/content/rules/accounts.schema.json', rules)).toEqual([]);
  });

  it('is rejected with an unknown decision in the order', () => {
    const copy = structuredClone(rules);
    copy.order[0].decision = 'MAYBE';
    expect(validateAgainst('schemas/content/rules/accounts.schema.json', copy).length).toBeGreaterThan(0);
  });

  it.each(rules.fixtures)('store $store is $expect', ({ store, expect: status }) => {
    expect(storeStatus(store as never, rules.storeStatus)).toBe(status);
  });
});

describe('orderAccounts (doc1 §4.7)', () => {
  it('orders APPROVED, APPROVED_PENDING basic, APPROVED_PENDING full, PENDING, then the rest newest first', () => {
    const list = [
      account('pending', 'PENDING'),
      account('declined', 'DECLINED'),
      account('ap-full', 'APPROVED_PENDING', 'FULL'),
      account('approved', 'APPROVED'),
      account('draft', undefined),
      account('ap-basic', 'APPROVED_PENDING', 'BASIC'),
    ];
    expect(orderAccounts(list, rules.order).map((a) => a.applicationId)).toEqual([
      'approved',
      'ap-basic',
      'ap-full',
      'pending',
      'declined',
      'draft',
    ]);
    expect(list[0].applicationId).toBe('pending');
  });

  it('keeps the API order (newest first) within one rank', () => {
    const list = [account('new', 'APPROVED'), account('old', 'APPROVED')];
    expect(orderAccounts(list, rules.order).map((a) => a.applicationId)).toEqual(['new', 'old']);
  });
});

describe('matchingAccount', () => {
  const list = [
    account('a', 'APPROVED', 'FULL', { businessId: 'biz-1' }),
    account('b', 'PENDING', 'FULL', { serviceId: 'svc-2' }),
  ];
  it('finds the account of the current business or service', () => {
    expect(matchingAccount(list, { businessId: 'biz-1' })?.applicationId).toBe('a');
    expect(matchingAccount(list, { serviceId: 'svc-2' })?.applicationId).toBe('b');
  });
  it('finds nothing without a current business or service, or for another one', () => {
    expect(matchingAccount(list, {})).toBeUndefined();
    expect(matchingAccount(list, { businessId: '' })).toBeUndefined();
    expect(matchingAccount(list, { businessId: 'biz-9' })).toBeUndefined();
  });
});

describe('newestProfile (prefill source)', () => {
  it('is the newest approved or approved-pending account', () => {
    const list = [
      account('old', 'APPROVED', 'FULL', { createdAt: '2026-01-01T00:00:00Z' }),
      account('newer-pending', 'PENDING', 'FULL', { createdAt: '2026-03-01T00:00:00Z' }),
      account('new', 'APPROVED_PENDING', 'FULL', { createdAt: '2026-02-01T00:00:00Z' }),
    ];
    expect(newestProfile(list, rules.openDecisions)?.applicationId).toBe('new');
    expect(newestProfile([account('p', 'PENDING')], rules.openDecisions)).toBeUndefined();
  });
});

describe('store status and button (doc1 §2.7)', () => {
  it.each([
    [{ id: 's', applicationId: 'a', riskDecision: 'APPROVED' }, 'connect'],
    [{ id: 's', applicationId: 'a', riskDecision: 'PENDING' }, 'connect'],
    [{ id: 's', applicationId: 'a', riskDecision: 'APPROVED_PENDING', stepUpTypes: ['IDENTIFICATION'] }, 'resume'],
    [{ id: 's', applicationId: 'a', riskDecision: 'APPROVED_PENDING', stepUpTypes: ['BO_VERIFICATION'] }, 'connect'],
    [{ id: 's', applicationId: 'a', riskDecision: 'APPROVED_PENDING' }, 'connect'],
    [{ id: 's', applicationId: 'a' }, 'resume'],
    [{ id: 's' }, 'start'],
  ] as Array<[StoreEntry, string]>)('%o gives %s', (store, action) => {
    expect(storeAction(storeStatus(store, rules.storeStatus), rules.statusActions)).toBe(action);
  });

  // Issue 27.9: "verification needed… until your identity is verified" only for an applicant asked to verify; a card
  // whose payouts wait for partners says so, as the owners page does; once every partner verified, it is approved.
  it.each([
    [{ riskDecision: 'APPROVED_PENDING', stepUpTypes: ['IDENTIFICATION'] }, 'verificationNeeded'],
    [
      { riskDecision: 'APPROVED_PENDING', stepUpTypes: ['BO_VERIFICATION'], enableDeposits: false },
      'partnersVerifying',
    ],
    [{ riskDecision: 'APPROVED_PENDING', stepUpTypes: [], enableDeposits: false }, 'partnersVerifying'],
    [{ riskDecision: 'APPROVED_PENDING', stepUpTypes: [], enableDeposits: true }, 'approved'],
    [{ riskDecision: 'APPROVED_PENDING', stepUpTypes: [] }, 'payoutsSoon'],
  ] as Array<[Partial<StoreEntry>, string]>)('an approved-pending profile %o is %s', (entry, status) => {
    expect(storeStatus({ id: 's', applicationId: 'a', ...entry }, rules.storeStatus)).toBe(status);
  });
});

describe('storeAttachable (doc1 §4.7)', () => {
  const a = rules.attachability;
  it('without a current service every store is attachable', () => {
    expect(storeAttachable({ id: 's', serviceId: 'x', serviceType: 'website' }, {}, a)).toBe(true);
  });
  it('with a current service: same type no; no service yes; own id yes; always-attachable type yes; others no', () => {
    const current = { serviceId: 'svc-new', serviceType: 'website' };
    expect(storeAttachable({ id: 's', serviceType: 'website' }, current, a)).toBe(false);
    expect(storeAttachable({ id: 's' }, current, a)).toBe(true);
    expect(storeAttachable({ id: 's', serviceId: 's', serviceType: 'app' }, current, a)).toBe(true);
    expect(storeAttachable({ id: 's', serviceId: 'o', serviceType: 'nucleus' }, current, a)).toBe(true);
    expect(storeAttachable({ id: 's', serviceId: 'o', serviceType: 'domain-entitlements' }, current, a)).toBe(true);
    expect(storeAttachable({ id: 's', serviceId: 'o', serviceType: 'app' }, current, a)).toBe(false);
  });
});

describe('channelType', () => {
  it('keeps the six known types and clears anything else', () => {
    for (const type of ['ONLINE', 'RETAIL', 'MOBILE', 'MARKETPLACE', 'SOCIAL', 'DEFAULT'])
      expect(channelType(type, rules.channelTypes)).toBe(type);
    expect(channelType('online', rules.channelTypes)).toBeUndefined();
    expect(channelType('TV', rules.channelTypes)).toBeUndefined();
    expect(channelType(3, rules.channelTypes)).toBeUndefined();
  });
});

describe('currencyOverlap (doc1 §4.8)', () => {
  const cad = account('c', 'APPROVED', 'FULL', { company: { currency: 'CAD' } });
  const usd = account('u', 'APPROVED', 'FULL', { company: { currency: 'USD' } });
  it('switches to the other currency when no account is in the current one and it is offered', () => {
    expect(currencyOverlap([cad], 'USD', ['USD', 'CAD'], rules.currencyOverlap)).toEqual({
      kind: 'switch',
      currency: 'CAD',
    });
    expect(currencyOverlap([usd], 'CAD', ['USD', 'CAD'], rules.currencyOverlap)).toEqual({
      kind: 'switch',
      currency: 'USD',
    });
  });
  it('shows the toast of the first account’s country when the other currency is not offered', () => {
    expect(currencyOverlap([cad], 'USD', ['USD'], rules.currencyOverlap)).toEqual({
      kind: 'toast',
      key: 'accounts.currencyOverlap.ca',
    });
    expect(currencyOverlap([usd], 'CAD', ['CAD'], rules.currencyOverlap)).toEqual({
      kind: 'toast',
      key: 'accounts.currencyOverlap.us',
    });
  });
  it('does nothing when an account is in the current currency, or there are none', () => {
    expect(currencyOverlap([cad, usd], 'USD', ['USD', 'CAD'], rules.currencyOverlap)).toEqual({ kind: 'none' });
    expect(currencyOverlap([], 'USD', ['USD', 'CAD'], rules.currencyOverlap)).toEqual({ kind: 'none' });
  });
});

describe('accountFacts and applicationOfAccount', () => {
  it('gives the decision of the current business account and the single account’s level', () => {
    const list = [account('a', 'APPROVED_PENDING', 'BASIC', { businessId: 'biz-1' })];
    expect(accountFacts(list, { businessId: 'biz-1' })).toEqual({
      count: 1,
      currentBusinessDecision: 'APPROVED_PENDING',
      singleLevel: 'BASIC',
    });
    expect(accountFacts(list, {}).currentBusinessDecision).toBeNull();
    expect(accountFacts([...list, account('b', 'PENDING')], {})).toEqual({
      count: 2,
      currentBusinessDecision: null,
      singleLevel: null,
    });
  });
  it('maps an account entry to the application fields routing reads', () => {
    expect(
      applicationOfAccount(
        account('urn:app:x', 'PENDING', 'FULL', { businessId: 'b', originalIntent: 'CREATE_BUSINESS' }),
      ),
    ).toEqual({
      id: 'urn:app:x',
      businessId: 'b',
      decision: 'PENDING',
      applicationLevel: 'FULL',
      intent: 'CREATE_BUSINESS',
    });
    expect(applicationOfAccount(undefined)).toEqual({});
  });
});
