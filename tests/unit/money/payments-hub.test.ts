/**
 * The payments-hub redirect (flows/money/screens/bank-payments-hub.json) builds the online-store payments page of
 * doc2 §9 from rules/services.json in content; it must give exactly the address the rule's own function gives
 * (engine/services/store-payments-url.ts), for every combination of venture id and context.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadContent } from '../../../scripts/content/load.ts';
import { redirectTarget, type RedirectOptions } from '../../../engine/screens/redirect-target.ts';
import { storePaymentsUrl } from '../../../engine/services/store-payments-url.ts';
import { REPO } from '../check-content/tree.ts';

const bundle = loadContent(REPO);
const options = bundle.screens['bank-payments-hub']!.options as unknown as RedirectOptions;
const page = JSON.parse(readFileSync(join(REPO, 'rules/services.json'), 'utf8')).storePaymentsPage;
const origin = 'https://onboarding.localhost';

describe('the payments hub address (doc2 §9 online-store payments page)', () => {
  it.each([
    { storeId: 'store 1', ventureId: null, context: null },
    { storeId: 'store-1', ventureId: 'v/42', context: null },
    { storeId: 'store-1', ventureId: null, context: 'onboarding&x=1' },
    { storeId: 'store-1', ventureId: 'v42', context: 'hub' },
  ])('store $storeId, venture $ventureId, context $context', (application) => {
    const expected = storePaymentsUrl(application, page);
    expect(expected).toBeDefined();
    expect(redirectTarget(options, { application }, origin)).toBe(expected);
  });
  it('the venture template and the context are really used', () => {
    expect(redirectTarget(options, { application: { storeId: 's', ventureId: 'v9' } }, origin)).toContain('/venture/v9/');
    expect(redirectTarget(options, { application: { storeId: 's', context: 'c' } }, origin)).toMatch(/\?context=c$/);
    expect(redirectTarget(options, { application: { storeId: 's' } }, origin)).toMatch(/\?applicationCompleted=true$/);
  });
  it('no store id, no address', () => {
    expect(redirectTarget(options, { application: {} }, origin)).toBeUndefined();
  });
});
