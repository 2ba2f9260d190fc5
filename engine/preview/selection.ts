/**
 * What the preview shows: a screen, a market, a portal, a co-brand, a locale, a state and a width, kept in the page's query so
 * a reload (the content plugin reloads on every edit under flows/, rules/ or locales/) shows the same thing. Pure.
 */

export interface Selection {
  screen: string;
  market: string;
  portal: string;
  /** A co-brand of rules/accounts.json the visit arrives through (`/r/{id}`), or '' for none. */
  cobrand: string;
  locale: string;
  /** A state id from states.ts. */
  state: string;
  /** Frame width in CSS pixels; 0 for the full width. */
  width: number;
}

/** The selection in a query string, with defaults for what it does not say. */
export function readSelection(search: string, defaults: Selection): Selection {
  const query = new URLSearchParams(search);
  const width = Number(query.get('width') ?? defaults.width);
  return {
    screen: query.get('screen') ?? defaults.screen,
    market: query.get('market') ?? defaults.market,
    portal: query.get('portal') ?? defaults.portal,
    cobrand: query.get('cobrand') ?? defaults.cobrand,
    locale: query.get('locale') ?? defaults.locale,
    state: query.get('state') ?? defaults.state,
    width: Number.isFinite(width) && width >= 0 ? width : defaults.width,
  };
}

/** The query string of a selection (`frame` adds the marker the framed page renders the screen for). */
export function writeSelection(selection: Selection, frame = false): string {
  const query = new URLSearchParams({
    screen: selection.screen,
    market: selection.market,
    portal: selection.portal,
    cobrand: selection.cobrand,
    locale: selection.locale,
    state: selection.state,
    width: String(selection.width),
  });
  if (frame) query.set('frame', '1');
  return `?${query.toString()}`;
}
