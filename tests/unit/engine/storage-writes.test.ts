/**
 * ARCHITECTURE.md "What never happens": no SSN, SIN, EIN, date of birth, bank or card number reaches browser storage.
 * session-store.test.ts proves the guard refuses each of them; this proves the guard is the way in. Every place in
 * engine/ that writes browser storage (a `setItem` on any object, `document.cookie =`, IndexedDB) is found by reading
 * the source, so a write added anywhere else, however it names the storage (an alias, `window.localStorage`), fails
 * here: only session-store.ts (the shape guard) and drafts.ts (which leaves sensitive fields out,
 * storage-privacy.test.tsx) write storage, and cookies carry only the market, currency and locale.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(process.cwd(), 'engine');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  );
/** Lines of code (comments left out) that write browser storage, as `file: code`. */
const writes = files(root).flatMap((file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
    .filter((line) => /\.setItem\s*\(|document\.cookie\s*=|indexedDB|\bcaches\.open\b/.test(line))
    .map((line) => `${relative(process.cwd(), file)}: ${line.trim()}`),
);

describe('browser storage is written only through the guarded places', () => {
  it('setItem appears only in the session-store guard and in the drafts, which filter sensitive fields', () => {
    const setItems = writes.filter((line) => line.includes('setItem'));
    expect(setItems.map((line) => line.split(':')[0])).toEqual(
      expect.arrayContaining(['engine/state/session-store.ts', 'engine/state/drafts.ts']),
    );
    for (const line of setItems)
      expect(['engine/state/session-store.ts', 'engine/state/drafts.ts']).toContain(line.split(':')[0]);
  });

  it('cookies carry only the market, the currency and the locale', () => {
    const cookies = writes.filter((line) => line.includes('document.cookie'));
    expect(cookies.length).toBeGreaterThan(0);
    for (const line of cookies) expect(line).toMatch(/cookieString\('(market|currency|locale)',/);
  });

  it('nothing writes IndexedDB or the Cache API', () => {
    expect(writes.filter((line) => /indexedDB|caches\.open/.test(line))).toEqual([]);
  });
});
