/** Boot, then render the shell in `container`; a boot failure shows the config-failure page or redirects. */
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import bundle from 'virtual:content';
import { boot, BootError } from './boot.ts';
import { App } from './app.tsx';
import { ErrorPage } from '../shell/error-page.tsx';
import { redirectFor } from './shell-rules.ts';
import { capturePrerender } from './prerender.ts';
import { engineStartMark } from './engine-start-mark.ts';

export function start(container: Element): void {
  performance.mark(engineStartMark);
  // The server's first paint (the screen's heading), kept by the page loader until the screen renders.
  capturePrerender(container);
  const root = createRoot(container);
  // Addresses that leave the application at once (rules/shell.json redirects; doc1 §2.5 signup-eu).
  const away = redirectFor(bundle.shell, {
    location: { href: window.location.href, pathname: window.location.pathname, search: window.location.search },
  });
  if (away) {
    window.location.replace(away);
    return;
  }
  boot()
    .then(({ environment, translator, user }) => {
      // A transition: React renders the shell in short slices instead of one long task while the page is loading.
      startTransition(() =>
        root.render(<App bundle={bundle} environment={environment} translator={translator} user={user} />),
      );
    })
    .catch((error: unknown) => {
      if (error instanceof BootError && error.kind === 'redirect' && error.location) {
        window.location.assign(error.location);
        return;
      }
      if (error instanceof BootError) {
        const { t } = error.translator;
        root.render(
          <main id="main" className="main">
            {error.kind === 'unsupported' ? (
              <ErrorPage
                title={t('shell.unsupportedMarket.title')}
                text={t('shell.unsupportedMarket.text')}
                // The root without the unserved currency opens the markets the product serves (issue 22 item 9).
                link={{ href: '/', label: t('shell.unsupportedMarket.link') }}
              />
            ) : (
              <ErrorPage title={t('shell.error.title')} text={t('shell.error.config')} />
            )}
          </main>,
        );
        return;
      }
      throw error;
    });
}
