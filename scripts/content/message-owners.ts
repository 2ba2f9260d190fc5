/**
 * Which messages come with a screen instead of with every page, so the browser downloads them with the screens that
 * show them (scripts/vite/content-plugin.ts: the locale's catalogue keeps the rest).
 *
 * A screen names its messages in its file: its `messages` prefix (the engine adds `.title`, `.submit`,
 * `.<field>.label`, ...), and other keys or prefixes (`"ui:enumLabels": "countries.US.region"`, `"itemLabels":
 * "categories.industry"`). A dotted string of a screen file refers to the keys it equals or is a dotted prefix of. A key
 * comes with each screen that refers to it (with two screens, both chunks carry it: a page downloads the few keys it
 * shares with another screen, not every shared key of every screen) when nothing else may name it: no other content
 * file (flows, rules), and no code of the engine or the server names it or one of its prefixes in a string (a quote
 * followed by the prefix, as in `'shell.locale.'` or `` `errors.${code}` ``). A content file's data paths (the operand
 * of a JSON Logic `var`, such as `"owners."` in a path built with `cat`) are not message names. Server code that
 * translates a key itself (`t('…')`, `.t(`…`)`) sends the browser words, not the key, so it does not count. Everything
 * else stays in the catalogue, so a key whose use cannot be read off the files is always there.
 *
 * Engine code that only the screens of one kind run (scripts/content/engine-graph.ts: the form kind's theme, widgets and
 * error summary) does not hold a key back for every page: the key comes with every screen of that kind (a catalogue
 * file marked `comesWith` says the same of a whole namespace), and of each kind whose code names it. A dotted name that
 * ends with a dot (`"extras.serviceType."`, the start of a key a screen builds with `cat`) names the keys under it.
 * Comments (a `/* … *\/` block, a line that starts with `//`) name nothing. A key the server alone names, in a translation
 * or as the key of an error detail (`{ field, key: '…' }`, which the API answers with its description in the request's
 * language: server/http/errors.ts) and nothing of the browser names, never reaches the browser (`serverOnly`).
 */

/** Every string of a JSON value, object keys included. */
function* stringsOf(value: unknown): Generator<string> {
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const item of value) yield* stringsOf(item);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      yield key;
      yield* stringsOf(item);
    }
  }
}

/** The key and each of its dotted prefixes: `a.b.c` -> `a`, `a.b`, `a.b.c`. */
function prefixesOf(key: string): string[] {
  const parts = key.split('.');
  return parts.map((_, i) => parts.slice(0, i + 1).join('.'));
}

/**
 * A dotted name right after a quote or backquote (the start of a string literal), and whether a dot follows it (a
 * key built on it, as in `` `errors.${code}` ``); `t(` before it marks a translation, and `field: …, key:` the key of an
 * error detail.
 */
const QUOTED =
  /(\bt\(\s*|\bfield:\s*(?:'[^'\n]*'|"[^"\n]*"|`[^`\n]*`)\s*,\s*key:\s*)?["'`]([A-Za-z][\w-]*(?:\.[\w-]+)*)(\.?)/g;

/** `text` without its comments: `/* … *\/` blocks and lines that start with `//` (a URL's `//` inside a string stays). */
export function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/^\s*\/\/.*$/gm, '');
}

/**
 * The names that start a string literal in `text` and may name messages: a dotted name (`'shell.locale'`), or one word
 * a key is built on (`` `errors.${code}` ``). One word alone (`"signup"`, `"accounts"`) is an id or a property name
 * here, not a key. With `skipTranslated`, not those inside a `t(` call nor the key of an error detail.
 */
export function quotedNames(text: string, skipTranslated = false): Set<string> {
  const names = new Set<string>();
  for (const match of withoutComments(text).matchAll(QUOTED)) {
    if (skipTranslated && match[1]) continue;
    if (match[2].includes('.') || match[3]) names.add(match[2]);
  }
  return names;
}

/**
 * A content file's text for `quotedNames`, without its data paths: the operand of every JSON Logic `var` (a path into
 * the context such as `owners.0.id`, or the pieces a `cat` builds one from) is left out, as it names data, not messages.
 */
