/**
 * A message screen: heading, paragraphs and points from the catalogue, at most one primary action (it runs the
 * screen's actions and transitions) and its secondary actions. Options: `paragraphKeys` and `pointKeys` (message
 * keys), `tone` (success, warning, neutral).
 */
import type { ScreenProps } from './registry.ts';
import { ScreenFrame } from './screen-frame.tsx';
import { MessageText } from './message-text.tsx';
import { ScreenActions } from './secondary-actions.tsx';

export function MessageScreen({ screen, submit, busy, headingRef, secondary, runSecondary }: ScreenProps) {
  const options = (screen.options ?? {}) as { paragraphKeys?: string[]; pointKeys?: string[]; tone?: 'success' | 'warning' | 'neutral' };
  return (
    <ScreenFrame screen={screen} headingRef={headingRef} tone={options.tone}>
      <MessageText paragraphKeys={options.paragraphKeys} pointKeys={options.pointKeys} />
      <ScreenActions screen={screen} submit={submit} busy={busy} secondary={secondary} runSecondary={runSecondary} />
    </ScreenFrame>
  );
}
