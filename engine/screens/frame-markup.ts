/**
 * The first paint of a page, as HTML text: the shell's header and the screen's heading (progress, title, intro,
 * notices), the same markup the React shell (app.tsx, shell/header.tsx) and ScreenFrame (screen-frame.tsx) render.
 * The build writes each screen's heading in each locale (scripts/vite/preload-plugin.ts); the server puts it in the
 * page (server/static-front-end.ts), so the applicant reads where they are before any script has run; the engine
 * keeps it on screen until the screen itself renders (engine/app/prerender.ts). tests/component/frame-markup.test.tsx
 * checks that this text and the React heading are the same markup for every screen in every locale.
 */
import type { Screen } from '../content/types.ts';
import { applyVariants } from '../content/resolve.ts';
import { evaluate, type Condition } from '../conditions/index.ts';
import type { Translate } from '../i18n/translator.ts';
import type { FooterRules, SignOutRule } from '../content/shell.ts';
import { iconMarkup } from '../shell/icon-paths.ts';

/** The kinds whose screens start with ScreenFrame and its heading alone (no tone that depends on data). */
const framedKinds = new Set(['form', 'facts', 'collection', 'item-list', 'message']);

/** What a variant may change that the heading shows: a screen with such a variant is not drawn before it resolves. */
const headingKeys = ['kind', 'messages', 'intro', 'progress'];

type HeadingScreen = Pick<Screen, 'kind' | 'messages' | 'intro' | 'progress' | 'options' | 'variants'>;

const mergeOf = (variant: unknown): Record<string, unknown> =>
  ((variant as { merge?: Record<string, unknown> }).merge ?? {}) as Record<string, unknown>;

/** Whether a variant may change `options[key]` (or drop the options). */
const changesOption = (variant: unknown, key: string): boolean => {
  const merge = mergeOf(variant);
  return 'options' in merge && (merge.options === null || key in ((merge.options ?? {}) as Record<string, unknown>));
};

/** Whether a variant changes what the heading shows: the kind, title, intro, progress or tone. */
const changesHeading = (variant: unknown): boolean =>
  headingKeys.some((key) => key in mergeOf(variant)) || changesOption(variant, 'tone');

/** Every variable a condition reads (json-logic `var`, also inside custom operators). */
function variablesOf(condition: unknown, into: string[] = []): string[] {
  if (Array.isArray(condition)) for (const part of condition) variablesOf(part, into);
  else if (condition !== null && typeof condition === 'object') {
    for (const [operator, argument] of Object.entries(condition)) {
      if (operator === 'var') into.push(String(Array.isArray(argument) ? argument[0] : argument));
      else variablesOf(argument, into);
    }
  }
  return into;
}

/** At most this many variants may decide a drawn heading (the build draws each combination). */
const MAX_HEADING_VARIANTS = 3;

/**
 * The variants that change a screen's heading, each decided by the address's query alone (`query.*`), so the server
 * can decide them as the engine will (screen-host.tsx: the query as `Object.fromEntries` of the search parameters).
 * Undefined when the heading is not known before the screen's data: a kind that is not framed, a tone that is not plain
 * text, a variant that changes the heading on anything but the query, or too many of them.
 */
export function headingVariants(screen: HeadingScreen): (Screen['variants'] & object) | undefined {
  if (typeof screen.kind !== 'string' || !framedKinds.has(screen.kind) || !screen.messages) return undefined;
  const tone = (screen.options as { tone?: unknown } | undefined)?.tone;
  if (tone !== undefined && typeof tone !== 'string') return undefined;
  const deciding = (screen.variants ?? []).filter(changesHeading);
  if (deciding.length > MAX_HEADING_VARIANTS) return undefined;
  const byQuery = deciding.every((variant) => {
    const merge = mergeOf(variant);
    const kind = merge.kind;
    if (kind !== undefined && (typeof kind !== 'string' || !framedKinds.has(kind))) return false;
    const variables = variablesOf((variant as { when?: unknown }).when);
    return variables.length > 0 && variables.every((name) => name.startsWith('query.'));
  });
  return byQuery ? deciding : undefined;
}

/** Whether a screen's heading is known before its data (`headingVariants`). */
export function headingIsStatic(screen: HeadingScreen): boolean {
  return headingVariants(screen) !== undefined;
}

/**
 * The screen as its heading shows for each combination of its heading variants (`headingVariants`): entry `mask` has
 * variant i applied when bit i of `mask` is set (in declaration order, as the engine applies them).
 */
