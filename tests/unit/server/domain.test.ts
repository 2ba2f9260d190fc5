import { loadContent } from '../../../server/content.ts';
import { mergeAt, partialAt, removeAt, segments, testHolds } from '../../../server/domain/json-patch.ts';
import { normaliseDocument } from '../../../server/domain/normalise.ts';
import { priceOrder } from '../../../server/domain/orders.ts';
import { newOwner, partnerView, settleBoVerification } from '../../../server/domain/owners.ts';
import { predictIndustries, words } from '../../../server/domain/predict.ts';
import { newDocument, type ApplicationDocument } from '../../../server/domain/document.ts';
import { formatAt } from '../../../server/routes/document-checks.ts';
import { redactPathSecrets } from '../../../server/http/logging.ts';

const content = loadContent();

describe('json patch', () => {
  const doc = { applicant: { name: { firstName: 'Ann', lastName: 'Lee' } }, company: { 'a/b': 1 } };
  it('reads escaped pointers', () => expect(segments('/company/a~1b/~0x')).toEqual(['company', 'a/b', '~x']));
  it('builds the partial document of a pointer', () =>
    expect(partialAt('/applicant/name/firstName', 'Bo')).toEqual({ applicant: { name: { firstName: 'Bo' } } }));
  it('merges, removes and tests without changing the input', () => {
    expect(mergeAt(doc, '/applicant/name/firstName', 'Bo').applicant.name).toEqual({
      firstName: 'Bo',
      lastName: 'Lee',
    });
    expect(removeAt(doc, '/applicant/name/lastName').applicant.name).toEqual({ firstName: 'Ann' });
    expect(removeAt(doc, '/nothing/here')).toEqual(doc);
    expect(testHolds(doc, '/company/a~1b', 1)).toBe(true);
    expect(testHolds(doc, '/applicant/name', { firstName: 'Ann' })).toBe(false);
    expect(doc.applicant.name.lastName).toBe('Lee');
  });
});

describe('priceOrder (rules/plans.json)', () => {
  it('prices in cents: rental per unit times quantity, shipping for devices', () => {
    const priced = priceOrder(content.plans, 'US', [{ planKey: 'n950', quantity: 3 }]);
    expect(priced).toMatchObject({
      type: 'RENT',
      totals: { subtotalCents: 9000, shippingCents: 1500, totalCents: 10500 },
    });
  });
  it('a trial means no upfront charge; the first profile gives the order type', () => {
    expect(priceOrder(content.plans, 'CA', [{ planKey: 'poyntC', quantity: 2 }])).toMatchObject({
      type: 'RENT',
      totals: { subtotalCents: 0 },
    });
    expect(
      priceOrder(content.plans, 'US', [
        { planKey: 'buy', quantity: 1 },
        { planKey: 'n910', quantity: 1 },
      ]),
    ).toMatchObject({ type: 'BUY' });
  });
  it('names an unknown plan', () =>
    expect(priceOrder(content.plans, 'US', [{ planKey: 'x', quantity: 1 }])).toEqual({
      problems: [{ field: '/profiles/0/planKey', key: 'errors.planUnknown' }],
    }));
});

describe('predictIndustries', () => {
  const label = (id: number) => `industry ${id}`;
  it('folds accents, case and plurals', () => expect(words('Cafés & PIZZAS, bar')).toEqual(['cafe', 'pizza', 'bar']));
  it('ranks keyword matches first, at most ten, scores descending', () => {
    const top = predictIndustries(content.categories, 'pizza pasta restaurant delivery food', label);
    expect(top.length).toBeLessThanOrEqual(10);
    expect(top.map((p) => p.score)).toEqual([...top.map((p) => p.score)].sort((a, b) => b - a));
    expect(predictIndustries(content.categories, 'qqq zzz', label)).toEqual([]);
  });
});

describe('normaliseDocument', () => {
  it('stores phone numbers as digits and leaves everything else', () => {
    const doc = {
      ...newDocument({ applicant: { phone: { localPhoneNumber: '(201) 555-0123' } }, company: { name: 'A-1 (East)' } }),
      owners: [{ phone: { nationalNumber: '201 555 0199' } }],
    } as ApplicationDocument;
    const out = normaliseDocument(doc);
    expect(out.applicant.phone).toEqual({ localPhoneNumber: '2015550123' });
    expect(out.owners[0]!.phone).toEqual({ nationalNumber: '2015550199' });
    expect(out.company.name).toBe('A-1 (East)');
  });
});

