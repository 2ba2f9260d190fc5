/**
 * Messages: Unicode MessageFormat 2 through `messageformat`. One translator per locale; each message is compiled
 * once, on first use. A key missing from the locale falls back to the fallback catalogue, then to the key itself
 * (and is reported, so a test or the content check catches it).
 */
import { MessageFormat } from 'messageformat';
import { loadOnce, type Tracked } from '../state/load-once.ts';

export type MessageArgs = Record<string, string | number | undefined>;

/** How the browser reports a message it could not show (engine/app/boot.ts); the journeys fail on it. */
export const missingMessagePrefix = 'onboarding: missing message';
export type Translate = (key: string, args?: MessageArgs) => string;

export interface Translator {
  locale: string;
  t: Translate;
  has(key: string): boolean;
  /**
   * The chunk of screen `screenId` in this locale: the messages that come with the screen (scripts/content/message-owners.ts),
   * which the browser's catalogue leaves to it, and the screen's definition beside them (engine/app/screen-definition.ts
   * reads that part). A promise of the chunk that settles once its messages are in this translator, marked as React's
   * `use` reads it (at once when already here). Undefined when the screens are whole and the catalogue holds every
   * message (the tests, the preview page).
   */
  screenMessages?(screenId: string): Promise<CatalogueModule> | undefined;
}

/** A catalogue chunk: a locale's messages, and the fallback locale's for the keys it lacks. */
export interface CatalogueModule {
  default: Record<string, string>;
  fallback: Record<string, string>;
}

/**
 * A whole number from 0 to 999 reads the same as text in every locale we ship (no grouping, no decimals, Latin
 * digits: tests/unit/engine/i18n.test.ts checks each locale under locales/ against Intl.NumberFormat), so it reaches
 * the message as text. Formatting it as a number would set up an Intl.NumberFormat, and the first one a page makes
 * costs Chromium tens of milliseconds (its number data), which a progress line ("Step 1 of 5") paid on the main thread
 * of every first screen. A message that declares the variable `:number` still reads it as a number.
 */
function asText(value: string | number | undefined): string | number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 1000 ? String(value) : value;
}

/**
 * Text that MessageFormat 2 reads as itself: no placeholder or escape (`{`, `}`, `\\`), and no start that could make it
 * something else (a `.` keyword of a complex message, leading whitespace). Most of our messages are such text; they
 * skip the parser, which a screen listing hundreds of them (the industries) paid for each on its first render.
 * tests/unit/engine/i18n.test.ts checks this against MessageFormat itself.
 */
export function isPlainText(source: string): boolean {
  return /^[^{}\\.\s][^{}\\]*$/.test(source);
}

export function createTranslator(
  locale: string,
  catalogue: Record<string, string>,
  fallbackCatalogue: { locale: string; messages: Record<string, string> } | undefined,
  onMissing: (key: string, locale: string) => void = () => {},
  /** Screen id -> a loader of that screen's chunk in this locale (virtual:catalogue/<locale> `screens`). */
  screenLoaders?: Record<string, () => Promise<CatalogueModule>>,
): Translator {
  // Copies, which a screen's own messages join as they arrive.
  const messages: Record<string, string> = { ...catalogue };
  const fallback = fallbackCatalogue && {
    locale: fallbackCatalogue.locale,
    messages: { ...fallbackCatalogue.messages },
  };
  const compiled = new Map<string, MessageFormat | string>();
  const compile = (key: string): MessageFormat | string | undefined => {
    const cached = compiled.get(key);
    if (cached !== undefined) return cached;
    const own = messages[key];
    const source = own ?? fallback?.messages[key];
    if (source === undefined) return undefined;
    // Our locales are all left-to-right: no bidi isolation marks around placeholders (they break copy and search).
    const mf = isPlainText(source)
      ? source
      : new MessageFormat(own !== undefined ? locale : fallback!.locale, source, { bidiIsolation: 'none' });
    compiled.set(key, mf);
    return mf;
  };
  const t: Translate = (key, args = {}) => {
    const mf = compile(key);
    if (mf === undefined) {
      onMissing(key, locale);
      return key;
    }
    if (typeof mf === 'string') return mf;
    const clean = Object.fromEntries(
      Object.entries(args).flatMap(([name, value]) => (value === undefined ? [] : [[name, asText(value)]])),
    );
    return mf.format(clean, (error) => onMissing(`${key}: ${String((error as Error).message ?? error)}`, locale));
  };
  const screens = new Map<string, Tracked<CatalogueModule>>();
  const screenMessages = (screenId: string): Tracked<CatalogueModule> | undefined => {
    const load = screenLoaders?.[screenId];
    if (!load) return undefined;
    return loadOnce(screens, screenId, () =>
      load().then((module) => {
        Object.assign(messages, module.default);
        if (fallback) Object.assign(fallback.messages, module.fallback);
        return module;
      }),
    );
  };
  return {
    locale,
    t,
    has: (key) => key in messages || (fallback ? key in fallback.messages : false),
    ...(screenLoaders ? { screenMessages } : {}),
  };
}
