/**
 * Which screen a URL shows: its path matched against every screen's `path` (react-router syntax, with the optional
 * co-brand prefix `/r/:referralUrlId`); the match with the most fixed segments wins, as in react-router. Pure.
 */
import type { ContentBundle } from '../../engine/content/types.ts';

function score(pattern: string, pathname: string): number | undefined {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.length !== have.length) return undefined;
  let fixed = 0;
  for (let i = 0; i < want.length; i += 1) {
    if (want[i].startsWith(':')) continue;
    if (want[i] !== decodeURIComponent(have[i])) return undefined;
    fixed += 1;
  }
  return fixed;
}

/** The id of the screen a pathname shows, or undefined (sign-on pages, unknown addresses). */
export function screenForPath(bundle: ContentBundle, pathname: string): string | undefined {
  const path = pathname.replace(/^\/r\/[^/]+(?=\/|$)/, '') || '/';
  let best: { id: string; fixed: number } | undefined;
  for (const [id, screen] of Object.entries(bundle.screens)) {
    const fixed = score(screen.path, path);
    if (fixed !== undefined && (!best || fixed > best.fixed)) best = { id, fixed };
  }
  return best?.id;
}
