/**
 * doc1 §4.7 'prefill uses the latest (newest by creation date) approved or approved-pending account, only for the
 * domain-portal user, when not the eHopper flow and not CAD without master-MID': the create call of flows/calls.json
 * asks for it (use-shopper-data) exactly then, and server/routes/launch.ts profileParts picks the newest profile of
 * the same currency and only the fields of rules/accounts.json profilePrefill.
 */
import calls from '../../../flows/calls.json' with { type: 'json' };
import accounts from '../../../rules/accounts.json' with { type: 'json' };
import { fillTemplate } from '../../../engine/calls/template.ts';
import { profileParts } from '../../../server/routes/launch.ts';

const asks = (portal: string, currency: string, flags: Record<string, boolean> = {}) =>
  (
    fillTemplate(calls.calls.createApplication.query, { environment: { portal, currency }, flags }) as Record<
      string,
      string
    >
  )['use-shopper-data'];

describe('when the create call asks for the profile prefill', () => {
  it('asks for the domain-portal user in USD, and in CAD with master-MID', () => {
    expect(asks('domain', 'USD')).toBe('true');
    expect(asks('domain', 'CAD', { masterMid: true })).toBe('true');
  });
  it('asks the same way when a product is added to an existing business (ADD_PRODUCT)', () => {
    expect(calls.calls.createProductApplication.query['use-shopper-data']).toEqual(
      calls.calls.createApplication.query['use-shopper-data'],
    );
    expect(calls.calls.createProductApplication.query['force-intent']).toBe('ADD_PRODUCT');
  });
  it('does not ask on another portal, with the eHopper flow, or in CAD without master-MID', () => {
    expect(asks('terminal', 'USD')).toBe('false');
    expect(asks('reseller', 'USD')).toBe('false');
    expect(asks('domain', 'USD', { ehopper: true })).toBe('false');
    expect(asks('domain', 'CAD')).toBe('false');
  });
});

const row = (decision: string | undefined, currency: string, createdAt: string, name: string) => ({
  document: {
    application: { id: name, ...(decision ? { decision } : {}) },
    applicant: {
      name: { firstName: name, lastName: 'Lee' },
      email: { emailAddress: `${name}@example.com` },
      governmentIdentification: { value: '4321', sourceType: 'SSN4' },
      dob: '01/15/1985',
    },
    company: {
      name: `${name} Co`,
      currency,
      governmentIdentification: { value: '274815963', sourceType: 'FEIN' },
      segment: '5462',
    },
  },
  createdAt,
});

describe('profileParts', () => {
  const rules = accounts.profilePrefill;
  it('copies the newest approved or approved-pending account of the currency, and no secret', () => {
    const parts = profileParts(
      [
        row('APPROVED', 'USD', '2026-01-01T00:00:00.000Z', 'Old'),
        row('APPROVED_PENDING', 'USD', '2026-03-01T00:00:00.000Z', 'Newest'),
        row('PENDING', 'USD', '2026-05-01T00:00:00.000Z', 'Pending'),
        row('APPROVED', 'CAD', '2026-06-01T00:00:00.000Z', 'Canadian'),
        row(undefined, 'USD', '2026-07-01T00:00:00.000Z', 'Unsent'),
      ],
      'USD',
      accounts.openDecisions,
      rules,
    );
    expect(parts.applicant).toEqual({
      name: { firstName: 'Newest', lastName: 'Lee' },
      email: { emailAddress: 'Newest@example.com' },
    });
    expect(parts.company).toEqual({ name: 'Newest Co', segment: '5462' });
    expect(JSON.stringify(parts)).not.toMatch(/4321|274815963|01\/15\/1985/);
  });
  it('is empty without a profile in the currency', () => {
    expect(
      profileParts(
        [
          row('APPROVED', 'CAD', '2026-01-01T00:00:00.000Z', 'Canadian'),
          row('DECLINED', 'USD', '2026-01-02T00:00:00.000Z', 'Declined'),
        ],
        'USD',
        accounts.openDecisions,
        rules,
      ),
    ).toEqual({});
  });
});
