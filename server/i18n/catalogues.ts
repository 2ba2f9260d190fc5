import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MessageFormat } from 'messageformat';

/** The product's locales; the first is the fallback (doc2 §9). */
export const locales = ['en-US', 'en-CA', 'fr-CA'] as const;
export type Locale = (typeof locales)[number];
export const fallbackLocale: Locale = 'en-US';

/** Message arguments: MessageFormat 2 variables. */
export type MessageArgs = Record<string, string | number>;

/** Translates message keys for one locale. */
export interface Translator {
  readonly locale: Locale;
  /** The formatted message, or the fallback locale's, or undefined when no catalogue has the key. */
  maybe(key: string, args?: MessageArgs): string | undefined;
  /** Like `maybe`, but returns the key itself when missing (a visible, greppable gap rather than a crash). */
  t(key: string, args?: MessageArgs): string;
}

/** All catalogues, read once: locale -> key -> source text. */
export class Catalogues {
  private readonly texts = new Map<Locale, Map<string, string>>();
  private readonly compiled = new Map<string, MessageFormat>();
  /** One translator per locale: every request asks for one (http/request-context.ts), most never use it. */
  private readonly translators = new Map<Locale, Translator>();

  /** Reads every `locales/<locale>/*.json` under `localesDir`. */
  constructor(localesDir: string) {
    for (const locale of locales) {
      const messages = new Map<string, string>();
      const dir = join(localesDir, locale);
      if (existsSync(dir)) {
        for (const file of readdirSync(dir)
          .filter((f) => f.endsWith('.json'))
          .sort()) {
          const parsed = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { messages?: Record<string, string> };
          for (const [key, text] of Object.entries(parsed.messages ?? {})) messages.set(key, text);
        }
      }
      this.texts.set(locale, messages);
    }
  }

  /** The translator for `locale`, falling back to en-US per key. */
  for(locale: Locale): Translator {
    const made = this.translators.get(locale);
    if (made) return made;
    const maybe = (key: string, args: MessageArgs = {}): string | undefined => {
      for (const candidate of locale === fallbackLocale ? [locale] : [locale, fallbackLocale]) {
        const text = this.texts.get(candidate)?.get(key);
        if (text !== undefined) return this.format(candidate, key, text, args);
      }
      return undefined;
    };
    const translator: Translator = { locale, maybe, t: (key, args) => maybe(key, args) ?? key };
    this.translators.set(locale, translator);
    return translator;
  }

  private format(locale: Locale, key: string, text: string, args: MessageArgs): string {
    const id = `${locale}\u0000${key}`;
    let mf = this.compiled.get(id);
    if (!mf) {
      // No bidi isolation marks: these strings go into HTML pages and JSON error bodies.
      mf = new MessageFormat(locale, text, { bidiIsolation: 'none' });
      this.compiled.set(id, mf);
    }
    return mf.format(args);
  }
}
