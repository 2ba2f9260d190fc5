import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { MessageFormat } from 'messageformat';
import { createTranslator, isPlainText } from '../../../engine/i18n/translator.ts';
import { loadCatalogues } from '../../../scripts/content/load.ts';
import { detectLocale } from '../../../engine/i18n/detect.ts';
import { detectMarket, detectPortal, referralFromPath, type EngineConfig } from '../../../engine/environment/detect.ts';
import { cookieString, readCookie } from '../../../engine/environment/cookies.ts';
import { forgetFailedLoads } from '../../../engine/state/load-once.ts';

describe('translator', () => {
  it('formats MF2 with variables, falls back to the fallback catalogue, then reports and shows the key', () => {
    const missing: string[] = [];
    const { t } = createTranslator(
      'fr-CA',
      { a: 'Étape {$step} sur {$steps}' },
      { locale: 'en-US', messages: { b: 'Only English' } },
      (key) => missing.push(key),
    );
    expect(t('a', { step: 1, steps: 5 })).toBe('Étape 1 sur 5');
    expect(t('b')).toBe('Only English');
    expect(t('c')).toBe('c');
    expect(missing).toEqual(['c']);
  });

  // The oracle is MessageFormat itself: text the translator hands out as it is must format to exactly that text.
  const formatted = (source: string) =>
    new MessageFormat('en-US', source, { bidiIsolation: 'none' }).format({}, () => {});
  it('hands out plain text as MessageFormat would format it, for any text (fast-check)', () => {
    const char = fc.constantFrom(
      'a',
      'É',
      ' ',
      '.',
      '{',
      '}',
      '\\',
      '|',
      '#',
      '@',
      '$',
      ':',
      '\n',
      '\t',
      '’',
      '%',
      '0',
    );
    fc.assert(
      fc.property(
        fc.array(char, { minLength: 1, maxLength: 12 }).map((chars) => chars.join('')),
        (source) => {
          if (isPlainText(source)) expect(formatted(source)).toBe(source);
        },
      ),
      { numRuns: 3000 },
    );
    // Text with a placeholder, an escape or a keyword start goes to the parser.
    for (const source of ['{$a}', 'a {b}', 'a \\{', '.input {$x}', ' leading', ''])
      expect(isPlainText(source)).toBe(false);
    expect(isPlainText('Step 3: your business | you')).toBe(true);
  });

  it('formats every plain message of every shipped catalogue as MessageFormat does', () => {
    let plain = 0;
    for (const [locale, messages] of Object.entries(loadCatalogues(join(import.meta.dirname, '../../..')))) {
      const { t } = createTranslator(locale, messages, undefined);
      for (const [key, source] of Object.entries(messages)) {
        if (!isPlainText(source)) continue;
        plain += 1;
        expect(t(key)).toBe(new MessageFormat(locale, source, { bidiIsolation: 'none' }).format());
      }
    }
    expect(plain).toBeGreaterThan(1000);
  });
});

