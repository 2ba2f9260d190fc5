import { Component, type ReactNode } from 'react';
import { forgetFailedLoads } from '../state/load-once.ts';
import { useI18n } from '../i18n/context.tsx';
import { ErrorPage } from './error-page.tsx';

/**
 * What a person sees when a screen cannot be drawn: most often a chunk the screen needs (its definition, its kind, its
 * form, its validators or widgets) failed to download, for a dropped connection or a deploy that replaced the files.
 * The page says so and offers to load the same address again (what was saved is on the server; drafts come back from
 * the tab's storage), instead of leaving the page blank. One boundary per screen: the next screen starts clean.
 */
export class ScreenBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(): void {
    // The failure is shown: a screen that asks for the same chunk again (after "Try again", or later) downloads it again.
    forgetFailedLoads();
  }

  render(): ReactNode {
    return this.state.failed ? <ScreenFailed /> : this.props.children;
  }
}

function ScreenFailed() {
  const { t } = useI18n();
  return (
    <ErrorPage
      title={t('shell.error.title')}
      text={t('shell.error.loadFailed')}
      link={{ href: window.location.href, label: t('shell.error.retry') }}
    />
  );
}
