/**
 * Catalogue tools (scripts/catalogues): the localisers' report (missing, untranslated, unused keys, MessageFormat 2
 * syntax and variables), the same-as-source marks, and the pseudo-locale.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MessageFormat } from 'messageformat';
import {
  catalogueReport,
  formatReport,
  hasErrors,
  pseudoCatalogue,
  pseudoMessage,
  pseudoText,
  variablesOfMessage,
} from '../../../scripts/catalogues/index.ts';
import { loadCatalogues } from '../../../scripts/content/load.ts';
import { REPO, tree } from '../check-content/tree.ts';

const write = (root: string, file: string, data: unknown): void => {
  mkdirSync(join(root, file, '..'), { recursive: true });
  writeFileSync(join(root, file), JSON.stringify(data, null, 2));
};

const catalogue = (messages: Record<string, string>) => ({
  $schema: '../../schemas/content/catalogue.schema.json',
  messages,
});

const byLocale = (root: string) =>
  Object.fromEntries(catalogueReport(root).locales.map((report) => [report.locale, report]));

describe('catalogueReport', () => {
  it('finds nothing to fix in the good tree', () => {
    const report = catalogueReport(tree());
    expect(hasErrors(report)).toBe(false);
    expect(
      report.locales.map((l) => [l.locale, l.keys, l.missing.length, l.untranslated.length, l.problems.length]),
    ).toEqual([
      ['en-US', 8, 0, 0, 0],
      ['en-CA', 8, 0, 0, 0],
      ['fr-CA', 8, 0, 0, 0],
    ]);
  });

  it('names a missing French key, who needs it and where to add it', () => {
    const report = catalogueReport(tree('missing-key'));
    expect(byLocale(tree('missing-key'))['fr-CA'].missing).toEqual([
      { key: 'demo.start.color.help', neededBy: 'locales/en-US' },
    ]);
    expect(hasErrors(report)).toBe(true);
    expect(formatReport(report)).toContain(
      'missing       demo.start.color.help  (needed by locales/en-US; add it to locales/fr-CA/demo.json)',
    );
  });

  it('flags a French message identical to English unless locales/same-as-source.json marks it', () => {
    const root = tree();
    write(
      root,
      'locales/fr-CA/demo.json',
      catalogue({
        'demo.start.title': 'Choisissez une couleur',
        'demo.start.submit': 'Continuer',
        'demo.start.color.label': 'Couleur',
        'demo.start.color.help': 'Choisissez celle qui vous plaît.',
        'demo.start.color.options.red': 'Rouge',
        'demo.start.color.options.blue': 'Blue',
        'demo.done.title': 'All done',
        'demo.other.title': 'Autre chose',
      }),
    );
    expect(byLocale(root)['fr-CA'].untranslated).toEqual(['demo.done.title', 'demo.start.color.options.blue']);
    expect(byLocale(root)['en-CA'].untranslated).toEqual([]);
    write(root, 'locales/same-as-source.json', {
      $schema: '../schemas/content/locales/same-as-source.schema.json',
      locales: {
        'fr-CA': { 'demo.start.color.options.blue': 'Test: meant.', 'demo.start.title': 'Test: a stale mark.' },
      },
    });
    const report = catalogueReport(root);
    expect(byLocale(root)['fr-CA'].untranslated).toEqual(['demo.done.title']);
    expect(report.sameAsSource.map(({ file, pointer, message }) => ({ file, pointer, message }))).toEqual([
      {
        file: 'locales/same-as-source.json',
        pointer: '/locales/fr-CA/demo.start.title',
        message: 'marks "demo.start.title" as the same as en-US, but it is now translated',
      },
    ]);
  });

  it('reports MessageFormat 2 syntax and variables a translation invents', () => {
    const root = tree();
    write(root, 'locales/en-US/extra.json', catalogue({ 'extra.greeting': 'Hello {$name}', 'extra.broken': 'Fine' }));
    write(
      root,
      'locales/en-CA/extra.json',
      catalogue({ 'extra.greeting': 'Hello {$name}', 'extra.broken': 'Fine {$' }),
    );
    write(root, 'locales/fr-CA/extra.json', catalogue({ 'extra.greeting': 'Bonjour {$nom}', 'extra.broken': 'Bien' }));
    const reports = byLocale(root);
    expect(reports['fr-CA'].problems.map(({ file, pointer, message }) => ({ file, pointer, message }))).toEqual([
      {
        file: 'locales/fr-CA/extra.json',
        pointer: '/messages/extra.greeting',
        message: 'uses {$nom}, which the en-US message does not provide (it has {$name})',
      },
    ]);
    expect(reports['en-CA'].problems).toHaveLength(1);
    expect(reports['en-CA'].problems[0]).toMatchObject({
      file: 'locales/en-CA/extra.json',
      pointer: '/messages/extra.broken',
    });
    expect(reports['en-CA'].problems[0].message).toMatch(/^does not parse as MessageFormat 2: /);
    expect(reports['en-US'].unused).toEqual(['extra.broken', 'extra.greeting']);
  });

  it('lists what the variables of a message are', () => {
    expect(variablesOfMessage('Step {$step} of {$steps}')).toEqual({ variables: ['step', 'steps'] });
    expect(variablesOfMessage('.local $n = {$count :number}\n{{{$n} items}}')).toEqual({ variables: ['count'] });
    expect(variablesOfMessage('Broken {$')).toHaveProperty('error');
  });

  it('has nothing to fix in the real catalogues', () => {
    const report = catalogueReport(REPO);
    if (hasErrors(report)) console.log(formatReport(report));
    expect(hasErrors(report)).toBe(false);
  });
});

describe('pseudo-locale', () => {
  it('accents every letter, pads by about 40% and wraps the message', () => {
    expect(pseudoText('Continue')).toBe('Çöñţîñûé···');
    const text = pseudoMessage('Continue');
    expect(text).toBe('⟦Çöñţîñûé···⟧');
    expect(/[A-Za-z]/.test(text)).toBe(false);
  });

  it('keeps variables, escapes and selectors, so pseudo messages format like the originals', () => {
    const step = pseudoMessage('Step {$step} of {$steps} \\{x\\}');
    expect(new MessageFormat('en', step).format({ step: 2, steps: 5 })).toMatch(/^⟦Šţéþ \D?2\D? öƒ \D?5\D? \{ẋ\}·+⟧$/u);
    const select = pseudoMessage('.input {$count :number}\n.match $count\none {{One match}}\n* {{{$count} matches}}');
    const format = new MessageFormat('en', select);
    expect(format.format({ count: 1 })).toBe('⟦Öñé ɱàţçĥ···⟧');
    expect(format.format({ count: 3 })).toMatch(/^⟦\D?3\D? ɱàţçĥéš·+⟧$/u);
    expect(pseudoMessage('Broken {$')).toBe('Broken {$');
  });

  it('turns the whole en-US catalogue into messages that compile with the same variables', () => {
    const english = loadCatalogues(REPO)['en-US'];
    const pseudo = pseudoCatalogue(english);
    expect(Object.keys(pseudo)).toEqual(Object.keys(english));
    for (const [key, text] of Object.entries(pseudo)) {
      expect(() => new MessageFormat('en', text), key).not.toThrow();
      expect(variablesOfMessage(text), key).toEqual(variablesOfMessage(english[key]));
      expect(text.length, key).toBeGreaterThan(english[key].length);
    }
  });
});
