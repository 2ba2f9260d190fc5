/**
 * Issue 10: what index.html preloads for a request (server/http/page-preloads.ts), the page's inlined styles and
 * their CSP hashes (server/static-front-end.ts, server/http/security.ts), and the encoding the server picks.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { likelyLocale, matchRank, pagePreloads, preloadTags, type PagePreloads } from '../../../server/http/page-preloads.ts';
import { withStyleHashes } from '../../../server/http/security.ts';
import { preferredEncoding } from '../../../server/http/encoding.ts';
import { inlineStylesheets } from '../../../server/static-front-end.ts';
import { routeReads } from '../../../scripts/vite/preload-plugin.ts';
import { loadContent } from '../../../scripts/content/load.ts';

const preloads: PagePreloads = {
  fallbackLocale: 'en-US',
  catalogues: { 'en-US': ['/assets/en-US-a.js'], 'en-CA': ['/assets/en-CA-b.js'], 'fr-CA': ['/assets/fr-CA-c.js'] },
  screens: [
    { id: 'applicant-info', path: '/:applicationId/applicant', auth: true, definition: ['/assets/applicant-info-s.js'], modules: ['/assets/form-screen-d.js', '/assets/applicant-info-e.js'], styles: ['/assets/form-screen-f.css'], reads: ['/api/v2/applications/{applicationId}'] },
    { id: 'owner-details', path: '/:applicationId/owners/:ownerId', auth: true, modules: ['/assets/form-screen-d.js', '/assets/owner-details-g.js'], styles: [], reads: ['/api/v2/applications/{applicationId}', '/api/v2/applications/{applicationId}/owners/{ownerId}'] },
    { id: 'welcome', path: '/:applicationId/welcome', auth: true, modules: [], styles: [], reads: ['/api/v2/applications/{applicationId}', '/api/v2/stores/{storeId}'] },
    { id: 'owner-new', path: '/:applicationId/owners/add', auth: true, modules: ['/assets/form-screen-d.js', '/assets/owner-new-h.js'], styles: [] },
    { id: 'tax-information', path: '/:applicationId/tax-information', auth: false, modules: ['/assets/form-screen-d.js', '/assets/tax-i.js'], styles: [] },
  ],
};

const request = (path: string, more: Partial<Parameters<typeof pagePreloads>[1]> = {}) => ({ path, signedIn: true, ...more });

describe('page preloads', () => {
  it("names the catalogue of the locale boot asks for first: the cookie, then the browser's languages, then the query", () => {
    expect(likelyLocale(preloads, request('/'))).toBe('en-US');
    expect(likelyLocale(preloads, request('/', { acceptLanguage: 'fr-CA,fr;q=0.9,en;q=0.8' }))).toBe('fr-CA');
    expect(likelyLocale(preloads, request('/', { acceptLanguage: 'de-DE, en-CA;q=0.5, fr;q=0.7' }))).toBe('fr-CA');
    expect(likelyLocale(preloads, request('/', { acceptLanguage: 'fr-CA', localeCookie: 'en-CA' }))).toBe('en-CA');
    expect(likelyLocale(preloads, request('/', { localeQuery: 'fr-CA' }))).toBe('fr-CA');
    expect(likelyLocale(preloads, request('/', { acceptLanguage: 'de-DE' }))).toBe('en-US');
    expect(pagePreloads(preloads, request('/'))).toEqual({ catalogue: ['/assets/en-US-a.js'], definition: [], modules: [], styles: [], reads: [] });
  });

  it("adds a screen's chunks and styles on its path, with or without the co-brand prefix, for a signed-in visitor", () => {
    const applicant = { catalogue: ['/assets/en-US-a.js'], definition: ['/assets/applicant-info-s.js'], modules: ['/assets/form-screen-d.js', '/assets/applicant-info-e.js'], styles: ['/assets/form-screen-f.css'], reads: ['/api/v2/applications/urn:app:1'] };
    expect(pagePreloads(preloads, request('/urn:app:1/applicant'))).toEqual(applicant);
    expect(pagePreloads(preloads, request('/r/partner-1/urn:app:1/applicant/'))).toEqual(applicant);
    expect(pagePreloads(preloads, request('/urn:app:1/applicant/nothing-here')).modules).toEqual([]);
  });

  it('prefers a literal segment to a parameter, as the router does', () => {
    expect(matchRank('/:applicationId/owners/add', '/x/owners/add')).toBeGreaterThan(matchRank('/:applicationId/owners/:ownerId', '/x/owners/add')!);
    expect(pagePreloads(preloads, request('/x/owners/add')).modules).toContain('/assets/owner-new-h.js');
    expect(pagePreloads(preloads, request('/x/owners/o-1')).modules).toContain('/assets/owner-details-g.js');
    expect(matchRank('/:applicationId/applicant', '/x/applicant/more')).toBeUndefined();
  });

  it("preloads a signed-in visitor's arrival reads, the address filled from the route as the engine fills it", () => {
    expect(pagePreloads(preloads, request('/urn%3Aapp%3A1/owners/o%201')).reads).toEqual(['/api/v2/applications/urn:app:1', '/api/v2/applications/urn:app:1/owners/o%201']);
    // A read whose address needs more than the route is left to the engine.
    expect(pagePreloads(preloads, request('/a-1/welcome')).reads).toEqual(['/api/v2/applications/a-1']);
    // Segments that would change the address's shape stay inside their segment.
    expect(pagePreloads(preloads, request('/..%2F..%2Fsso%2Flogout/applicant')).reads).toEqual(['/api/v2/applications/..%2F..%2Fsso%2Flogout']);
    expect(pagePreloads(preloads, request('/x/applicant', { signedIn: false })).reads).toEqual([]);
    expect(pagePreloads(preloads, request('/x/tax-information', { signedIn: false })).reads).toEqual([]);
  });

  it('leaves out a signed-in screen for a visitor without a session (the app sends them to sign on)', () => {
    expect(pagePreloads(preloads, request('/x/applicant', { signedIn: false })).modules).toEqual([]);
    expect(pagePreloads(preloads, request('/x/tax-information', { signedIn: false })).modules).toEqual(['/assets/form-screen-d.js', '/assets/tax-i.js']);
  });

  it('writes preloads the page can reuse: crossorigin, the screen chunks at low priority, addresses escaped', () => {
    const tags = preloadTags({ catalogue: ['/assets/en-US-a.js'], definition: ['/assets/screen-t.js'], modules: ['/assets/x"y.js'], styles: ['/assets/s.css'], reads: ['/api/v2/applications/a&b'] });
    expect(tags.split('\n').map((line) => line.trim())).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/en-US-a.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/screen-t.js" />',
      '<link rel="preload" as="fetch" crossorigin href="/api/v2/applications/a&amp;b" />',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/x&quot;y.js" />',
      '<link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/s.css" />',
    ]);
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
    const screen = { path: '/:applicationId/here', load: ['withQuery', 'byRoute', 'withParams', 'notInRoute', 'write', 'unknown'] };
    expect(routeReads(screen, calls)).toEqual(['/api/v2/applications/{applicationId}']);
    expect(routeReads({ path: '/here' }, calls)).toEqual([]);
  });

  it('finds the application read of the applicant and category screens in the real content', () => {
    const content = loadContent(join(import.meta.dirname, '../../..'));
    expect(routeReads(content.screens['applicant-info'], content.calls)).toEqual(['/api/v2/applications/{applicationId}']);
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

  it("writes a small stylesheet into the page and hashes exactly the element's text", () => {
    const { html, hashes } = inlineStylesheets('<head><link rel="stylesheet" crossorigin href="/assets/index-a.css"></head>', dist);
    expect(html).toBe('<head><style>.a{color:red}</style></head>');
    expect(hashes).toEqual([createHash('sha256').update('.a{color:red}').digest('base64')]);
  });

  it('keeps a stylesheet linked when it is missing or could close the element', () => {
    const page = '<link rel="stylesheet" crossorigin href="/assets/bad-b.css"><link rel="stylesheet" crossorigin href="/assets/gone-c.css">';
    expect(inlineStylesheets(page, dist)).toEqual({ html: page, hashes: [] });
  });

  it("adds the hashes to style-src alone, and nothing like 'unsafe-inline'", () => {
    const csp = "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:";
    expect(withStyleHashes(csp, ['abc=', 'def='])).toBe("default-src 'self';script-src 'self';style-src 'self' 'sha256-abc=' 'sha256-def=';img-src 'self' data:");
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
