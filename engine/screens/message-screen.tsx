/**
 * A message screen: heading, paragraphs and points from the catalogue, at most one primary action (it runs the
 * screen's actions and transitions) and its secondary actions. Options: `paragraphKeys` and `pointKeys` (message
 * keys), `tone` (success, warning, neutral), `messageArgs` (the paragraphs' variables: JSON Logic over the context),
 * `links` (the ways on an outcome page offers: `{ labelKey, href }`; the first is the primary action when the
 * screen has none of its own, secondary-actions.tsx ScreenActions), `supportContact` (the support contact as a box,
 * shell/footer.tsx).
 */
import type { ScreenProps } from './registry.ts';
import { ScreenFrame } from './screen-frame.tsx';
import { optionsOf } from './kind-options.ts';
import { MessageText } from './message-text.tsx';
import { ScreenActions } from './secondary-actions.tsx';
import { useMessageArgs } from './message-args.ts';
import { SupportContact } from '../shell/footer.tsx';

export function MessageScreen({ screen, context, submit, busy, headingRef, secondary, runSecondary }: ScreenProps) {
  const args = useMessageArgs(screen, context);
  const options = optionsOf(screen, 'message');
  return (
    <ScreenFrame screen={screen} headingRef={headingRef} context={context} tone={options.tone}>
      <MessageText paragraphKeys={options.paragraphKeys} pointKeys={options.pointKeys} args={args} />
      {options.supportContact ? <SupportContact /> : null}
      <ScreenActions
        screen={screen}
        submit={submit}
        busy={busy}
        secondary={secondary}
        runSecondary={runSecondary}
        links={options.links}
      />
    </ScreenFrame>
  );
}
