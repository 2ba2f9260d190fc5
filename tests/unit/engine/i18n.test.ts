import { createTranslator } from '../../../engine/i18n/translator.ts';
import { detectLocale } from '../../../engine/i18n/detect.ts';
import { detectMarket, detectPortal, referralFromPath, type EngineConfig } from '../../../engine/environment/detect.ts';
import { cookieString, readCookie } from '../../../engine/environment/cookies.ts';

describe('translator', () => {
  it('formats MF2 with variables, falls back to the fallback catalogue, then reports and shows the key', () => {
    const missing: string[] = [];
    const { t } = createTranslator('fr-CA', { a: 'Étape {$step} sur {$steps}' }, { locale: 'en-US', messages: { b: 'Only English' } }, (key) => missing.push(key));
    expect(t('a', { step: 1, steps: 5 })).toBe('Étape 1 sur 5');
    expect(t('b')).toBe('Only English');
    expect(t('c')).toBe('c');
    expect(missing).toEqual(['c']);
  });
});

describe('locale detection: cookie, then session, then browser, then query (doc1 §1)', () => {
  const supported = ['en-CA', 'fr-CA'];
  it('takes the first supported source in that order', () => {
    expect(detectLocale({ cookie: 'fr-CA', session: 'en-CA', browser: ['en-CA'], query: 'en-CA' }, supported, 'en-CA')).toBe('fr-CA');
    expect(detectLocale({ cookie: 'de-DE', session: 'en-CA', browser: ['fr'], query: 'fr-CA' }, supported, 'fr-CA')).toBe('en-CA');
    expect(detectLocale({ browser: ['de', 'fr-FR'] }, supported, 'en-CA')).toBe('fr-CA');
    expect(detectLocale({ query: 'fr-ca' }, supported, 'en-CA')).toBe('fr-CA');
    expect(detectLocale({}, supported, 'en-CA')).toBe('en-CA');
  });
});

describe('environment', () => {
  const config: EngineConfig = {
    markets: { US: { currency: 'USD', locales: ['en-US'] }, CA: { currency: 'CAD', locales: ['en-CA', 'fr-CA'] } },
    defaultMarket: 'US',
    fallbackLocale: 'en-US',
    cookieHost: 'terminal.localhost',
    portalRules: [{ hostContains: '{cookieHost}', portal: 'terminal' }],
    defaultPortal: 'domain',
    flags: {},
  };
  it('market from the first currency given (the caller passes the query before the cookie), then the default', () => {
    expect(detectMarket(config, 'CAD', 'USD')).toBe('CA');
    expect(detectMarket(config, null, 'cad')).toBe('CA');
    expect(detectMarket(config, 'EUR', null)).toBe('US');
  });
  it('portal by whether the host contains the configured cookie host', () => {
    expect(detectPortal(config, 'terminal.localhost')).toBe('terminal');
    expect(detectPortal(config, 'localhost')).toBe('domain');
  });
  it('co-brand from /r/{referralUrlId}', () => {
    expect(referralFromPath('/r/acme%20co/urn:app:x/applicant')).toBe('acme co');
    expect(referralFromPath('/urn:app:x/applicant')).toBeUndefined();
  });
  it('cookies use path / and the parent domain when applicable', () => {
    expect(cookieString('currency', 'CAD', 'pay.example.com', 'example.com')).toContain('path=/; domain=example.com');
    expect(cookieString('currency', 'CAD', 'localhost', 'example.com')).not.toContain('domain=');
    expect(readCookie('a=1; currency=CAD; b=2', 'currency')).toBe('CAD');
  });
});