export function headingCombinations(screen: Screen): Screen[] {
  const deciding = headingVariants(screen) ?? [];
  const combinations: Screen[] = [];
  for (let mask = 0; mask < 1 << deciding.length; mask += 1)
    combinations.push(
      applyVariants(
        screen,
        deciding.filter((_, index) => mask & (1 << index)),
      ),
    );
  return combinations;
}

/** Which combination (`headingCombinations`) the conditions `when` choose for `query`. */
export function headingMask(when: readonly Condition[], query: Record<string, string>): number {
  return when.reduce<number>(
    (mask, condition, index) => (evaluate(condition, { query }) ? mask | (1 << index) : mask),
    0,
  );
}

/** Text as HTML text (element content and double-quoted attribute values). */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The `class` of ScreenFrame's section for `screen` (the message kind alone passes its `options.tone` to the frame). */
export function frameClass(screen: Pick<Screen, 'kind' | 'options'>): string {
  const tone = screen.kind === 'message' ? (screen.options as { tone?: string } | undefined)?.tone : undefined;
  return `screen screen--${String(screen.kind)}${tone ? ` screen--${tone}` : ''}`;
}

/**
 * The steps by name beside the form (screen-frame.tsx StepList): before step `step` done (a check and a visually hidden
 * "completed"), step `step` current (`aria-current="step"`), the rest plain. `keys` are the steps' message keys
 * (engine/flow/progress.ts `progressStepKeys`).
 */
export function stepListMarkup(keys: readonly string[], step: number, t: Translate): string {
  const items = keys.map((key, index) => {
    const name = escapeHtml(t(key));
    if (index + 1 < step)
      return (
        `<li class="progress__step progress__step--done">${iconMarkup('check')}${name}` +
        `<span class="visually-hidden"> ${escapeHtml(t('shell.steps.completed'))}</span></li>`
      );
    if (index + 1 === step)
      return `<li class="progress__step progress__step--current" aria-current="step">${name}</li>`;
    return `<li class="progress__step">${name}</li>`;
  });
  return `<ol class="progress__steps">${items.join('')}</ol>`;
}

/**
 * ScreenFrame's heading for `screen` (screen-frame.tsx FrameHeading): the progress line and bar, the title, the intro
 * and the notices (unless a variant may change them). `progress` is the step and number of steps the indicator shows
 * (engine/flow/progress.ts `progressOf`), with the steps' names when the flow gives them (`progressStepKeys`), undefined
 * for none.
 */
export function frameHeadingMarkup(
  screen: HeadingScreen,
  progress: { step: number; steps: number; keys?: readonly string[] } | undefined,
  t: Translate,
): string {
  const parts: string[] = [];
  if (progress) {
    const { step, steps, keys } = progress;
    parts.push(
      `<div class="progress"><p class="progress__label">${escapeHtml(t('shell.progress', { step, steps }))}</p>` +
        `<progress class="progress__bar" aria-hidden="true" max="${steps}" value="${step}"></progress>` +
        `${keys ? stepListMarkup(keys, step, t) : ''}</div>`,
    );
  }
  parts.push(
    `<h1 id="screen-title" class="screen__title" tabindex="-1">${escapeHtml(t(`${screen.messages}.title`))}</h1>`,
  );
  if (screen.intro) parts.push(`<p class="screen__intro">${escapeHtml(t(`${screen.messages}.intro`))}</p>`);
  // Notices a variant changes, or whose variables come from the screen's reads (options.messageArgs), are left to the
  // engine: drawn here they could be the wrong ones, or show an unfilled variable.
  const noticeKeys =
    (screen.variants ?? []).some((variant) => changesOption(variant, 'noticeKeys')) ||
    ((screen.options ?? {}) as { messageArgs?: object }).messageArgs !== undefined
      ? []
      : (((screen.options ?? {}) as { noticeKeys?: string[] }).noticeKeys ?? []);
  if (noticeKeys.length)
    parts.push(
      `<div class="screen__notice" role="status">${noticeKeys.map((key) => `<p>${escapeHtml(t(key))}</p>`).join('')}</div>`,
    );
  return parts.join('');
}

/** The footer's words and addresses in one locale (rules/shell.json `footer`, the words from the catalogue). */
export interface FooterTexts {
  lead: string;
  navLabel: string;
  phone: string;
  phoneText: string;
  email: string;
  links: Array<{ label: string; href: string }>;
}

/** The footer of rules/shell.json in the words of `t`, as both the server and shell/footer.tsx draw it. */
export function footerTexts(footer: FooterRules, t: Translate): FooterTexts {
  return {
    lead: t('shell.footer.needHelp'),
    navLabel: t('shell.footer.navLabel'),
    phone: footer.support.phone,
    phoneText: footer.support.phoneText,
    email: footer.support.email,
    links: footer.links.map((link) => ({ label: t(link.labelKey), href: link.href })),
  };
}

