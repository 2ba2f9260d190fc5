/**
 * scripts/content/message-owners.ts: which messages one screen alone uses (the browser downloads them with that
 * screen), and which stay in the locale's catalogue.
 */
import fc from 'fast-check';
import { messageOwners, quotedNames } from '../../../scripts/content/message-owners.ts';
import { repoMessageOwners } from '../../../scripts/content/message-owners-repo.ts';
import { loadCatalogues, loadContent } from '../../../scripts/content/load.ts';

const keys = [
  'signup.landing.title',
  'signup.landing.points.fast',
  'signup.about.title',
  'signup.about.name.label',
  'countries.US.region.TX',
  'countries.CA.region.QC',
  'errors.generic',
  'shell.locale.fr-CA',
  'shell.productName',
  'sandbox.signIn.title',
];

const screens = {
  landing: { id: 'landing', flow: 'signup', messages: 'signup.landing' },
  about: {
    id: 'about',
    flow: 'signup',
    messages: 'signup.about',
    uiSchema: { state: { 'ui:enumLabels': 'countries.US.region' } },
  },
  // Shares the landing's points with the landing, and the US regions with `about`.
  intro: {
    id: 'intro',
    flow: 'signup',
    messages: 'signup.intro',
    points: ['signup.landing.points.fast'],
    regions: 'countries.US.region',
  },
};

describe('message owners', () => {
  it('gives a screen the keys only it names (its prefix and the keys under it); shared and unnamed keys stay in the catalogue', () => {
    const owners = messageOwners({ keys, screens, browser: [], server: [] });
    expect(owners).toEqual({
      landing: ['signup.landing.title'],
      about: ['signup.about.title', 'signup.about.name.label'],
    });
  });

  it('leaves a key in the catalogue when engine code or another content file names it or a prefix of it', () => {
    const browser = [
      "t('signup.about.title')", // the key itself
      'const label = t(`signup.landing.${part}`);', // a key built on a prefix
    ];
    expect(messageOwners({ keys, screens, browser, server: [] })).toEqual({ about: ['signup.about.name.label'] });
    // A content file (a toast of rules/shell.json, say) naming a prefix.
    expect(messageOwners({ keys, screens, browser: ['{ "toastKey": "signup.about.name" }'], server: [] })).toEqual({
      landing: ['signup.landing.title'],
      about: ['signup.about.title'],
    });
  });

  it('takes one word for a name only when a key is built on it: an id or a property name is not a key', () => {
    expect([...quotedNames(`{ "flow": "signup", "var": "accounts" }`)]).toEqual([]);
    expect([...quotedNames('t(`signup.${page}.title`)')]).toEqual(['signup']);
    expect([...quotedNames(`"signup.landing" + 'x.y'`)]).toEqual(['signup.landing', 'x.y']);
    const owners = messageOwners({ keys, screens, browser: ['{ "id": "signup" }'], server: [] });
    expect(owners.landing).toEqual(['signup.landing.title']);
    expect(messageOwners({ keys, screens, browser: ['`signup.${x}`'], server: [] })).toEqual({});
  });

  it('counts a key the server names (it may answer the browser with it) unless the server translates it itself', () => {
    const answered = messageOwners({
      keys,
      screens,
      browser: [],
      server: ["throw new ApiError('X', [{ key: 'signup.about.name.label' }])"],
    });
    expect(answered.about).toEqual(['signup.about.title']);
    const translated = messageOwners({
      keys,
      screens,
      browser: [],
      server: ["reply.send(t.t('signup.about.name.label'))", 'request.translator.t(`signup.about.${x}`)'],
    });
    expect(translated.about).toEqual(['signup.about.title', 'signup.about.name.label']);
  });

  it('never gives a key to two screens, and gives only existing keys to screens that name them (any screens and texts)', () => {
    const word = fc.constantFrom('a', 'b', 'c', 'd');
    const key = fc.array(word, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('.'));
    fc.assert(
      fc.property(
        fc.uniqueArray(key, { maxLength: 30 }),
        fc.dictionary(fc.constantFrom('s1', 's2', 's3'), fc.array(key, { maxLength: 5 })),
        fc.array(
          key.map((name) => `'${name}'`),
          { maxLength: 3 },
        ),
        (allKeys, named, browser) => {
          const owners = messageOwners({
            keys: allKeys,
            screens: Object.fromEntries(Object.entries(named).map(([id, list]) => [id, { list }])),
            browser,
            server: [],
          });
          const given = Object.values(owners).flat();
          expect(new Set(given).size).toBe(given.length);
          for (const [id, owned] of Object.entries(owners)) {
            for (const k of owned) {
              expect(allKeys).toContain(k);
              // Oracle: the screen names the key or a dotted prefix of it; no other screen and no text does.
              const covers = (name: string) => name.includes('.') && (k === name || k.startsWith(`${name}.`));
              expect(named[id].some(covers)).toBe(true);
              for (const [other, list] of Object.entries(named))
                if (other !== id) expect(list.some(covers)).toBe(false);
              for (const text of browser) expect(covers(text.slice(1, -1))).toBe(false);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("on this repository: the landing owns its title, the shell's and the validation messages stay in every page's catalogue", () => {
    const owners = repoMessageOwners(process.cwd(), 'en-US');
    const owned = new Set(Object.values(owners).flat());
    expect(owners.landing).toContain('signup.landing.title');
    expect(owners.category).toContain('categories.industry.1');
    const all = Object.keys(loadCatalogues(process.cwd())['en-US']);
    for (const key of all.filter(
      (k) => k.startsWith('shell.') || k.startsWith('validation.') || k.startsWith('errors.'),
    ))
      expect(owned.has(key)).toBe(false);
    // Every owned key is a key of the catalogue, and its screen exists.
    const screens = loadContent(process.cwd()).screens;
    for (const [id, list] of Object.entries(owners)) {
      expect(screens[id]).toBeDefined();
      for (const k of list) expect(all).toContain(k);
    }
  });
});
