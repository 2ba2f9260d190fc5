/** A screen's secondary actions ('Do this later', 'Resend code', 'Skip'): quiet next to the one primary action. */
import type { ReactNode } from 'react';
import { useI18n } from '../i18n/context.tsx';
import type { ScreenProps } from './registry.ts';

/** `waiting`: actions that must still wait although the screen is not busy (a resend during its countdown). */
export function SecondaryActions({
  secondary,
  runSecondary,
  busy,
  waiting,
}: Pick<ScreenProps, 'secondary' | 'runSecondary' | 'busy'> & {
  waiting?: (action: ScreenProps['secondary'][number]) => boolean;
}) {
  const { t } = useI18n();
  if (secondary.length === 0) return null;
  return (
    <>
      {secondary.map((action) => (
        <button
          key={action.id}
          type="button"
          data-action={action.id}
          className={action.style === 'button' ? 'button button--secondary' : 'button button--link'}
          disabled={busy || Boolean(waiting?.(action))}
          onClick={() => void runSecondary(action.id)}
        >
          {t(action.labelKey)}
        </button>
      ))}
    </>
  );
}

/**
 * A screen's row of actions. While an action runs, its buttons wait (disabled) and the row says it is busy, for
 * assistive technology too.
 */
function ActionsRow({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <div className="actions" aria-busy={busy || undefined}>
      {children}
    </div>
  );
}

/** The actions row of a screen whose only actions are its secondary ones (a list, a wait); nothing without any. */
export function SecondaryFooter(props: Parameters<typeof SecondaryActions>[0]) {
  if (props.secondary.length === 0) return null;
  return (
    <ActionsRow busy={props.busy}>
      <SecondaryActions {...props} />
    </ActionsRow>
  );
}

/** The actions row of a form (a form screen, the account list): its submit button, then the secondary actions. */
export function FormActions({
  screen,
  busy,
  secondary,
  runSecondary,
}: Pick<ScreenProps, 'screen' | 'busy' | 'secondary' | 'runSecondary'>) {
  const { t } = useI18n();
  return (
    <ActionsRow busy={busy}>
      <button type="submit" className="button button--primary" disabled={busy}>
        {t(`${screen.messages}.submit`)}
      </button>
      <SecondaryActions secondary={secondary} runSecondary={runSecondary} busy={busy} />
    </ActionsRow>
  );
}

/** A way on an outcome page offers (`options.links` of a message screen): an address and its words. */
export interface ScreenLink {
  labelKey: string;
  href: string;
}

/**
 * The actions row of a screen without a form, one row with one primary action first: the screen's own button (when
 * it has actions or rows to follow), else its first link; then its other links and its secondary actions, quieter.
 * Form screens put their own submit button in this row instead.
 */
export function ScreenActions({
  screen,
  submit,
  busy,
  secondary,
  runSecondary,
  links = [],
}: Pick<ScreenProps, 'screen' | 'submit' | 'busy' | 'secondary' | 'runSecondary'> & {
  links?: readonly ScreenLink[];
}) {
  const { t } = useI18n();
  const hasAction = Boolean(screen.next?.length || screen.actions?.length);
  if (!hasAction && secondary.length === 0 && links.length === 0) return null;
  return (
    <ActionsRow busy={busy}>
      {hasAction ? (
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void submit({})}>
          {t(`${screen.messages}.submit`)}
        </button>
      ) : null}
      {links.map((link, index) => (
        <a
          key={link.href}
          className={!hasAction && index === 0 ? 'button button--primary' : 'button button--link'}
          href={link.href}
        >
          {t(link.labelKey)}
        </a>
      ))}
      <SecondaryActions secondary={secondary} runSecondary={runSecondary} busy={busy} />
    </ActionsRow>
  );
}