/**
 * An email address in two parts around its last `@`: both drawings put a line-break opportunity (`<wbr>`) before the
 * `@`, so a narrow box breaks the address there, never inside the domain.
 */
export function emailParts(email: string): { local: string; domain: string } {
  const at = email.lastIndexOf('@');
  return at < 0 ? { local: email, domain: '' } : { local: email.slice(0, at), domain: email.slice(at) };
}

/** The sign-out form's address: the logout action, with where signing in again returns to. */
export const signOutAction = (rule: Pick<SignOutRule, 'action' | 'path'>): string =>
  `${rule.action}?path=${encodeURIComponent(rule.path)}`;

/**
 * The footer as HTML text: the same markup as shell/footer.tsx (tests/component/shell-markup.test.tsx compares them).
 */
export function footerMarkup(footer: FooterTexts): string {
  const { local, domain } = emailParts(footer.email);
  const links = footer.links
    .map((link) => `<li><a class="footer__link" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></li>`)
    .join('');
  return (
    '<footer class="footer"><div class="footer__inner"><div class="footer__support">' +
    `<p class="footer__lead">${escapeHtml(footer.lead)}</p>` +
    `<a class="footer__contact" href="tel:${escapeHtml(footer.phone)}">${iconMarkup('phone')}${escapeHtml(footer.phoneText)}</a>` +
    `<a class="footer__contact" href="mailto:${escapeHtml(footer.email)}">${iconMarkup('mail')}${escapeHtml(local)}${domain ? `<wbr>${escapeHtml(domain)}` : ''}</a>` +
    `</div><nav class="footer__nav" aria-label="${escapeHtml(footer.navLabel)}"><ul class="footer__links">${links}</ul></nav></div></footer>`
  );
}

/** The header's sign-out form as HTML text (shell/header.tsx SignOut): a plain form, working before any script. */
export function signOutMarkup(signOut: { label: string; action: string }): string {
  return (
    `<form class="header__signout" method="post" action="${escapeHtml(signOut.action)}">` +
    `<button type="submit" class="header__button">${iconMarkup('signOut')}<span class="header__button-text">${escapeHtml(signOut.label)}</span></button></form>`
  );
}

/** The shell's texts a page draws before its scripts run. */
export interface ShellTexts {
  skipToContent: string;
  productName: string;
  /** Each locale's own name (`shell.locale.<locale>`), as the language switch labels it. */
  localeNames: Record<string, string>;
  /**
   * The labels of the header links every screen shows (rules/shell.json `headerLinks` with no condition and no read,
   * such as the market choice), drawn where the engine's links will be so the heading does not move.
   */
  links?: Array<{ label: string; short?: string }>;
  /** The header's sign-out (rules/shell.json `signOut`), drawn for a visitor with a session cookie. */
  signOut?: { label: string; action: string };
  /** The footer (rules/shell.json `footer`). */
  footer?: FooterTexts;
}

/**
 * The page as the shell draws it around a screen (app.tsx: skip link, header, main, footer), with `section` in the
 * main landmark. The language switch shows the market's other locales, as labels: they become buttons when the
 * engine runs. A signed-in visitor's header ends with the sign-out form.
 */
export function pageMarkup(texts: ShellTexts, others: readonly string[], section: string, signedIn = false): string {
  const switches = others
    .filter((other) => texts.localeNames[other] !== undefined)
    .map(
      (other) =>
        `<span class="header__locale" lang="${escapeHtml(other)}">${escapeHtml(texts.localeNames[other])}</span>`,
    )
    .join('');
  const links = (texts.links ?? [])
    .map(
      ({ label, short }) =>
        `<span class="header__link">${
          short === undefined
            ? escapeHtml(label)
            : `<span class="header__label-long">${escapeHtml(label)}</span><span class="header__label-short" aria-hidden="true">${escapeHtml(short)}</span>`
        }</span>`,
    )
    .join('');
  const signOut = signedIn && texts.signOut ? signOutMarkup(texts.signOut) : '';
  return (
    `<a class="skip-link" href="#main">${escapeHtml(texts.skipToContent)}</a>` +
    `<header class="header"><a class="header__brand" href="/">${escapeHtml(texts.productName)}</a><div class="header__end">${links}${switches}${signOut}</div></header>` +
    `<main id="main" class="main">${section}</main>` +
    (texts.footer ? footerMarkup(texts.footer) : '')
  );
}
