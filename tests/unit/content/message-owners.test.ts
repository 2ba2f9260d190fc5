/**
 * scripts/content/message-owners.ts: which messages come with the screens that name them (the browser downloads them
 * with those screens), and which stay in the locale's catalogue.
 */
import fc from 'fast-check';
import { contentText, messageHomes, messageOwners, quotedNames } from '../../../scripts/content/message-owners.ts';
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
  it('gives each screen the keys it names (its prefix and the keys under it), a key two screens name to both; unnamed keys stay in the catalogue', () => {
    const owners = messageOwners({ keys, screens, browser: [], server: [] });
    expect(owners).toEqual({
      landing: ['signup.landing.title', 'signup.landing.points.fast'],
      about: ['signup.about.title', 'signup.about.name.label', 'countries.US.region.TX'],
      intro: ['signup.landing.points.fast', 'countries.US.region.TX'],
    });
  });

  it('leaves a key in the catalogue when engine code or another content file names it or a prefix of it', () => {
    const browser = [
      "t('signup.about.title')", // the key itself
      'const label = t(`signup.landing.${part}`);', // a key built on a prefix
    ];
    expect(messageOwners({ keys, screens, browser, server: [] })).toEqual({
      about: ['signup.about.name.label', 'countries.US.region.TX'],
      intro: ['countries.US.region.TX'],
    });
    // A content file (a toast of rules/shell.json, say) naming a prefix.
    expect(messageOwners({ keys, screens, browser: ['{ "toastKey": "signup.about.name" }'], server: [] })).toEqual({
      landing: ['signup.landing.title', 'signup.landing.points.fast'],
      about: ['signup.about.title', 'countries.US.region.TX'],
      intro: ['signup.landing.points.fast', 'countries.US.region.TX'],
    });
  });

  it('takes one word for a name only when a key is built on it: an id or a property name is not a key', () => {
    expect([...quotedNames(`{ "flow": "signup", "var": "accounts" }`)]).toEqual([]);
    expect([...quotedNames('t(`signup.${page}.title`)')]).toEqual(['signup']);
    expect([...quotedNames(`"signup.landing" + 'x.y'`)]).toEqual(['signup.landing', 'x.y']);
    const owners = messageOwners({ keys, screens, browser: ['{ "id": "signup" }'], server: [] });
    expect(owners.landing).toEqual(['signup.landing.title', 'signup.landing.points.fast']);
    expect(messageOwners({ keys, screens, browser: ['`signup.${x}`'], server: [] })).toEqual({
      about: ['countries.US.region.TX'],
      intro: ['countries.US.region.TX'],
    });
  });

  it('counts a key the server names (it may answer the browser with it) unless the server translates it itself', () => {
    const answered = messageOwners({
      keys,
      screens,
      browser: [],
      server: ["throw new ApiError('X', [{ key: 'signup.about.name.label' }])"],
    });
    expect(answered.about).toEqual(['signup.about.title', 'countries.US.region.TX']);
    const translated = messageOwners({
      keys,
      screens,
      browser: [],
      server: ["reply.send(t.t('signup.about.name.label'))", 'request.translator.t(`signup.about.${x}`)'],
    });
    expect(translated.about).toEqual(['signup.about.title', 'signup.about.name.label', 'countries.US.region.TX']);
  });

  it("gives a key only one kind's code names to that kind, a key two kinds' code names to both; general code keeps it", () => {
    const kinds = { form: ["t('signup.about.title')", 't(`sandbox.signIn.${x}`)'], list: ["t('signup.about.title')"] };
    const homes = messageHomes({ keys, screens, browser: [], kinds, server: [] });
    expect(homes.kinds).toEqual({ form: ['signup.about.title', 'sandbox.signIn.title'], list: ['signup.about.title'] });
    // The screen that names it still gets it too.
    expect(homes.screens.about).toContain('signup.about.title');
    const general = messageHomes({ keys, screens, browser: ["t('sandbox.signIn.title')"], kinds, server: [] });
    expect(general.kinds).toEqual({ form: ['signup.about.title'], list: ['signup.about.title'] });
  });

  it('reads a name that ends with a dot in a screen as the keys under it, and nothing in comments', () => {
    const built = { built: { id: 'built', text: { cat: ['countries.US.region.', { var: 'state' }] } } };
    expect(messageOwners({ keys, screens: built, browser: [], server: [] })).toEqual({
      built: ['countries.US.region.TX'],
    });
    const commented = ['/** `signup.about.title` is the heading */', "  // 'signup.landing.title'"];
    expect(messageOwners({ keys, screens, browser: commented, server: [] }).landing).toEqual([
      'signup.landing.title',
      'signup.landing.points.fast',
    ]);
    expect([...quotedNames("const a = 'x.y'; // 'z.w'")]).toEqual(['x.y', 'z.w']);
  });

  it('leaves out of the browser a key the server alone names as an error detail or translates, and nothing else names', () => {
    const server = [
      "throw new ApiError('CONFLICT', [{ field: `/owners/${i}`, key: 'sandbox.signIn.title' }])",
      "reply.send(request.translator.t('errors.generic'))",
    ];
    expect(messageHomes({ keys, screens, browser: [], server }).serverOnly).toEqual([
      'errors.generic',
      'sandbox.signIn.title',
    ]);
    // Named by the browser too, or sent as it is (not a detail's key), it stays.
    expect(messageHomes({ keys, screens, browser: ["t('errors.generic')"], server }).serverOnly).toEqual([
      'sandbox.signIn.title',
    ]);
    expect(
      messageHomes({ keys, screens, browser: [], server: ["reply.send({ labelKey: 'sandbox.signIn.title' })"] })
        .serverOnly,
    ).toEqual([]);
  });

  it("does not read a content file's data paths (a JSON Logic `var` operand) as message names", () => {
    // flows/owners/flow.json builds the path `owners.<last>.id` with `cat`: the "owners." piece names data.
    const flow = { derived: { ownerId: { var: [{ cat: ['signup.about.', { var: 'owners' }, '.id'] }] } } };
    expect(messageOwners({ keys, screens, browser: [contentText(flow)], server: [] }).about).toEqual([
      'signup.about.title',
      'signup.about.name.label',
      'countries.US.region.TX',
    ]);
    // The same piece outside a `var` may build a message key, so it keeps the keys in the catalogue.
    const toast = { toast: { cat: ['signup.about.', { var: 'notice' }] } };
    expect(messageOwners({ keys, screens, browser: [contentText(toast)], server: [] }).about).toEqual([
      'countries.US.region.TX',
    ]);
  });

  it('gives a key to exactly the screens that name it, when no text names it (any keys, screens and texts)', () => {
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
          // Oracle: a screen gets a key when it names the key or a dotted prefix of it and no text does.
          for (const k of allKeys) {
            const covers = (name: string) => name.includes('.') && (k === name || k.startsWith(`${name}.`));
            const free = !browser.some((text) => covers(text.slice(1, -1)));
            for (const [id, list] of Object.entries(named))
              expect(owners[id]?.includes(k) ?? false).toBe(free && list.some(covers));
          }
          for (const owned of Object.values(owners)) {
            expect(new Set(owned).size).toBe(owned.length);
            for (const k of owned) expect(allKeys).toContain(k);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("on this repository: the landing's title and the owners' list come with their screens, a key two screens name with both; what the engine names stays in every page's catalogue", () => {
    const owners = repoMessageOwners(process.cwd(), 'en-US');
    const owned = new Set(Object.values(owners).flat());
    expect(owners.landing).toContain('signup.landing.title');
    expect(owners.category).toContain('categories.industry.1');
    // flows/owners/flow.json's data path `owners.<n>.id` does not hold the owners' messages back.
    expect(owners.owners).toContain('owners.list.title');
    expect(owners.success).toContain('shell.links.account');
    expect(owners.error).toContain('shell.links.account');
    for (const key of ['shell.skipToContent', 'shell.loading', 'validation.required', 'errors.generic'])
      expect(owned.has(key)).toBe(false);
    const all = Object.keys(loadCatalogues(process.cwd())['en-US']);
    // Every owned key is a key of the catalogue, and its screen exists.
    const screens = loadContent(process.cwd()).screens;
    for (const [id, list] of Object.entries(owners)) {
      expect(screens[id]).toBeDefined();
      for (const k of list) expect(all).toContain(k);
    }
  });
});
