/**
 * doc1 §4.3 row 2, §4.4, doc2 §7: the partner redirect (flows/money/screens/bank-partner-redirect.json, which
 * rules/routing/after-onboard.json also sends a submitted bank to) goes to the co-brand's redirect address with the
 * auth code, to the alternate address when the application's organisation differs from the co-brand's, and nowhere
 * (the screen's message) without a code or to a non-https address.
 */
import screen from '../../../flows/money/screens/bank-partner-redirect.json' with { type: 'json' };
import { redirectTarget, type RedirectOptions } from '../../../engine/screens/redirect-target.ts';

const options = screen.options as unknown as RedirectOptions;
const origin = 'https://onboarding.example';
const partner = {
  organizationId: 'org-partner',
  redirectUrl: 'https://partner.example/return',
  alternateRedirectUrl: 'https://partner.example/other',
};
const target = (environment: object, application: object, code: unknown = 'c0de/+=') =>
  redirectTarget(options, { environment, application, response: { code } }, origin);

describe('partner redirect', () => {
  it('goes to the redirect address with the code, encoded', () => {
    expect(target(partner, { organizationId: 'org-partner' })).toBe(
      'https://partner.example/return?code=c0de%2F%2B%3D',
    );
    expect(target(partner, {})).toBe('https://partner.example/return?code=c0de%2F%2B%3D');
  });

  it('goes to the alternate address when the organisations differ', () => {
    expect(target(partner, { organizationId: 'org-other' })).toBe('https://partner.example/other?code=c0de%2F%2B%3D');
  });

  it('keeps the redirect address when the organisations differ but there is no alternate one', () => {
    expect(
      target(
        { organizationId: 'org-partner', redirectUrl: 'https://partner.example/return' },
        { organizationId: 'org-other' },
      ),
    ).toBe('https://partner.example/return?code=c0de%2F%2B%3D');
  });

  it('goes nowhere without a code, or to a non-https address', () => {
    expect(target(partner, {}, null)).toBeUndefined();
    expect(target({ redirectUrl: 'http://partner.example/return' }, {})).toBeUndefined();
  });
});
