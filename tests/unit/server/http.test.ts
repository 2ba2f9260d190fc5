import fc from 'fast-check';
import { sanitiseParams } from '../../../server/domain/analytics.ts';
import { redactQuery } from '../../../server/http/logging.ts';
import { negotiateLocale } from '../../../server/i18n/index.ts';
import { safeReturnPath } from '../../../server/sandbox/sso/index.ts';

describe('safeReturnPath', () => {
  it('always yields a path that stays on this origin', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.webUrl(), fc.webPath(), fc.constant('//x'), fc.constant('/\\x')),
        (input) => {
          const path = safeReturnPath(input);
          expect(path.startsWith('/')).toBe(true);
          expect(new URL(path, 'http://here.invalid').host).toBe('here.invalid');
          expect(path.startsWith('//')).toBe(false);
          expect(path.includes('\\')).toBe(false);
        },
      ),
    );
  });

  it('refuses a path holding a control character (C0 or DEL): it yields the home path', () => {
    for (const control of ['\u0000', '\t', '\n', '\r', '\u001f', '\u007f'])
      expect(safeReturnPath(`/start${control}next`)).toBe('/');
    expect(safeReturnPath('/start\u0080next')).toBe('/start\u0080next');
  });

  it('keeps an ordinary same-origin path unchanged', () => {
    fc.assert(
      fc.property(
        fc.webPath().filter((p) => p.startsWith('/') && !p.startsWith('//')),
        (p) => {
          expect(safeReturnPath(p)).toBe(p);
        },
      ),
    );
  });
});

describe('redactQuery', () => {
  it('keeps the path and the parameter names, never a value', () => {
    fc.assert(
      fc.property(
        fc.webPath(),
        fc.dictionary(fc.stringMatching(/^[a-zA-Z]{1,8}$/), fc.stringMatching(/^[0-9]{4,12}$/), {
          minKeys: 1,
          maxKeys: 4,
        }),
        (path, query) => {
          const url = `${path || '/'}?${new URLSearchParams(query).toString()}`;
          const out = redactQuery(url);
          for (const value of Object.values(query)) expect(out.split('?')[1]).not.toContain(value);
          for (const name of Object.keys(query)) expect(out).toContain(`${name}=_`);
          expect(out.startsWith(path || '/')).toBe(true);
        },
      ),
    );
  });
});

describe('sanitiseParams', () => {
  it('never keeps an email or a run of four digits in a string value', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string({ maxLength: 10 }),
          fc.oneof(fc.string(), fc.emailAddress(), fc.stringMatching(/^[a-z ]*\d{4,9}[a-z ]*$/), fc.integer()),
        ),
        (params) => {
          const kept = sanitiseParams(params);
          for (const [name, value] of Object.entries(kept)) {
            if (name === 'redacted') continue;
            if (typeof value === 'string') expect(value).not.toMatch(/@|\d[\d\s-]{3,}/);
          }
        },
      ),
    );
  });

  it.each([
    ['applicantSSN'],
    ['bank_account'],
    ['routingNumber'],
    ['email'],
    ['firstName'],
    ['cardNumber'],
    ['governmentIdValue'],
  ])('drops %s whatever its value', (name) => expect(sanitiseParams({ [name]: 'x' })).toEqual({ redacted: [name] }));

  it('keeps a yes or no whatever its name: a feature flag is not personal data', () => {
    expect(sanitiseParams({ 'flags.phoneAuth': false, applicantSsnProvided: true, applicantSsn: '123' })).toEqual({
      'flags.phoneAuth': false,
      applicantSsnProvided: true,
      redacted: ['applicantSsn'],
    });
  });

  it('keeps tracking context such as portal, currency, businessId', () => {
    expect(sanitiseParams({ portal: 'domain', currency: 'CAD', businessId: 'b-1', GPVProvided: true })).toEqual({
      portal: 'domain',
      currency: 'CAD',
      businessId: 'b-1',
      GPVProvided: true,
    });
  });
});

describe('negotiateLocale', () => {
  it.each([
    [undefined, undefined, 'en-US'],
    ['fr-CA', 'en-US', 'fr-CA'],
    ['xx', 'fr;q=0.8, en-CA;q=0.9', 'en-CA'],
    [undefined, 'de-DE, fr;q=0.5', 'fr-CA'],
    [undefined, 'en-GB', 'en-US'],
    [undefined, 'en-ca', 'en-CA'],
    [undefined, 'fr-CA;q=0, en-US', 'en-US'],
  ])('cookie %s, Accept-Language %s -> %s', (cookie, header, expected) => {
    expect(negotiateLocale(cookie, header)).toBe(expected);
  });
});
