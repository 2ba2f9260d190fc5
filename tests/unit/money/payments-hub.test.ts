/**
 * The payments-hub redirect (flows/money/screens/bank-payments-hub.json) builds the online-store payments page of
 * doc2 §9 from rules/services.json storePaymentsPage: {%ID%} the store id, the venture template with {%VENTURE_ID%}
 * when a venture id is known, the context as a query, else applicationCompleted=true; values URL-encoded. Each
 * combination of venture id and context gives the address written out below from those templates.
 */
import { loadContent } from '../../../scripts/content/load.ts';
import { redirectTarget, type RedirectOptions } from '../../../engine/screens/redirect-target.ts';
import { REPO } from '../check-content/tree.ts';

const bundle = loadContent(REPO);
const options = bundle.screens['bank-payments-hub']!.options as unknown as RedirectOptions;
const origin = 'https://onboarding.localhost';

describe('the payments hub address (doc2 §9 online-store payments page)', () => {
  it.each([
    {
      storeId: 'store 1',
      ventureId: null,
      context: null,
      expected: 'https://commerce.localhost/store/store%201/settings/payments?applicationCompleted=true',
    },
    {
      storeId: 'store-1',
      ventureId: 'v/42',
      context: null,
      expected: 'https://commerce.localhost/venture/v%2F42/store/store-1/settings/payments?applicationCompleted=true',
    },
    {
      storeId: 'store-1',
      ventureId: null,
      context: 'onboarding&x=1',
      expected: 'https://commerce.localhost/store/store-1/settings/payments?context=onboarding%26x%3D1',
    },
    {
      storeId: 'store-1',
      ventureId: 'v42',
      context: 'hub',
      expected: 'https://commerce.localhost/venture/v42/store/store-1/settings/payments?context=hub',
    },
  ])('store $storeId, venture $ventureId, context $context', ({ expected, ...application }) => {
    expect(redirectTarget(options, { application }, origin)).toBe(expected);
  });
  it('the venture template and the context are really used', () => {
    expect(redirectTarget(options, { application: { storeId: 's', ventureId: 'v9' } }, origin)).toContain(
      '/venture/v9/',
    );
    expect(redirectTarget(options, { application: { storeId: 's', context: 'c' } }, origin)).toMatch(/\?context=c$/);
    expect(redirectTarget(options, { application: { storeId: 's' } }, origin)).toMatch(/\?applicationCompleted=true$/);
  });
  it('no store id, no address', () => {
    expect(redirectTarget(options, { application: {} }, origin)).toBeUndefined();
  });
});