describe('owners', () => {
  it('a partner needs photo ID; the applicant owner does not', () => {
    expect(newOwner({ firstName: 'Bo' })).toMatchObject({
      type: 'OWNER',
      status: 'REQUEST_TO_BE_SENT',
      stepUpDetails: [{ type: 'GOV_ID_SELFIE', status: 'REQUIRED' }],
    });
    expect(newOwner({ type: 'APPLICANT_OWNER' })).toMatchObject({
      type: 'APPLICANT_OWNER',
      status: 'COMPLETED',
      stepUpDetails: [],
    });
  });
  it('BO_VERIFICATION leaves only when no partner is left to verify', () => {
    const base = newDocument({});
    const doc = {
      ...base,
      application: { ...base.application, stepUpDetails: [{ type: 'BO_VERIFICATION' as const }] },
    };
    const pending = { ...doc, owners: [newOwner({ firstName: 'Bo' })] };
    expect(settleBoVerification(pending).application.stepUpDetails).toHaveLength(1);
    expect(
      settleBoVerification({ ...doc, owners: [{ ...newOwner({}), stepUpDetails: [] }] }).application.stepUpDetails,
    ).toEqual([]);
  });
  it('the partner view holds the business names and their own record only', () => {
    const doc = {
      ...newDocument({
        applicant: { email: { emailAddress: 'a@example.com' } },
        company: { name: 'Acme', currency: 'USD' },
      }),
      owners: [{ id: 'o1' }, { id: 'o2' }],
    };
    const view = partnerView(doc, ['o2']);
    expect(view.owners).toEqual([{ id: 'o2' }]);
    expect(view.applicant).toEqual({});
    expect(view.company).toEqual({ name: 'Acme' });
  });
});

describe('formatAt (rules/validation/fields.json)', () => {
  it('finds the market format of a document pointer, array elements included', () => {
    expect(formatAt('/applicant/address/zip', 'US')).toBe('us-zip');
    expect(formatAt('/applicant/address/zip', 'CA')).toBe('ca-postal-code');
    expect(formatAt('/owners/2/email', 'CA')).toBe('email');
    expect(formatAt('/applicant/sin', 'US')).toBeUndefined();
    expect(formatAt('/applicant/nothing', 'US')).toBeUndefined();
  });
});

describe('redactPathSecrets', () => {
  it('hides bearer path segments, keeps the rest', () => {
    expect(redactPathSecrets('/api/v2/applications/urn:app:x/phone-auth/sms-verifications/abcDEF?x=_')).toBe(
      '/api/v2/applications/urn:app:x/phone-auth/sms-verifications/_?x=_',
    );
    expect(redactPathSecrets('/sandbox/carrier/abc')).toBe('/sandbox/carrier/_');
    expect(redactPathSecrets('/api/v2/applications/urn:app:x/phone-auth/sms-verifications')).toBe(
      '/api/v2/applications/urn:app:x/phone-auth/sms-verifications',
    );
  });
});

describe('rules the API loads', () => {
  it('maps every government id source type to a format that exists', async () => {
    const { formatRules } = await import('../../../engine/validation/index.ts');
    for (const rule of Object.values(content.governmentIds.sourceTypes)) {
      expect(formatRules[rule.format]).toBeDefined();
      if (rule.shortFormat) expect(formatRules[rule.shortFormat]).toBeDefined();
    }
    expect(formatRules[content.governmentIds.manualEntry.legalBusinessNameFormat]).toBeDefined();
  });
  it('sandbox trigger cards are valid card numbers (a tester can type them)', async () => {
    const { formatRules } = await import('../../../engine/validation/index.ts');
    for (const number of [...content.sandbox.cardVault.declineOnPayment, ...content.sandbox.cardVault.refuseToSave])
      expect(formatRules['card-number']!.reason(number)).toBeNull();
  });
});
