/** rules/shell.json as the engine reads it (its rules are evaluated by engine/app/shell-rules.ts). */
import type { Condition } from '../conditions/index.ts';
import type { TransitionRow } from './types.ts';

/** Routing tables by name, as derived values that name one need them. */
export type Tables = Record<string, { rows: readonly TransitionRow[] }>;

export interface ShellTarget {
  when?: Condition;
  to: string;
  query?: Record<string, string>;
}

export interface ShellRules {
  pathParameters: Record<string, string>;
  loadFailures: ShellTarget[];
  redirects: Array<{ when: Condition; href: string }>;
  blockingModal?: { when: Condition; titleKey: string; textKey: string; buttonKey?: string; href?: unknown };
  beacons: Array<{ id: string; call: string; when: Condition }>;
  sessionTimeout: ShellTarget;
  /**
   * The parts of the API's document placed into every context, each with the value it has when the document has
   * none (an empty object, or an empty list for a part that is a list).
   */
  documentParts?: Record<string, unknown>;
  /** Values computed from the context and placed into it, in order, before any condition reads it. */
  derived?: DerivedValue[];
  /** The kinds of notice (toast, growl, ...) with their lifetimes, and which kind each notice is. */
  notices?: NoticeRules;
  /** Links in the header, outside the screens (engine/shell/header.tsx). */
  headerLinks?: HeaderLink[];
  /** The footer every screen shows: the support contact and the help, privacy and terms links (shell/footer.tsx). */
  footer?: FooterRules;
  /** Sign out in the header for a signed-in visitor: a post to the sign-on service's logout (shell/header.tsx). */
  signOut?: SignOutRule;
}

/** The support contact (as dialled and as written, and an email address) and the footer's links. */
export interface FooterRules {
  support: { phone: string; phoneText: string; email: string };
  links: Array<{ id: string; labelKey: string; href: string }>;
}

/** The sign-out form: its button's text, the logout address, and where signing in again returns to. */
export interface SignOutRule {
  labelKey: string;
  action: string;
  path: string;
}

/** A header link: the screen it opens, its text, the read its condition needs (as data.<call>) and its condition. */
export interface HeaderLink {
  id: string;
  to: string;
  labelKey: string;
  /** Shorter words for a phone-width header; the accessible name stays the labelKey text, which contains them. */
  shortLabelKey?: string;
  load?: string;
  when?: Condition;
}

/**
 * A value content derives and places at the dotted path `set`: `value` (JSON Logic evaluated over the context), or
 * the screen the routing table `table` chooses for the context (null when no row holds).
 */
export interface DerivedValue {
  id: string;
  set: string;
  value?: unknown;
  table?: string;
}

export interface NoticeRules {
  /** Each kind's lifetime in ms: JSON Logic over the context (e.g. a configured constant); no number: stays until closed. */
  kinds: Record<string, { lifetimeMs: unknown }>;
  /** Ordered; the first row whose condition holds over the context plus `notice` ({source, tone}) gives the kind. */
  rows: Array<{ when?: Condition; kind: string }>;
}

/** What raised a notice: a name content rows can test (`notice.source`), and its tone. */
export interface NoticeFacts {
  source: string;
  tone: string;
}
