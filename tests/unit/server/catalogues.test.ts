import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MessageFormat } from 'messageformat';
import { errorCodes } from '../../../server/http/errors.ts';

const root = new URL('../../../', import.meta.url).pathname;
const locales = ['en-US', 'en-CA', 'fr-CA'];
const read = (locale: string, ns: string) =>
  JSON.parse(readFileSync(join(root, 'locales', locale, `${ns}.json`), 'utf8')) as {
    $schema: string;
    messages: Record<string, string>;
  };

/** Every `sso.*`, `errors.*`, `outbox.*` or `sandbox.*` key written as a string literal in server code. */
function keysUsedInServer(): Set<string> {
  const used = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts'))
        for (const m of readFileSync(path, 'utf8').matchAll(/'((?:sso|errors|outbox|sandbox)\.[A-Za-z.]+)'/g))
          used.add(m[1]!);
    }
  };
  walk(join(root, 'server'));
  return used;
}

describe.each(['sso', 'errors', 'outbox', 'sandbox'])('locales/*/%s.json', (ns) => {
  it('has the same keys in all three locales, each starting with the namespace', () => {
    const [first, ...rest] = locales.map((l) => Object.keys(read(l, ns).messages).sort());
    for (const keys of rest) expect(keys).toEqual(first);
    for (const key of first!) expect(key.startsWith(`${ns}.`)).toBe(true);
  });

  it('names the catalogue meta-schema', () => {
    for (const l of locales) expect(read(l, ns).$schema).toBe('../../schemas/content/catalogue.schema.json');
  });

  it.each(locales)('compiles every message in %s', (locale) => {
    for (const [key, text] of Object.entries(read(locale, ns).messages)) {
      expect(() => new MessageFormat(locale, text), key).not.toThrow();
    }
  });

  it('is translated into French, not copied', () => {
    const en = read('en-US', ns).messages;
    const fr = read('fr-CA', ns).messages;
    const same = Object.keys(en).filter((k) => en[k] === fr[k]);
    expect(same).toEqual([]);
  });
});

describe('server message keys', () => {
  it('exist in the catalogues (every key used in server code, every error code)', () => {
    const known = new Set(
      ['sso', 'errors', 'outbox', 'sandbox'].flatMap((ns) => Object.keys(read('en-US', ns).messages)),
    );
    const used = new Set([...keysUsedInServer(), ...Object.values(errorCodes).map((c) => c.key)]);
    expect(used.size).toBeGreaterThan(20);
    expect([...used].filter((k) => !known.has(k))).toEqual([]);
  });
});

describe('server message keys built at run time', () => {
  it('exist for every status, outcome, inquiry kind and bank account type the sandbox pages show', () => {
    const known = new Set(Object.keys(read('en-US', 'sandbox').messages));
    const built = [
      ...['CREATED', 'IN_PROGRESS', 'RECEIVED', 'TIMEOUT'].map((s) => `sandbox.inquiry.status.${s}`),
      ...['RECEIVED', 'IN_PROGRESS', 'TIMEOUT'].map((s) => `sandbox.inquiry.outcome.${s}`),
      ...['identification', 'verification'].flatMap((k) => [
        `sandbox.inquiry.${k}.title`,
        `sandbox.inquiry.${k}.intro`,
      ]),
      ...['CHECKING', 'SAVINGS'].map((t) => `sandbox.bank.account.${t}`),
    ];
    expect(built.filter((k) => !known.has(k))).toEqual([]);
  });
});

describe('server translators and session hashes', () => {
  it('hands out one translator per locale, which still falls back per key and formats variables', async () => {
    const { Catalogues } = await import('../../../server/i18n/catalogues.ts');
    const catalogues = new Catalogues(join(root, 'locales'));
    const fr = catalogues.for('fr-CA');
    expect(catalogues.for('fr-CA')).toBe(fr);
    expect(catalogues.for('en-US')).not.toBe(fr);
    expect(fr.locale).toBe('fr-CA');
    expect(fr.t('errors.validationFailed')).toBe(read('fr-CA', 'errors').messages['errors.validationFailed']);
    expect(fr.t('no.such.key')).toBe('no.such.key');
  });

  it('stores a session by the sha-256 of its token, as createHash computes it (fast-check)', async () => {
    const { createHash } = await import('node:crypto');
    const fc = (await import('fast-check')).default;
    const { hashToken } = await import('../../../server/storage/sessions.ts');
    fc.assert(
      fc.property(fc.string({ maxLength: 200, unit: 'grapheme' }), (token) => {
        expect(hashToken(token)).toBe(createHash('sha256').update(token).digest('base64url'));
      }),
    );
  });
});
