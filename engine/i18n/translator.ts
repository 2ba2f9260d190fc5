/**
 * Messages: Unicode MessageFormat 2 through `messageformat`. One translator per locale; each message is compiled
 * once, on first use. A key missing from the locale falls back to the fallback catalogue, then to the key itself
 * (and is reported, so a test or the content check catches it).
 */
import { MessageFormat } from 'messageformat';

export type MessageArgs = Record<string, string | number | undefined>;
export type Translate = (key: string, args?: MessageArgs) => string;

export interface Translator {
  locale: string;
  t: Translate;
  has(key: string): boolean;
}

export function createTranslator(
  locale: string,
  messages: Record<string, string>,
  fallback: { locale: string; messages: Record<string, string> } | undefined,
  onMissing: (key: string, locale: string) => void = () => {},
): Translator {
  const compiled = new Map<string, MessageFormat>();
  const compile = (key: string): MessageFormat | undefined => {
    const cached = compiled.get(key);
    if (cached) return cached;
    const own = messages[key];
    const source = own ?? fallback?.messages[key];
    if (source === undefined) return undefined;
    // Our locales are all left-to-right: no bidi isolation marks around placeholders (they break copy and search).
    const mf = new MessageFormat(own !== undefined ? locale : fallback!.locale, source, { bidiIsolation: 'none' });
    compiled.set(key, mf);
    return mf;
  };
  const t: Translate = (key, args = {}) => {
    const mf = compile(key);
    if (!mf) {
      onMissing(key, locale);
      return key;
    }
    const clean = Object.fromEntries(Object.entries(args).filter(([, value]) => value !== undefined));
    return mf.format(clean, (error) => onMissing(`${key}: ${String((error as Error).message ?? error)}`, locale));
  };
  return { locale, t, has: (key) => key in messages || (fallback ? key in fallback.messages : false) };
}
