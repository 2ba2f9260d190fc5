/**
 * French typography in fr-CA (issue 22 "Look and feel": the French gallery at 390 px broke "Pays : Canada" style lines
 * before the colon and "25 %" between the number and its sign): the space before a colon, before a percent sign and
 * inside « » is a no-break space, so the sign never starts a line of its own. Kept out: the outbox's SMS and email
 * bodies (a no-break space makes an SMS leave the GSM alphabet), the `*.required` messages (helper "req" rewrites
 * them in its own branch), the header's country link (helper "ui") and a list of characters, where the spaces separate
 * the characters listed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from '../check-content/tree.ts';

const dir = join(REPO, 'locales/fr-CA');
const keptOut = new Set(['shell.chooseCountry', 'validation.businessName.characters']);

/** fr-CA messages a person reads on a page: key, value and file. */
const messages = readdirSync(dir)
  .filter((file) => file.endsWith('.json') && file !== 'outbox.json')
  .flatMap((file) =>
    Object.entries((JSON.parse(readFileSync(join(dir, file), 'utf8')) as { messages: Record<string, string> }).messages)
      .filter(([key]) => !key.endsWith('.required') && !keptOut.has(key))
      .map(([key, value]) => ({ key, value, file })),
  );

/** Where an ordinary space stands where French wants a no-break one (a colon of MF2 syntax, `{$n :number}`, is not). */
function breakableSigns(text: string): string[] {
  return [...text.matchAll(/ :(?=\s|$)| %|« | »/g)].map((m) => m[0]);
}

describe('fr-CA typography', () => {
  it('finds the breakable spaces it is about, and leaves MessageFormat syntax alone', () => {
    expect(breakableSigns('Pays : Canada, 25 % « oui »')).toEqual([' :', ' %', '« ', ' »']);
    expect(breakableSigns('.input {$count :number}\n.match $count')).toEqual([]);
    expect(breakableSigns('Pays\u00a0: Canada, 25\u00a0%')).toEqual([]);
  });

  it('has a no-break space before every colon and percent sign and inside « »', () => {
    expect(messages.length).toBeGreaterThan(500);
    const breakable = messages.filter(({ value }) => breakableSigns(value).length > 0);
    expect(breakable.map(({ file, key }) => `${file} ${key}`)).toEqual([]);
  });
});
