/**
 * Flags (issue 28 item 6; doc2 §9 Configuration defaults, doc1 §2.6, §2.8, §4.2, §4.3, §4.9, §6): every flag of
 * rules/config.json changes what the spec says it changes, which in content means a condition reads it (flows/ or
 * rules/), or it is one of the defaults doc2 §9 lists, which the configuration serves to the browser as they are.
 * A flag read by nothing fails here: wire it or remove it (docs/spec-map.md, "Flags").
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './tables.ts';

/** doc2 §9 Configuration defaults (isPbdEnabled is our `pbd`), and doc1 §6's impersonation mode and partner flag. */
const SERVED_DEFAULTS = [
  'debitCards',
  'multiLanguageEnabled',
  'twoStepsFlow',
  'pbd',
  'enableWebsiteCollection',
  'isPartner',
  'impersonation',
];

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? jsonFiles(path) : name.endsWith('.json') ? [path] : [];
  });
}

const config = JSON.parse(readFileSync(join(REPO, 'rules/config.json'), 'utf8')) as { flags: Record<string, boolean> };
// A condition reads a flag as {"var": "flags.x"}; a third-party script (rules/scripts.json) is loaded only when each
// path of its `requires` is set, so a flag named there turns that script on.
const scripts = JSON.parse(readFileSync(join(REPO, 'rules/scripts.json'), 'utf8')) as {
  scripts: Record<string, { requires?: string[] }>;
};
const read = new Set([
  ...[...jsonFiles(join(REPO, 'flows')), ...jsonFiles(join(REPO, 'rules'))].flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/"var":\s*"flags\.([A-Za-z]\w*)"/g)].map((match) => match[1]),
  ),
  ...Object.values(scripts.scripts).flatMap((script) =>
    (script.requires ?? []).flatMap((path) => (path.startsWith('flags.') ? [path.slice('flags.'.length)] : [])),
  ),
]);

describe('rules/config.json flags', () => {
  for (const flag of Object.keys(config.flags)) {
    it(`${flag} is read by a condition, or is a default doc2 §9 lists`, () => {
      expect(read.has(flag) || SERVED_DEFAULTS.includes(flag), `${flag} is read by nothing`).toBe(true);
    });
  }
  // doc1 §4.1: the exit notification is computed from the application, not configured.
  it('has no exit-notification flag (rules/shell.json beacons compute it)', () => {
    expect(config.flags).not.toHaveProperty('exitNotification');
  });
});
