/**
 * The build ships no dynamic code compilation (NOTES.md: rjsf and CSP): no `new Function`, `Function(` or
 * `eval(` in any emitted script, so the app runs under `script-src 'self'`.
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
if (files.length === 0) {
  console.error('check-build: dist/assets has no scripts; run the build first');
  process.exit(1);
}
if (offenders.length) {
  console.error(`check-build: dynamic code compilation found:\n${offenders.join('\n')}`);
  process.exit(1);
}
console.log(`check-build: ${files.length} scripts, no eval or Function constructor`);
