/**
 * Issue 10: what index.html preloads for a request (server/http/page-preloads.ts), the page's inlined styles and
 * their CSP hashes (server/static-front-end.ts, server/http/security.ts), and the encoding the server picks.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import {
  likelyLocale,
  matchRank,
  pagePrerender,
  pagePreloads,
  preloadTags,
  type PagePreloads,
} from '../../../server/http/page-preloads.ts';
import { headingIsStatic, frameHeadingMarkup } from '../../../engine/screens/frame-markup.ts';
import { withStyleHashes } from '../../../server/http/security.ts';
import { preferredEncoding } from '../../../server/http/encoding.ts';
import {
  deferPreloads,
  DEFERRED_PRELOADS_ID,
  inlineStylesheets,
  marketLocales,
} from '../../../server/static-front-end.ts';
import { routeReads } from '../../../scripts/vite/preload-plugin.ts';
import { loadContent } from '../../../scripts/content/load.ts';

const preloads: PagePreloads = {
  fallbackLocale: 'en-US',
  catalogues: { 'en-US': ['/assets/en-US-a.js'], 'en-CA': ['/assets/en-CA-b.js'], 'fr-CA': ['/assets/fr-CA-c.js'] },
  screens: [
    {
      id: 'applicant-info',
      path: '/:applicationId/applicant',
      auth: true,
      messages: { 'en-US': ['/assets/applicant-info-s.js'] },
      modules: ['/assets/form-screen-d.js', '/assets/applicant-info-e.js'],
      styles: ['/assets/form-screen-f.css'],
      reads: ['/api/v2/applications/{applicationId}'],
    },
    {
      id: 'owner-details',
      path: '/:applicationId/owners/:ownerId',
      auth: true,
      modules: ['/assets/form-screen-d.js', '/assets/owner-details-g.js'],
      styles: [],
      reads: ['/api/v2/applications/{applicationId}', '/api/v2/applications/{applicationId}/owners/{ownerId}'],
    },
    {
      id: 'welcome',
      path: '/:applicationId/welcome',
      auth: true,
      modules: [],
      styles: [],
      reads: ['/api/v2/applications/{applicationId}', '/api/v2/stores/{storeId}'],
    },
    {
      id: 'owner-new',
      path: '/:applicationId/owners/add',
      auth: true,
      modules: ['/assets/form-screen-d.js', '/assets/owner-new-h.js'],
      styles: [],
    },
    {
      id: 'tax-information',
      path: '/:applicationId/tax-information',
      auth: false,
      modules: ['/assets/form-screen-d.js', '/assets/tax-i.js'],
      styles: [],
    },
  ],
};

const request = (path: string, more: Partial<Parameters<typeof pagePreloads>[1]> = {}) => ({
  path,
  signedIn: true,
  ...more,
});

describe('page preloads', () => {
  it("names the catalogue of the locale boot asks for first: the cookie, then the browser's languages, then the query", () => {
    expect(likelyLocale(preloads, request('/'))).toBe('en-US');
    expect(likelyLocale(preloads, request('/', { acceptLanguage: 'fr-CA,fr;q=0.9,en;q=0.8' }))).toBe('fr-CA');
    expect(likelyLocale(preloads, request('/', { acceptLanguage: 'de-DE, en-CA;q=0.5, fr;q=0.7' }))).toBe('fr-CA');
    expect(likelyLocale(preloads, request('/', { acceptLanguage: 'fr-CA', localeCookie: 'en-CA' }))).toBe('en-CA');
    expect(likelyLocale(preloads, request('/', { localeQuery: 'fr-CA' }))).toBe('fr-CA');
    expect(likelyLocale(preloads, request('/', { acceptLanguage: 'de-DE' }))).toBe('en-US');
    expect(pagePreloads(preloads, request('/'))).toEqual({
      boot: [],
      catalogue: ['/assets/en-US-a.js'],
      definition: [],
      modules: [],
      styles: [],
      reads: [],
    });
  });

  it("adds a screen's chunks and styles on its path, with or without the co-brand prefix, for a signed-in visitor", () => {
    const applicant = {
      boot: [],
      catalogue: ['/assets/en-US-a.js'],
      definition: ['/assets/applicant-info-s.js'],
      modules: ['/assets/form-screen-d.js', '/assets/applicant-info-e.js'],
      styles: ['/assets/form-screen-f.css'],
      reads: ['/api/v2/applications/urn:app:1'],
    };
    expect(pagePreloads(preloads, request('/urn:app:1/applicant'))).toEqual(applicant);
    expect(pagePreloads(preloads, request('/r/partner-1/urn:app:1/applicant/'))).toEqual(applicant);
    expect(pagePreloads(preloads, request('/urn:app:1/applicant/nothing-here')).modules).toEqual([]);
  });

  it("preloads the screen's chunk (its definition and its own messages) in the locale boot asks for", () => {
    const withMessages: PagePreloads = {
      ...preloads,
      screens: preloads.screens.map((screen) =>
        screen.id === 'applicant-info'
          ? {
              ...screen,
              messages: {
                'en-US': ['/assets/applicant-info-m1.js', '/assets/form-kind-messages.js'],
                'fr-CA': ['/assets/applicant-info-m2.js', '/assets/fr-CA-c.js'],
              },
            }
          : screen,
      ),
    };
    expect(pagePreloads(withMessages, request('/urn:app:1/applicant')).definition).toEqual([
      '/assets/applicant-info-m1.js',
      '/assets/form-kind-messages.js',
    ]);
    // What the page's catalogue already brings is not asked for twice.
    expect(pagePreloads(withMessages, request('/urn:app:1/applicant', { acceptLanguage: 'fr-CA' })).definition).toEqual(
      ['/assets/applicant-info-m2.js'],
    );
    // A locale without a chunk for the screen: nothing of it (the engine loads it once it knows the locale).
    expect(pagePreloads(withMessages, request('/urn:app:1/applicant', { localeCookie: 'en-CA' })).definition).toEqual(
      [],
    );
    expect(pagePreloads(withMessages, request('/x/applicant', { signedIn: false })).definition).toEqual([]);
  });

  it('prefers a literal segment to a parameter, as the router does', () => {
    expect(matchRank('/:applicationId/owners/add', '/x/owners/add')).toBeGreaterThan(
      matchRank('/:applicationId/owners/:ownerId', '/x/owners/add')!,
    );
    expect(pagePreloads(preloads, request('/x/owners/add')).modules).toContain('/assets/owner-new-h.js');
    expect(pagePreloads(preloads, request('/x/owners/o-1')).modules).toContain('/assets/owner-details-g.js');
    expect(matchRank('/:applicationId/applicant', '/x/applicant/more')).toBeUndefined();
  });

  it("preloads a signed-in visitor's arrival reads, the address filled from the route as the engine fills it", () => {
    expect(pagePreloads(preloads, request('/urn%3Aapp%3A1/owners/o%201')).reads).toEqual([
      '/api/v2/applications/urn:app:1',
      '/api/v2/applications/urn:app:1/owners/o%201',
    ]);
    // A read whose address needs more than the route is left to the engine.
    expect(pagePreloads(preloads, request('/a-1/welcome')).reads).toEqual(['/api/v2/applications/a-1']);
    // Segments that would change the address's shape stay inside their segment.
    expect(pagePreloads(preloads, request('/..%2F..%2Fsso%2Flogout/applicant')).reads).toEqual([
      '/api/v2/applications/..%2F..%2Fsso%2Flogout',
    ]);
    expect(pagePreloads(preloads, request('/x/applicant', { signedIn: false })).reads).toEqual([]);
    expect(pagePreloads(preloads, request('/x/tax-information', { signedIn: false })).reads).toEqual([]);
  });

  it('leaves out a signed-in screen for a visitor without a session (the app sends them to sign on)', () => {
    expect(pagePreloads(preloads, request('/x/applicant', { signedIn: false })).modules).toEqual([]);
    expect(pagePreloads(preloads, request('/x/tax-information', { signedIn: false })).modules).toEqual([
      '/assets/form-screen-d.js',
      '/assets/tax-i.js',
    ]);
  });

  it("preloads the engine's own chunks and styles, which the entry starts at once, on every page", () => {
    const withBoot = { ...preloads, boot: { modules: ['/assets/start-b.js'], styles: ['/assets/start-c.css'] } };
    for (const path of ['/', '/urn:app:1/applicant', '/nothing/here']) {
      const files = pagePreloads(withBoot, request(path));
      expect(files.boot).toEqual(['/assets/start-b.js']);
      expect(files.styles[0]).toBe('/assets/start-c.css');
      expect(preloadTags(files).split('\n')[0].trim()).toBe(
        '<link rel="modulepreload" crossorigin href="/assets/start-b.js" />',
      );
    }
  });

  it('writes preloads the page can reuse: crossorigin, the screen chunks at low priority, addresses escaped', () => {
    const tags = preloadTags({
      catalogue: ['/assets/en-US-a.js'],
      definition: ['/assets/screen-t.js'],
      modules: ['/assets/x"y.js'],
      styles: ['/assets/s.css'],
      reads: ['/api/v2/applications/a&b'],
    });
    expect(tags.split('\n').map((line) => line.trim())).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/en-US-a.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/screen-t.js" />',
      '<link rel="preload" as="fetch" crossorigin href="/api/v2/applications/a&amp;b" />',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/x&quot;y.js" />',
      '<link rel="stylesheet" crossorigin href="/assets/s.css" />',
    ]);
  });

  it('asks for every script at low priority on a page the server drew, whose first paint needs none of them', () => {
    const files = {
      boot: ['/assets/start-b.js'],
      catalogue: ['/assets/en-US-a.js'],
      definition: ['/assets/screen-t.js'],
      modules: ['/assets/m.js'],
      styles: [],
      reads: ['/api/v2/applications/a'],
    };
    const lines = preloadTags(files, true)
      .split('\n')
      .map((line) => line.trim());
    expect(lines.filter((line) => line.startsWith('<link rel="modulepreload"'))).toEqual([
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/start-b.js" />',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/en-US-a.js" />',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/screen-t.js" />',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/m.js" />',
    ]);
    expect(preloadTags(files).split('\n')[0].trim()).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/start-b.js" />',
    );
  });
});

describe("the build's route-filled reads (scripts/vite/preload-plugin.ts)", () => {
  const calls = {
    byRoute: { method: 'GET' as const, path: '/api/v2/applications/{applicationId}' },
    withQuery: { method: 'GET' as const, path: '/api/v2/things', query: { a: { var: 'environment.currency' } } },
    withParams: { method: 'GET' as const, path: '/api/v2/x/{id}', params: { id: { var: 'application.id' } } },
    notInRoute: { method: 'GET' as const, path: '/api/v2/stores/{storeId}' },
    write: { method: 'POST' as const, path: '/api/v2/applications/{applicationId}' },
  };
  it('keeps a GET whose every placeholder is a route parameter, with nothing else of its own, in load order', () => {
    const screen = {
      path: '/:applicationId/here',
      load: ['withQuery', 'byRoute', 'withParams', 'notInRoute', 'write', 'unknown'],
    };
    expect(routeReads(screen, calls)).toEqual(['/api/v2/applications/{applicationId}']);
    expect(routeReads({ path: '/here' }, calls)).toEqual([]);
  });

  it('finds the application read of the applicant and category screens in the real content', () => {
    const content = loadContent(join(import.meta.dirname, '../../..'));
    expect(routeReads(content.screens['applicant-info'], content.calls)).toEqual([
      '/api/v2/applications/{applicationId}',
    ]);
    expect(routeReads(content.screens.category, content.calls)).toContain('/api/v2/applications/{applicationId}');
  });
});

describe('inlined styles and the CSP', () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'inline-styles-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets/index-a.css'), '.a{color:red}');
    writeFileSync(join(dist, 'assets/bad-b.css'), '.b{content:"</style><script>"}');
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('holds every preload of a drawn page, the boot reads included, in an inert template after #root', () => {
    const page = readFileSync(join(import.meta.dirname, '../../../index.html'), 'utf8');
    const tags = preloadTags(pagePreloads(preloads, { path: '/urn:app:1/applicant', signedIn: true }), true);
    const html = deferPreloads(page, tags);
    const [head, body] = html.split('</head>');
    // Nothing in the head starts a request before the first paint but the entry script.
    expect(head).not.toMatch(/rel="(?:module)?preload"/);
    const held = new RegExp(
      `<div id="root">.*?</div></div><template id="${DEFERRED_PRELOADS_ID}">(.*?)</template>`,
      's',
    ).exec(body)?.[1];
    expect(held).toContain('<link rel="preload" href="/api/v2/configs" as="fetch" crossorigin />');
    expect(held).toContain('<link rel="preload" href="/api/v2/session" as="fetch" crossorigin />');
    for (const tag of tags.split('\n')) expect(held).toContain(tag.trim());
    expect(held).toContain('/api/v2/applications/urn:app:1');
  });

  it("writes a small stylesheet into the page and hashes exactly the element's text", () => {
    const { html, hashes } = inlineStylesheets(
      '<head><link rel="stylesheet" crossorigin href="/assets/index-a.css"></head>',
      dist,
    );
    expect(html).toBe('<head><style>.a{color:red}</style></head>');
    expect(hashes).toEqual([createHash('sha256').update('.a{color:red}').digest('base64')]);
  });

  it('keeps a stylesheet linked when it is missing or could close the element', () => {
    const page =
      '<link rel="stylesheet" crossorigin href="/assets/bad-b.css"><link rel="stylesheet" crossorigin href="/assets/gone-c.css">';
    expect(inlineStylesheets(page, dist)).toEqual({ html: page, hashes: [] });
  });

  it("adds the hashes to style-src alone, and nothing like 'unsafe-inline'", () => {
    const csp = "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:";
    expect(withStyleHashes(csp, ['abc=', 'def='])).toBe(
      "default-src 'self';script-src 'self';style-src 'self' 'sha256-abc=' 'sha256-def=';img-src 'self' data:",
    );
    expect(withStyleHashes(csp, [])).toBe(csp);
  });
});

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, and honours a refusal (q=0)', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip, br;q=0')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});

describe("a page's first paint (pagePrerender, engine/screens/frame-markup.ts)", () => {
  const heading = (locale: string, title: string) => ({
    section: `<section class="screen screen--form"><h1>${title}</h1></section>`,
    title: `${title} | Pay`,
  });
  const shellText = (productName: string) => ({
    skipToContent: `skip ${productName}`,
    productName,
    localeNames: { 'en-US': 'English', 'en-CA': 'English', 'fr-CA': 'Français' },
  });
  const drawn: PagePreloads = {
    ...preloads,
    screens: preloads.screens.map((screen) =>
      screen.id === 'applicant-info' || screen.id === 'tax-information'
        ? {
            ...screen,
            heading: {
              'en-US': [heading('en-US', 'About you')],
              'en-CA': [heading('en-CA', 'About you, eh')],
              'fr-CA': [heading('fr-CA', 'Parlez-nous de vous')],
            },
          }
        : screen.id === 'welcome'
          ? {
              ...screen,
              // Two variants decided by the query: entry 1 when the first holds, 2 the second, 3 both.
              heading: { 'en-US': ['none', 'done', 'late', 'done and late'].map((title) => heading('en-US', title)) },
              headingWhen: [{ '==': [{ var: 'query.completed' }, 'true'] }, { present: { var: 'query.timeout' } }],
            }
          : screen,
    ),
    shell: { 'en-US': shellText('Pay'), 'en-CA': shellText('Pay CA'), 'fr-CA': shellText('Paiements & <Co>') },
  };

  it("draws the header and the screen's heading in the locale boot chooses among the market's locales", () => {
    const us = pagePrerender(drawn, request('/urn:app:1/applicant', { acceptLanguage: 'fr-CA' }), ['en-US']);
    // A French browser in the US market: the market has English alone, as boot narrows it.
    expect(us).toMatchObject({ locale: 'en-US', title: 'About you | Pay' });
    expect(us?.html).toBe(
      '<div class="prerendered" data-prerender="applicant-info" data-locale="en-US"><a class="skip-link" href="#main">skip Pay</a>' +
        '<header class="header"><a class="header__brand" href="/">Pay</a><div class="header__end"></div></header>' +
        '<main id="main" class="main"><section class="screen screen--form"><h1>About you</h1></section></main></div>',
    );
    const ca = pagePrerender(drawn, request('/urn:app:1/applicant', { acceptLanguage: 'fr-CA,fr;q=0.9' }), [
      'en-CA',
      'fr-CA',
    ]);
    expect(ca?.locale).toBe('fr-CA');
    // The other locale of the market as the language switch's label; the shell's text escaped.
    expect(ca?.html).toContain(
      '<a class="header__brand" href="/">Paiements &amp; &lt;Co&gt;</a><div class="header__end"><span class="header__locale" lang="en-CA">English</span></div>',
    );
    expect(ca?.html).toContain('<h1>Parlez-nous de vous</h1>');
    // The cookie wins over the browser, as in boot; a locale the market lacks does not.
    expect(
      pagePrerender(drawn, request('/urn:app:1/applicant', { acceptLanguage: 'fr-CA', localeCookie: 'en-CA' }), [
        'en-CA',
        'fr-CA',
      ])?.locale,
    ).toBe('en-CA');
    expect(
      pagePrerender(drawn, request('/urn:app:1/applicant', { localeCookie: 'en-US' }), ['en-CA', 'fr-CA'])?.locale,
    ).toBe('en-CA');
  });

  it('draws the heading the query chooses when variants on the query decide it, as the engine decides them', () => {
    const title = (query: Record<string, string>) =>
      pagePrerender(drawn, request('/a-1/welcome', { query }), ['en-US'])?.title;
    expect(title({})).toBe('none | Pay');
    expect(title({ completed: 'true' })).toBe('done | Pay');
    expect(title({ completed: 'yes' })).toBe('none | Pay');
    expect(title({ timeout: '1' })).toBe('late | Pay');
    expect(title({ timeout: ' ' })).toBe('none | Pay');
    expect(title({ completed: 'true', timeout: '1' })).toBe('done and late | Pay');
  });

  it('draws nothing for an address that is no drawn screen, or a signed-in screen without a session cookie', () => {
    expect(pagePrerender(drawn, request('/urn:app:1/owners/add'), ['en-US'])).toBeUndefined();
    expect(pagePrerender(drawn, request('/nothing/here/at/all'), ['en-US'])).toBeUndefined();
    expect(pagePrerender(drawn, request('/urn:app:1/applicant', { signedIn: false }), ['en-US'])).toBeUndefined();
    expect(pagePrerender(drawn, request('/urn:app:1/tax-information', { signedIn: false }), ['en-US'])?.locale).toBe(
      'en-US',
    );
    expect(pagePrerender(preloads, request('/urn:app:1/applicant'), ['en-US'])).toBeUndefined();
    // The application root: the engine may route a signed-in visitor on by their accounts (doc1 §2.8), so it is
    // drawn only when the server found that the visitor stays (server/http/root-routing.ts).
    const root = {
      ...drawn,
      screens: [
        ...drawn.screens,
        {
          id: 'landing',
          path: '/',
          auth: true,
          modules: [],
          styles: [],
          heading: { 'en-US': [heading('en-US', 'Welcome')] },
        },
      ],
    };
    expect(pagePrerender(root, request('/'), ['en-US'])).toBeUndefined();
    expect(pagePrerender(root, request('/r/acme'), ['en-US'])).toBeUndefined();
    expect(pagePrerender(root, request('/'), ['en-US'], true)?.title).toBe('Welcome | Pay');
    expect(pagePrerender(root, request('/r/acme'), ['en-US'], true)?.title).toBe('Welcome | Pay');
    expect(pagePrerender(root, request('/', { signedIn: false }), ['en-US'], true)).toBeUndefined();
    expect(pagePrerender(root, request('/urn:app:1/applicant'), ['en-US'])?.title).toBe('About you | Pay');
  });

  it("chooses the market's locales as GET /api/v2/configs chooses the market", () => {
    const config = {
      defaultMarket: 'US' as const,
      markets: {
        US: { currency: 'USD' as const, locales: ['en-US'], dialCode: '1', country: 'US' },
        CA: { currency: 'CAD' as const, locales: ['en-CA', 'fr-CA'], dialCode: '1', country: 'CA' },
      },
    };
    expect(marketLocales(config, undefined, undefined)).toEqual(['en-US']);
    expect(marketLocales(config, 'cad', undefined)).toEqual(['en-CA', 'fr-CA']);
    expect(marketLocales(config, undefined, 'CAD')).toEqual(['en-CA', 'fr-CA']);
    expect(marketLocales(config, 'USD', 'CAD')).toEqual(['en-US']);
    // An unknown currency in the query: the unsupported-market page, nothing drawn; in the cookie: the default market.
    expect(marketLocales(config, 'EUR', undefined)).toBeUndefined();
    expect(marketLocales(config, undefined, 'EUR')).toEqual(['en-US']);
  });

  it('leaves out a screen whose variants change what its heading shows, and only the notices a variant may change', () => {
    const base = { kind: 'form', messages: 'signup.x', intro: true, options: { noticeKeys: ['n.one'] } } as const;
    const t = (key: string) => `<${key}>`;
    expect(headingIsStatic(base)).toBe(true);
    expect(frameHeadingMarkup(base, undefined, t)).toBe(
      '<h1 id="screen-title" class="screen__title" tabindex="-1">&lt;signup.x.title&gt;</h1><p class="screen__intro">&lt;signup.x.intro&gt;</p>' +
        '<div class="screen__notice" role="status"><p>&lt;n.one&gt;</p></div>',
    );
    for (const merge of [
      { messages: 'signup.y' },
      { intro: false },
      { progress: { flow: 'signup', step: 2 } },
      { kind: 'message' },
      { options: { tone: 'warning' } },
    ])
      expect(headingIsStatic({ ...base, variants: [{ when: true, merge }] } as never), JSON.stringify(merge)).toBe(
        false,
      );
    expect(headingIsStatic({ ...base, kind: 'redirect' })).toBe(false);
    // Decided by the query alone (the server reads it too): drawn, each combination apart (headingCombinations).
    expect(
      headingIsStatic({
        ...base,
        variants: [{ when: { present: { var: 'query.timeout' } }, merge: { options: { tone: 'warning' } } }],
      } as never),
    ).toBe(true);
    expect(
      headingIsStatic({
        ...base,
        variants: [
          {
            when: { and: [{ present: { var: 'query.timeout' } }, { var: 'application.id' }] },
            merge: { intro: false },
          },
        ],
      } as never),
    ).toBe(false);
    const many = [1, 2, 3, 4].map((n) => ({ when: { var: `query.q${n}` }, merge: { intro: n % 2 === 0 } }));
    expect(headingIsStatic({ ...base, variants: many } as never)).toBe(false);
    expect(headingIsStatic({ ...base, variants: many.slice(0, 3) } as never)).toBe(true);
    expect(headingIsStatic({ ...base, kind: { if: [] } } as never)).toBe(false);
    // A variant that adds notices: drawn, without the notices (the screen adds them below the intro).
    const noticed = { ...base, variants: [{ when: true, merge: { options: { noticeKeys: ['n.two'] } } }] } as never;
    expect(headingIsStatic(noticed)).toBe(true);
    expect(frameHeadingMarkup(noticed, undefined, t)).not.toContain('screen__notice');
    expect(
      frameHeadingMarkup(
        { ...base, progress: { flow: 'signup', step: 2 } } as never,
        { step: 2, steps: 5 },
        (key, args) => `${key}${args ? JSON.stringify(args) : ''}`,
      ),
    ).toContain(
      '<p class="progress__label">shell.progress{&quot;step&quot;:2,&quot;steps&quot;:5}</p><progress class="progress__bar" aria-hidden="true" max="5" value="2"></progress>',
    );
  });
});