describe("a screen's own messages (engine/i18n/translator.ts screenMessages)", () => {
  const chunk = (messages: Record<string, string>, fallback: Record<string, string> = {}) => ({
    default: messages,
    fallback,
  });

  it('loads them once, then the translator has them; a screen without a chunk of its own gives nothing to wait for', async () => {
    let loads = 0;
    const missing: string[] = [];
    const translator = createTranslator(
      'fr-CA',
      { 'shell.x': 'Coquille' },
      { locale: 'en-US', messages: {} },
      (key) => missing.push(key),
      {
        landing: async () => (
          loads++,
          chunk({ 'signup.landing.title': 'Faites-vous payer' }, { 'signup.landing.intro': 'Apply' })
        ),
      },
    );
    expect(translator.has('signup.landing.title')).toBe(false);
    const first = translator.screenMessages!('landing')!;
    expect(translator.screenMessages!('landing')).toBe(first); // the same promise: React's use() waits on one
    await first;
    expect(loads).toBe(1);
    expect((first as { status?: string }).status).toBe('fulfilled'); // read at once by use() from now on
    expect(translator.t('signup.landing.title')).toBe('Faites-vous payer');
    expect(translator.t('signup.landing.intro')).toBe('Apply'); // the fallback locale's, for a key the locale lacks
    expect(translator.t('shell.x')).toBe('Coquille');
    expect(missing).toEqual([]);
    expect(translator.screenMessages!('other')).toBeUndefined();
  });

  it('keeps a failed download until the failure is shown, then loads them again', async () => {
    const answers = [Promise.reject(new Error('offline')), Promise.resolve(chunk({ 'a.b': 'A' }))];
    const translator = createTranslator('en-US', {}, undefined, undefined, { s: () => answers.shift()! });
    const failed = translator.screenMessages!('s')!;
    await expect(failed).rejects.toThrow('offline');
    // Until the screen's error boundary shows the failure, every render that asks gets the same failure (marked as
    // React's use() reads it), not a new download that would suspend again and spin on the loader.
    expect(translator.screenMessages!('s')).toBe(failed);
    expect(failed).toMatchObject({ status: 'rejected', reason: new Error('offline') });
    forgetFailedLoads();
    await translator.screenMessages!('s');
    expect(translator.t('a.b')).toBe('A');
  });

  it("does not change the catalogue it was made from (another locale's translator, the next test, share it)", async () => {
    const catalogue = { 'shell.x': 'X' };
    const translator = createTranslator('en-US', catalogue, undefined, undefined, {
      s: async () => chunk({ 'a.b': 'A' }),
    });
    await translator.screenMessages!('s');
    expect(catalogue).toEqual({ 'shell.x': 'X' });
    expect(createTranslator('en-US', catalogue, undefined).screenMessages).toBeUndefined();
  });
});

describe('locale detection: cookie, then session, then browser, then query (doc1 §1)', () => {
  const supported = ['en-CA', 'fr-CA'];
  it('takes the first supported source in that order', () => {
    expect(
      detectLocale({ cookie: 'fr-CA', session: 'en-CA', browser: ['en-CA'], query: 'en-CA' }, supported, 'en-CA'),
    ).toBe('fr-CA');
    expect(
      detectLocale({ cookie: 'de-DE', session: 'en-CA', browser: ['fr'], query: 'fr-CA' }, supported, 'fr-CA'),
    ).toBe('en-CA');
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

describe('small whole numbers in messages', () => {
  // Oracle: Intl.NumberFormat itself, in every locale the product ships (a locale added with other digits fails here).
  const shipped = readdirSync(join(import.meta.dirname, '../../../locales'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

  it('read exactly as the locale formats them, for every whole number from 0 to 999', () => {
    expect(shipped.length).toBeGreaterThanOrEqual(3);
    for (const locale of shipped) {
      const { t } = createTranslator(locale, { step: 'Step {$step} of {$steps}', exact: '{$n}' }, undefined);
      const format = new Intl.NumberFormat(locale);
      for (let n = 0; n < 1000; n += 1) expect(t('exact', { n })).toBe(format.format(n));
      expect(t('step', { step: 2, steps: 5 })).toBe(`Step ${format.format(2)} of ${format.format(5)}`);
    }
  });

  it('still select plurals and format as numbers where the message declares :number, and larger numbers keep grouping', () => {
    fc.assert(
      fc.property(fc.constantFrom(...shipped), fc.integer({ min: -5000, max: 5000 }), (locale, n) => {
        const { t } = createTranslator(
          locale,
          { count: '.input {$n :number}\n.match $n\none {{{$n} second}}\n* {{{$n} seconds}}', plain: '{$n}' },
          undefined,
        );
        const format = new Intl.NumberFormat(locale);
        const one = new Intl.PluralRules(locale).select(n) === 'one';
        expect(t('count', { n })).toBe(`${format.format(n)} ${one ? 'second' : 'seconds'}`);
        expect(t('plain', { n })).toBe(format.format(n));
      }),
      { numRuns: 300 },
    );
  });
});
