/**
 * The pseudo-locale `en-XA`, generated from en-US and never committed: every letter accented, every message
 * about 40% longer and wrapped in ⟦ ⟧. Text that shows plain on a pseudo-locale page is hard-coded (not from a
 * catalogue); a missing ⟧ means the text was cut off. Variables, markup and MessageFormat 2 syntax are kept, so
 * pseudo messages format like the originals. Pure.
 */
import { parseMessage, stringifyMessage, type Model } from 'messageformat';

/** The pseudo-locale's code (a private-use region, as Android and Windows use). */
export const PSEUDO_LOCALE = 'en-XA';

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [
    letter,
    [...'àƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][index],
  ]),
);

/** Accents the letters of a text. */
export function accent(text: string): string {
  return [...text].map((char) => ACCENTED[char] ?? char).join('');
}

/** Padding for a text of `letters` visible characters: about 40% more, at least one filler when there is text. */
const padding = (letters: number): string => (letters === 0 ? '' : '·'.repeat(Math.max(1, Math.round(letters * 0.4))));

/** Accents the letters of a text and pads it by about 40%. */
export function pseudoText(text: string): string {
  return `${accent(text)}${padding(text.replace(/\s/g, '').length)}`;
}

/** A pattern with its text accented, padded once at its end and wrapped in ⟦ ⟧; placeholders are kept. */
function pseudoPattern(pattern: Model.Pattern): Model.Pattern {
  const letters = pattern.reduce(
    (sum, part) => sum + (typeof part === 'string' ? part.replace(/\s/g, '').length : 3),
    0,
  );
  return ['⟦', ...pattern.map((part) => (typeof part === 'string' ? accent(part) : part)), `${padding(letters)}⟧`];
}

/** One message in the pseudo-locale; a message that does not parse is returned as it is (check:content reports it). */
export function pseudoMessage(text: string): string {
  let message: Model.Message;
  try {
    message = parseMessage(text);
  } catch {
    return text;
  }
  if (message.type === 'message') return stringifyMessage({ ...message, pattern: pseudoPattern(message.pattern) });
  return stringifyMessage({
    ...message,
    variants: message.variants.map((variant) => ({ ...variant, value: pseudoPattern(variant.value) })),
  });
}

/** A whole catalogue in the pseudo-locale. */
export function pseudoCatalogue(messages: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, pseudoMessage(text)]));
}
