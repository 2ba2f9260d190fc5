/**
 * Routing after the environment loads (doc1 §2.8) through the real content bundle: rules/routing/after-environment.json
 * evaluated by afterEnvironmentTarget with account lists, giving real addresses (co-brand prefix and query kept).
 */
import { resolve } from 'node:path';
import { loadContent } from '../../../scripts/content/load.ts';
import { afterEnvironmentTarget } from '../../../engine/screens/after-environment.ts';
import { isApplicationRoot } from '../../../engine/screens/after-environment-routing.tsx';
import type { AccountEntry } from '../../../domain/accounts.ts';

const bundle = loadContent(resolve(import.meta.dirname, '../../..'));
const us = (extra: Record<string, unknown> = {}) => ({
  environment: { portal: 'domain', market: 'US', ...extra },
  flags: {},
  route: {},
});
const id = 'urn:app:aaaa1111-bbbb-cccc-dddd-eeeeeeee';
const entry = (
  applicationId: string,
  riskDecision: AccountEntry['riskDecision'],
  applicationLevel: AccountEntry['applicationLevel'],
  extra: Partial<AccountEntry> = {},
): AccountEntry => ({ applicationId, riskDecision, applicationLevel, ...extra });

describe('afterEnvironmentTarget', () => {
  it('stays when the user has no accounts', () => {
    expect(afterEnvironmentTarget(bundle, 'after-environment', [], { ...us(), query: {} })).toBeUndefined();
  });

  it('goes to the account list with several accounts, keeping the co-brand and the query', () => {
    const accounts = [entry(id, 'APPROVED', 'FULL'), entry(id.replace('aaaa1111', 'aaaa2222'), 'PENDING', 'FULL')];
    expect(
      afterEnvironmentTarget(bundle, 'after-environment', accounts, {
        ...us({ referralUrlId: 'acme' }),
        query: { source: 'mail' },
      }),
    ).toBe('/r/acme/accounts?source=mail');
  });

  it('opens the stores of the current business when it has an approved account', () => {
    const accounts = [
      entry(id, 'APPROVED', 'FULL', { businessId: 'biz-1' }),
      entry(id.replace('aaaa1111', 'aaaa2222'), 'PENDING', 'FULL'),
    ];
    expect(
      afterEnvironmentTarget(bundle, 'after-environment', accounts, { ...us(), query: { businessId: 'biz-1' } }),
    ).toBe('/accounts/biz-1/stores?businessId=biz-1');
  });

  it('sends a single basic account to its signup form, and create-business mode to the root', () => {
    const accounts = [entry(id, 'PENDING', 'BASIC', { originalIntent: 'CREATE_BUSINESS' })];
    expect(afterEnvironmentTarget(bundle, 'after-environment', accounts, { ...us(), query: {} })).toBe(`/${id}/update`);
    expect(
      afterEnvironmentTarget(bundle, 'after-environment', accounts, { ...us(), query: { createBusiness: 'true' } }),
    ).toBe('/?createBusiness=true');
  });
});

describe('isApplicationRoot', () => {
  it('is the root with or without the co-brand prefix, and nothing else', () => {
    expect(['/', '/r/acme', '/r/acme/'].map(isApplicationRoot)).toEqual([true, true, true]);
    expect(['/accounts', '/r/acme/accounts', `/${id}/bank`].map(isApplicationRoot)).toEqual([false, false, false]);
  });
});
