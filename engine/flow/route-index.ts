/**
 * Which screens' paths can match an address: an index over the patterns' segments, so the router and the header hand
 * react-router a few patterns to compare instead of every screen's two (with and without the co-brand prefix).
 * react-router turns a pattern into a regular expression each time it compares one, and the header and <Routes>
 * compared all of them on every render: tens of milliseconds of a first load's main thread. The index only narrows:
 * react-router still matches and ranks what it keeps, so the chosen screen and its parameters are unchanged.
 */
import { matchRoutes } from 'react-router-dom';
import type { EngineBundle } from '../content/types.ts';
import { routePatterns } from './paths.ts';

export interface ScreenRoute {
  screen: string;
  pattern: string;
}

interface Indexed extends ScreenRoute {
  /** Lower-cased literal segments by position (undefined: a parameter); null for a pattern the index cannot read. */
  segments: Array<string | undefined> | null;
}

const PARAMETER = /^:[A-Za-z_]\w*$/;
const LITERAL = /^[^:*?]+$/;

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return undefined;
  }
}

/** Every screen route of a bundle, and the candidates for an address (memoised per bundle and address). */
function indexOf(bundle: EngineBundle): RouteIndex {
  let found = cache.get(bundle);
  if (!found) {
    const all: Indexed[] = Object.values(bundle.screens).flatMap((screen) =>
      routePatterns(screen.path).map((pattern) => {
        const parts = pattern.split('/').filter(Boolean);
        const readable = parts.every((part) => PARAMETER.test(part) || LITERAL.test(part));
        return {
          screen: screen.id,
          pattern,
          segments: readable ? parts.map((part) => (PARAMETER.test(part) ? undefined : part.toLowerCase())) : null,
        };
      }),
    );
    found = { all, candidates: new Map() };
    cache.set(bundle, found);
  }
  return found;
}
interface RouteIndex {
  all: Indexed[];
  candidates: Map<string, ScreenRoute[]>;
}
const cache = new WeakMap<EngineBundle, RouteIndex>();

/**
 * The screen routes whose pattern could match `pathname`: same number of segments, every literal segment equal
 * (ignoring case, as react-router does). A pattern the index cannot read (optional or splat segments) is always kept,
 * as is a literal compared with a segment that does not decode.
 */
export function candidateRoutes(bundle: EngineBundle, pathname: string): ScreenRoute[] {
  const index = indexOf(bundle);
  const known = index.candidates.get(pathname);
  if (known) return known;
  const parts = pathname.split('/').filter(Boolean).map(decode);
  const kept = index.all
    .filter(
      ({ segments }) =>
        segments === null ||
        (segments.length === parts.length &&
          segments.every((literal, i) => literal === undefined || parts[i] === undefined || literal === parts[i])),
    )
    .map(({ screen, pattern }) => ({ screen, pattern }));
  if (index.candidates.size > 200) index.candidates.clear();
  index.candidates.set(pathname, kept);
  return kept;
}

/** The screen an address shows and its path parameters, as the router ranks the patterns; undefined for none. */
export function screenAt(
  bundle: EngineBundle,
  pathname: string,
): { screen: string; route: Record<string, string> } | undefined {
  const candidates = candidateRoutes(bundle, pathname);
  const matches = matchRoutes(
    candidates.map(({ pattern }, position) => ({ id: String(position), path: pattern })),
    pathname,
  );
  const match = matches?.[matches.length - 1];
  if (!match) return undefined;
  const { screen } = candidates[Number(match.route.id)];
  return {
    screen,
    route: Object.fromEntries(
      Object.entries(match.params).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    ),
  };
}
