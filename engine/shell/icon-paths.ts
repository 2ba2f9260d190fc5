/**
 * The few icons the shell and screens draw (issue 22, look and feel): inline SVG path data on a 24-unit grid, drawn
 * with the text colour (`currentColor`), decorative (hidden from assistive technologies: the words beside them say
 * it). No icon font. `iconMarkup` is the same drawing as HTML text for the server's first paint
 * (engine/screens/frame-markup.ts); shell/icon.tsx draws it in React.
 */
export const iconPaths = {
  /** A check mark: a step that is done (the steps beside the form). */
  check: 'M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4L9 16.2Z',
  /** A padlock: a security note. */
  lock: 'M7 10V7a5 5 0 0 1 10 0v3h1a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1h1Zm2 0h6V7a3 3 0 0 0-6 0v3Zm3 4a1.5 1.5 0 0 0-1 2.6V18h2v-1.4a1.5 1.5 0 0 0-1-2.6Z',
  /** A telephone handset: the support line. */
  phone:
    'M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1Z',
  /** An envelope: the support email. */
  mail: 'M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Zm1 2.4V17h16V7.4l-8 5.3-8-5.3ZM5.6 7 12 11.3 18.4 7H5.6Z',
  /** A circled question mark: why we ask. */
  help: 'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm0 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm0 11.5a1.25 1.25 0 1 1 0 2.5 1.25 1.25 0 0 1 0-2.5ZM12 6a3.5 3.5 0 0 1 1.2 6.8c-.2.1-.2.2-.2.3V14h-2v-.9c0-1 .6-1.8 1.5-2.2A1.5 1.5 0 1 0 10.5 9.5h-2A3.5 3.5 0 0 1 12 6Z',
  /** An arrow leaving a door: sign out (the header draws it alone on a phone, its words visually hidden). */
  signOut: 'M4 3h8v2H4v14h8v2H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm13 4 5 5-5 5-1.4-1.4 2.6-2.6H8v-2h10.2l-2.6-2.6L17 7Z',
} as const;

export type IconName = keyof typeof iconPaths;

/** The icon as HTML text (the attributes in the order React writes them for shell/icon.tsx). */
export function iconMarkup(name: IconName): string {
  return `<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="${iconPaths[name]}"></path></svg>`;
}