export function contentText(value: unknown): string {
  const strip = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(strip);
    if (item === null || typeof item !== 'object') return item;
    return Object.fromEntries(
      Object.entries(item as Record<string, unknown>)
        .filter(([key]) => key !== 'var')
        .map(([key, inner]) => [key, strip(inner)]),
    );
  };
  return JSON.stringify(strip(value));
}

export interface MessageOwnersInput {
  /** Every message key (of the fallback locale's catalogue: the content check holds every locale to its keys). */
  keys: Iterable<string>;
  /** Screen id -> the screen as the content bundle has it. */
  screens: Record<string, unknown>;
  /** Texts that run in or reach the browser on any page: other content files, the engine's general code. */
  browser: string[];
  /** Screen kind -> the texts of the engine code that only screens of that kind run (scripts/content/engine-graph.ts). */
  kinds?: Record<string, string[]>;
  /** The server's code: a key it names reaches the browser unless it translates it itself. */
  server: string[];
}

export interface MessageHomes {
  /** Screen id -> the keys that come with that screen (screens with none are left out); a key may come with several. */
  screens: Record<string, string[]>;
  /** Screen kind -> the keys that come with every screen of that kind (the code of that kind alone names them). */
  kinds: Record<string, string[]>;
  /** Keys only the server shows (it translates them itself); the browser never needs them. */
  serverOnly: string[];
}

/** Where each message goes: with the screens or the kinds that show it, the server alone, else every page's catalogue. */
export function messageHomes({ keys, screens, browser, kinds = {}, server }: MessageOwnersInput): MessageHomes {
  const allKeys = [...keys];
  const known = new Set(allKeys.flatMap(prefixesOf));
  const elsewhere = new Set<string>();
  for (const text of browser) for (const name of quotedNames(text)) elsewhere.add(name);
  // Names the server sends the browser as they are, and names it only translates itself.
  const serverNames = new Set<string>();
  for (const text of server) {
    const sent = quotedNames(text, true);
    for (const name of sent) elsewhere.add(name);
    for (const name of quotedNames(text)) if (!sent.has(name)) serverNames.add(name);
  }
  // Prefix -> the kinds whose code names it.
  const kindNames = new Map<string, Set<string>>();
  for (const [kind, texts] of Object.entries(kinds)) {
    for (const text of texts) {
      for (const name of quotedNames(text)) {
        let named = kindNames.get(name);
        if (!named) kindNames.set(name, (named = new Set()));
        named.add(kind);
      }
    }
  }
  // Prefix -> the screens whose files name it.
  const namedBy = new Map<string, Set<string>>();
  for (const [id, screen] of Object.entries(screens)) {
    for (const string of stringsOf(screen)) {
      // `"extras.serviceType."`: the start of a key the screen builds names the keys under it.
      const text = string.endsWith('.') ? string.slice(0, -1) : string;
      // One word (the screen's `flow`, an id) is not a key here; a screen naming a whole namespace keeps it shared.
      if (!known.has(text) || !text.includes('.')) continue;
      let ids = namedBy.get(text);
      if (!ids) namedBy.set(text, (ids = new Set()));
      ids.add(id);
    }
  }
  const homes: MessageHomes = { screens: {}, kinds: {}, serverOnly: [] };
  for (const key of allKeys) {
    const prefixes = prefixesOf(key);
    if (prefixes.some((prefix) => elsewhere.has(prefix))) continue;
    const users = new Set(prefixes.flatMap((prefix) => [...(namedBy.get(prefix) ?? [])]));
    for (const id of users) (homes.screens[id] ??= []).push(key);
    const kindUsers = new Set(prefixes.flatMap((prefix) => [...(kindNames.get(prefix) ?? [])]));
    for (const kind of kindUsers) (homes.kinds[kind] ??= []).push(key);
    if (!users.size && !kindUsers.size && prefixes.some((prefix) => serverNames.has(prefix)))
      homes.serverOnly.push(key);
  }
  return homes;
}

/** Screen id -> the keys that come with that screen (screens with none are left out); a key may come with several. */
export function messageOwners(input: MessageOwnersInput): Record<string, string[]> {
  return messageHomes(input).screens;
}
