/**
 * engine/flow/route-index.ts narrows the screen routes react-router compares. Oracle: react-router's own matchRoutes
 * over every route of the real content, which is what <Routes> and the header did before.
 */
import fc from 'fast-check';
import { matchRoutes } from 'react-router-dom';
import { candidateRoutes, screenAt } from '../../../engine/flow/route-index.ts';
import { routePatterns } from '../../../engine/flow/paths.ts';
import { loadContent } from '../../../scripts/content/load.ts';
import type { ContentBundle } from '../../../engine/content/types.ts';

const bundle = loadContent(process.cwd()) as unknown as ContentBundle;
const all = Object.values(bundle.screens).flatMap((screen) =>
  routePatterns(screen.path).map((pattern) => ({ screen: screen.id, pattern })),
);

function oracle(pathname: string): { screen: string; route: Record<string, string> } | undefined {
  const matches = matchRoutes(
    all.map(({ pattern }, position) => ({ id: String(position), path: pattern })),
    pathname,
  );
  const match = matches?.[matches.length - 1];
  if (!match) return undefined;
  return {
    screen: all[Number(match.route.id)].screen,
    route: Object.fromEntries(
      Object.entries(match.params).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    ),
  };
}

const value = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9:_.-]{1,12}$/),
  fc.constantFrom('urn:app:1', 'add', 'owners', 'Applicant', 'o%201', '%E2%9C%93', '%zz'),
);
/** An address made from a real pattern: parameters filled, literals in any case, maybe a trailing slash or a segment more or less. */
const address = fc
  .tuple(
    fc.constantFrom(...all.map(({ pattern }) => pattern)),
    fc.array(value, { minLength: 4, maxLength: 4 }),
    fc.boolean(),
    fc.boolean(),
    fc.constantFrom('keep', 'drop', 'add'),
  )
  .map(([pattern, values, upper, slash, change]) => {
    let i = 0;
    let parts = pattern
      .split('/')
      .filter(Boolean)
      .map((part) => (part.startsWith(':') ? values[i++ % values.length] : upper ? part.toUpperCase() : part));
    if (change === 'drop') parts = parts.slice(0, -1);
    if (change === 'add') parts = [...parts, values[3]];
    return `/${parts.join('/')}${slash ? '/' : ''}`;
  });

describe('the route index', () => {
  // react-router logs each address it cannot decode; that is its own business here.
  beforeAll(() => vi.spyOn(console, 'warn').mockImplementation(() => {}));
  afterAll(() => vi.restoreAllMocks());

  it('finds the screen and parameters react-router finds over every route, for addresses near every real path', () => {
    fc.assert(
      fc.property(fc.oneof(address, fc.webPath()), (pathname) => {
        expect(screenAt(bundle, pathname)).toEqual(oracle(pathname));
      }),
      { numRuns: 2000 },
    );
  });

  it('ranks a literal segment over a parameter, and keeps only a few patterns to compare', () => {
    expect(screenAt(bundle, '/urn:app:1/owners/add')?.screen).toBe('owner-new');
    expect(screenAt(bundle, '/urn:app:1/owners/o-1')?.route).toEqual({ applicationId: 'urn:app:1', ownerId: 'o-1' });
    expect(screenAt(bundle, '/r/partner/urn:app:1/applicant')).toEqual({
      screen: 'applicant-info',
      route: { referralUrlId: 'partner', applicationId: 'urn:app:1' },
    });
    expect(screenAt(bundle, '/nothing/here/at/all/really')).toBeUndefined();
    expect(candidateRoutes(bundle, '/urn:app:1/applicant').length).toBeLessThan(all.length / 10);
  });
});
