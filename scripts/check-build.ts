/**
 * The build ships no dynamic code compilation (NOTES.md: rjsf and CSP): no `new Function`, `Function(` or
 * `eval(` in any emitted script, so the app runs under `script-src 'self'`.
 *
 * And the page's entry script (index.html's module script, engine/main.tsx) imports no other script statically: the
 * engine is imported once the server-drawn page has painted, so a chunk grouping that pulled the engine, or a module
 * the engine holds, under the entry's static imports would hold the first paint back by the engine's whole download
 * and run (scripts/vite/chunk-groups.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(import.meta.dirname, '..', 'dist', 'assets');
const offenders: string[] = [];
const files = readdirSync(dir).filter((name) => name.endsWith('.js'));
for (const name of files) {
  const text = readFileSync(join(dir, name), 'utf8');
  for (const pattern of [/\bnew Function\b/, /[^.\w$]Function\(/, /\beval\(/]) {
    const match = pattern.exec(text);
    if (match) offenders.push(`${name}: …${text.slice(Math.max(0, match.index - 40), match.index + 40)}…`);
  }
}
const html = readFileSync(join(dir, '..', 'index.html'), 'utf8');
const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
if (!entry) offenders.push('index.html: no module script under /assets/');
else {
  const text = readFileSync(join(dir, entry), 'utf8');
  const imports = [...text.matchAll(/(?:^|[;}\s])import\s*(?:[\w${},*\s]+from\s*)?["'`]([^"'`]+)["'`]/g)].map(
    (m) => m[1],
  );
  if (imports.length) offenders.push(`${entry} (the page's entry) imports statically: ${imports.join(', ')}`);
}
if (files.length === 0) {
  console.error('check-build: dist/assets has no scripts; run the build first');
  process.exit(1);
}
if (offenders.length) {
  console.error(
    `check-build: dynamic code compilation or a static import in the entry found:\n${offenders.join('\n')}`,
  );
  process.exit(1);
}
console.log(
  `check-build: ${files.length} scripts, no eval or Function constructor; the entry ${entry} imports nothing`,
);
