/**
 * The header: the product name, the links of rules/shell.json `headerLinks` (the account switcher, doc1 §2.7), and a
 * switch to the market's other languages (each named in its own language), and sign out for a signed-in visitor
 * (rules/shell.json `signOut`). On a phone it keeps to two lines (app.css): a link's `shortLabelKey` words stand in for
 * its label, and the sign-out shows its icon, their full words staying their accessible names. It sits outside the screens, inside the
 * router: it finds the current screen and its path parameters by matching the address against every screen's path,
 * so a link knows the application it belongs to. Generic: which links exist and when they show is content.
 */
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router-dom';
import useSWR from 'swr';
import { useI18n } from '../i18n/context.tsx';
import { useEngine } from '../app/engine-context.tsx';
import { cookieString } from '../environment/cookies.ts';
import { pathFor } from '../flow/paths.ts';
import { screenAt } from '../flow/route-index.ts';
import { buildRequest, runCall } from '../calls/run.ts';
import { evaluate } from '../conditions/index.ts';
import type { EngineBundle } from '../content/types.ts';
import { malformedParameters, type HeaderLink } from '../app/shell-rules.ts';
import { writeSession } from '../state/session-store.ts';
import { signOutAction } from '../screens/frame-markup.ts';
import { Icon } from './icon.tsx';

/** The screen an address shows and its path parameters, or undefined (engine/flow/route-index.ts). */
export const currentScreen = (pathname: string, bundle: EngineBundle) => screenAt(bundle, pathname);

/** One header link: its read (when it has one), its condition, and the address of its screen here. */
function HeaderLinkItem({ link, here }: { link: HeaderLink; here: { screen: string; route: Record<string, string> } }) {
  const engine = useEngine();
  const { t } = useI18n();
  const base = useMemo(() => {
    const { config, ...facts } = engine.environment;
    return {
      route: here.route,
      screen: here.screen,
      user: engine.user,
      environment: { ...facts, ...config, referralUrlId: here.route.referralUrlId ?? facts.referralUrlId },
      flags: config.flags ?? {},
    };
  }, [here, engine.user, engine.environment]);
  const href = useMemo(() => {
    if (here.screen === link.to) return undefined;
    try {
      return pathFor(link.to, base, engine.bundle);
    } catch {
      return undefined; // the target needs a parameter this address does not give
    }
  }, [link.to, here.screen, base, engine.bundle]);
  const def = link.load ? engine.bundle.calls[link.load] : undefined;
  const key = href && def && engine.user ? buildRequest(link.load!, def, base).url : null;
  const { data } = useSWR(key, () => runCall(link.load!, def!, base, engine.calls));
  if (!href || (link.load && data === undefined)) return null;
  if (link.when !== undefined && !evaluate(link.when, { ...base, data: link.load ? { [link.load]: data } : {} }))
    return null;
  return (
    <Link className="header__link" to={href}>
      {link.shortLabelKey ? (
        // A phone shows the short words; the whole label stays the link's name (it contains them), as frame-markup.ts draws it.
        <>
          <span className="header__label-long">{t(link.labelKey)}</span>
          <span className="header__label-short" aria-hidden="true">
            {t(link.shortLabelKey)}
          </span>
        </>
      ) : (
        t(link.labelKey)
      )}
    </Link>
  );
}

export function Header() {
  const engine = useEngine();
  const { environment, bundle } = engine;
  const { t, locale } = useI18n();
  const { pathname } = useLocation();
  // An address whose parameters are malformed shows the incorrect-URL page: no links, and nothing is read.
  const here = useMemo(() => {
    const found = currentScreen(pathname, bundle);
    return found && malformedParameters(found.route, bundle.shell).length === 0 ? found : undefined;
  }, [pathname, bundle]);
  const others = environment.locales.filter((candidate) => candidate !== locale);
  return (
    <header className="header">
      <a className="header__brand" href="/">
        {t('shell.productName')}
      </a>
      <div className="header__end">
        {here
          ? (bundle.shell.headerLinks ?? []).map((link) => <HeaderLinkItem key={link.id} link={link} here={here} />)
          : null}
        {others.map((other) => (
          <button
            key={other}
            type="button"
            className="header__locale"
            lang={other}
            onClick={() => {
              document.cookie = cookieString('locale', other, window.location.hostname, environment.config.cookieHost);
              writeSession('onboarding:locale', other);
              window.location.reload();
            }}
          >
            {t(`shell.locale.${other}`)}
          </button>
        ))}
        {engine.user && bundle.shell.signOut ? (
          // A plain form (the server draws the same, frame-markup.ts signOutMarkup): it works before any script runs.
          <form className="header__signout" method="post" action={signOutAction(bundle.shell.signOut)}>
            <button type="submit" className="header__button">
              <Icon name="signOut" />
              <span className="header__button-text">{t(bundle.shell.signOut.labelKey)}</span>
            </button>
          </form>
        ) : null}
      </div>
    </header>
  );
}
