/** A decorative inline SVG icon (shell/icon-paths.ts): drawn in the text colour, hidden from assistive technologies. */
import { iconPaths, type IconName } from './icon-paths.ts';

export function Icon({ name }: { name: IconName }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d={iconPaths[name]} />
    </svg>
  );
}
