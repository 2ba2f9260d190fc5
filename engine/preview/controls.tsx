/**
 * The preview page's controls: every screen of every flow, and the market, portal, locale (the pseudo-locale
 * en-XA too, in `npm run dev`), state and width to open it in. The screen itself shows in a frame (frame.tsx) so
 * its styles, focus and address are its own. A tool for product editors in development; it is not built.
 */
import { useEffect, useMemo, useState } from 'react';
import bundle from 'virtual:content-full';
import fixtures from 'virtual:preview-fixtures';
import { locales as servedLocales } from 'virtual:catalogues';
import config from '../../rules/config.json';
import accounts from '../../rules/accounts.json';
import type { Screen } from '../content/types.ts';
import { portalsOf, portalWith } from './portals.ts';
import type { Cobrands } from '../../domain/cobrands.ts';
import { previewStates } from './states.ts';
import { writeSelection, type Selection } from './selection.ts';

const WIDTHS = [390, 768, 1280, 0];
const cobrands = (accounts.cobrands ?? {}) as Cobrands;

export function Controls({ initial }: { initial: Selection }) {
  const [selection, setSelection] = useState(initial);
  const states = useMemo(() => previewStates(fixtures), []);
  const markets = Object.keys(config.markets) as Array<keyof typeof config.markets>;
  const portals = portalsOf(config, cobrands);
  const marketLocales = (config.markets[selection.market as keyof typeof config.markets]?.locales ?? []) as string[];
  const locales = [
    ...marketLocales,
    ...servedLocales.filter(
      (locale) => !Object.values(config.markets).some((m) => (m.locales as string[]).includes(locale)),
    ),
  ];
  const flows = Object.keys(bundle.flows).sort();
  useEffect(() => {
    window.history.replaceState(null, '', writeSelection(selection));
  }, [selection]);
  const set = (change: Partial<Selection>) =>
    setSelection((current) => {
      const next = { ...current, ...change };
      const allowed = (config.markets[next.market as keyof typeof config.markets]?.locales ?? []) as string[];
      const pseudo = !Object.values(config.markets).some((market) =>
        (market.locales as string[]).includes(next.locale),
      );
      if (change.market && !allowed.includes(next.locale) && !pseudo) next.locale = allowed[0];
      // A co-brand launch puts the visit in the co-brand's portal (a reseller's link: the reseller portal).
      if (change.cobrand !== undefined) next.portal = portalWith(cobrands, next.cobrand, next.portal);
      return next;
    });
  const screen = bundle.screens[selection.screen];
  return (
    <div className="preview">
      <aside className="preview__side" aria-label="Preview settings">
        <h1 className="preview__title">Screen preview</h1>
        <div className="preview__fields">
          <label>
            Market
            <select value={selection.market} onChange={(event) => set({ market: event.target.value })}>
              {markets.map((market) => (
                <option key={market} value={market}>
                  {market}
                </option>
              ))}
            </select>
          </label>
          <label>
            Portal
            <select value={selection.portal} onChange={(event) => set({ portal: event.target.value })}>
              {portals.map((portal) => (
                <option key={portal} value={portal}>
                  {portal}
                </option>
              ))}
            </select>
          </label>
          <label>
            Co-brand
            <select value={selection.cobrand} onChange={(event) => set({ cobrand: event.target.value })}>
              <option value="">none</option>
              {Object.keys(cobrands).map((id) => (
                <option key={id} value={id}>
                  /r/{id}
                </option>
              ))}
            </select>
          </label>
          <label>
            Locale
            <select value={selection.locale} onChange={(event) => set({ locale: event.target.value })}>
              {locales.map((locale) => (
                <option key={locale} value={locale}>
                  {locale === 'en-XA' ? 'en-XA (pseudo)' : locale}
                </option>
              ))}
            </select>
          </label>
          <label>
            Width
            <select value={selection.width} onChange={(event) => set({ width: Number(event.target.value) })}>
              {WIDTHS.map((width) => (
                <option key={width} value={width}>
                  {width ? `${width} px` : 'full'}
                </option>
              ))}
            </select>
          </label>
          <label className="preview__wide">
            State
            <select value={selection.state} onChange={(event) => set({ state: event.target.value })}>
              {states.map((state) => (
                <option key={state.id} value={state.id}>
                  {state.label}
                </option>
              ))}
            </select>
          </label>
        </div>
        <nav aria-label="Screens">
          {flows.map((flow) => (
            <section key={flow}>
              <h2 className="preview__flow">{flow}</h2>
              <ul className="preview__screens">
                {(Object.values(bundle.screens) as Screen[])
                  .filter((candidate) => candidate.flow === flow)
                  .sort((a, b) => a.id.localeCompare(b.id))
                  .map((candidate) => (
                    <li key={candidate.id}>
                      <button
                        type="button"
                        aria-current={candidate.id === selection.screen ? 'page' : undefined}
                        onClick={() => set({ screen: candidate.id })}
                      >
                        <span className="preview__id">{candidate.id}</span>
                        <span className="preview__path">{candidate.path}</span>
                      </button>
                    </li>
                  ))}
              </ul>
            </section>
          ))}
        </nav>
      </aside>
      <section className="preview__stage" aria-label="Screen">
        <p className="preview__file">
          flows/{screen?.flow}/screens/{selection.screen}.json · {selection.market} · {selection.portal}
          {selection.cobrand ? ` · /r/${selection.cobrand}` : ''} · {selection.locale}
        </p>
        <iframe
          key={writeSelection(selection)}
          className="preview__frame"
          title={`Screen ${selection.screen}`}
          src={`/preview.html${writeSelection(selection, true)}`}
          style={selection.width ? { width: `${selection.width}px` } : undefined}
        />
      </section>
    </div>
  );
}
