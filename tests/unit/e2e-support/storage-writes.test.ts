/**
 * The journeys' storage check (tests/e2e/fixtures/storage-writes.ts): which numbers a page sent count as personal,
 * and when a storage write holds one.
 */
import fc from 'fast-check';
import { holdsSecret, leaks, personalNumbersSent } from '../../e2e/fixtures/storage-writes.ts';

const api = 'http://localhost/api/v2/applications/urn:app:1';

describe('the personal numbers a page sent', () => {
  it('are read off the fields that carry them, wherever they stand', () => {
    const body = {
      applicant: {
        dob: '04/12/1985',
        governmentIdentification: { type: 'INDIVIDUAL', value: '4321', sourceType: 'SSN4' },
        address: { line1: '456 Oak Avenue', zip: '78702' },
      },
      company: { governmentIdentification: { value: '274815963' }, phone: { localPhoneNumber: '5125550147' } },
      bank: { account: { routingNumber: '021000021', accountNumber: '000123456789' } },
      owners: [{ sin: '130692544' }],
    };
    expect(personalNumbersSent(api, body).sort()).toEqual(
      ['000123456789', '021000021', '04/12/1985', '130692544', '274815963', '4321'].sort(),
    );
  });

  it('take `value` only from a government identification, and `number` only from the card vault', () => {
    expect(personalNumbersSent(`${api}/step-ups/full-ssn`, { value: '123456789' })).toEqual(['123456789']);
    expect(
      personalNumbersSent(`${api}/government-identifications/manual-entry`, { type: 'BUSINESS', value: '451234567' }),
    ).toEqual(['451234567']);
    expect(personalNumbersSent(`${api}/financial-instruments/plaid`, { value: 'public-sandbox-1234abcd' })).toEqual([]);
    expect(personalNumbersSent(`${api}/orders`, { items: [{ value: 1000, number: 2 }] })).toEqual([]);
    expect(
      personalNumbersSent('http://localhost/sandbox/vault/cards', { number: '4111 1111 1111 1111', cvv: '123' }),
    ).toEqual(['4111 1111 1111 1111']);
  });
});

describe('a write holding a personal number', () => {
  it('is found however the number is written; a short one only as a whole number', () => {
    expect(holdsSecret('{"n":"123-45-6789"}', '123456789')).toBe(true);
    expect(holdsSecret('born 04/12/1985', '04/12/1985')).toBe(true);
    expect(holdsSecret('x=27-4815963; path=/', '274815963')).toBe(true);
    expect(holdsSecret('4111111111111111', '4111 1111 1111 1111')).toBe(true);
    expect(holdsSecret('{"last4":"4321"}', '4321')).toBe(true);
    // A house number, a year or a phone number that ends with the same four digits is not the SSN's last four.
    expect(holdsSecret('14321 Main Street', '4321')).toBe(false);
    expect(holdsSecret('(512) 555-4321', '4321')).toBe(false);
    expect(holdsSecret('{"types":["landing_viewed"],"locale":"fr-CA"}', '04/12/1985')).toBe(false);
  });

  it('is found for any long number with any separators, inside any text that keeps it apart from other digits', () => {
    const separator = fc.constantFrom('', ' ', '-', '.', '/');
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{7,16}$/),
        fc.array(separator, { minLength: 16, maxLength: 16 }),
        fc.string(),
        fc.string(),
        (secret, seps, before, after) => {
          const written = [...secret].map((digit, i) => (i === 0 ? digit : `${seps[i]}${digit}`)).join('');
          // Oracle: the text around it, with its digits kept away by a letter on each side.
          expect(holdsSecret(`${before}x${written}x${after}`, secret)).toBe(true);
        },
      ),
    );
  });

  it('is listed with where it was written', () => {
    const writes = [
      { area: 'sessionStorage' as const, key: 'onboarding:analytics:sent', value: '["landing_viewed"]' },
      { area: 'localStorage' as const, key: 'onboarding:draft', value: '{"dob":"04/12/1985"}' },
    ];
    expect(leaks(writes, ['04/12/1985', '04/12/1985'])).toEqual([
      'localStorage onboarding:draft holds 04/12/1985: {"dob":"04/12/1985"}',
    ]);
  });
});
