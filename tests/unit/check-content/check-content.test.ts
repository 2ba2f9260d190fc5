/**
 * The content check fails on broken content: each case in tests/fixtures/content-broken/<case>/ is laid over the
 * good tree (tests/fixtures/content-good) and must give exactly the listed problems; the good tree gives none.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { checkContent, type Problem } from '../../../scripts/check-content/index.ts';
import { REPO, tree } from './tree.ts';

type Expected = Omit<Problem, 'fix'>;

const missingSubmit = (locale: string): Expected => ({
  file: 'flows/demo/screens/other.json',
  pointer: '/messages',
  message: `needs message key "demo.other.submit", which locales/${locale}/ lacks`,
});

const CASES: Record<string, Expected[]> = {
  'missing-schema': [{ file: 'flows/demo/screens/done.json', pointer: '/$schema', message: 'has no $schema naming its meta-schema' }],
  'invalid-screen': [
    { file: 'flows/demo/screens/done.json', pointer: '/colour', message: 'property "colour" is not allowed here' },
    { file: 'flows/demo/screens/done.json', pointer: '/kind', message: 'must match pattern "^[a-z][a-z0-9-]*$"' },
  ],
  'wrong-id': [{ file: 'flows/demo/screens/other.json', pointer: '/id', message: 'screen id "another" differs from its file name "other"' }],
  'unknown-target': [
    ...['en-CA', 'en-US', 'fr-CA'].map(missingSubmit),
    { file: 'flows/demo/screens/other.json', pointer: '/next/0/to', message: 'goes to screen "nowhere", which does not exist' },
  ],
  'unknown-table': [
    { file: 'flows/demo/screens/done.json', pointer: '', message: `screen "done" cannot be reached from any flow's entry through next, onError or routing tables` },
    { file: 'flows/demo/screens/other.json', pointer: '', message: `screen "other" cannot be reached from any flow's entry through next, onError or routing tables` },
    { file: 'flows/demo/screens/start.json', pointer: '/next/0/table', message: 'names routing table "choose", which does not exist' },
  ],
  'unknown-call': [{ file: 'flows/demo/screens/other.json', pointer: '/load/0', message: 'names call "loadThing", which flows/calls.json does not define' }],
  'fixture-mismatch': [
    { file: 'rules/routing/pick.json', pointer: '/fixtures/0/expect', message: 'fixture 0 expects "other" but the table gives "done" (first matching row: /rows/0)' },
  ],
  'no-fixtures': [{ file: 'rules/routing/pick.json', pointer: '/fixtures', message: 'must NOT have fewer than 1 items' }],
  unreachable: [
    { file: 'flows/demo/screens/orphan.json', pointer: '', message: `screen "orphan" cannot be reached from any flow's entry through next, onError or routing tables` },
  ],
  'dead-end': [
    { file: 'flows/demo/screens/other.json', pointer: '', message: 'screen "other" is a dead end: it has no next or onError rows and is not final' },
    ...['en-CA', 'en-US', 'fr-CA'].map(missingSubmit),
  ],
  'final-no-way-on': [
    { file: 'flows/demo/screens/done.json', pointer: '/options', message: 'screen "done" is final and offers nothing to do: no rows, actions, secondary actions or links' },
  ],
  'missing-key': [
    { file: 'flows/demo/screens/start.json', pointer: '/messages', message: 'needs message key "demo.start.color.help", which locales/fr-CA/ lacks' },
    { file: 'locales/fr-CA/demo.json', pointer: '/messages', message: 'lacks key "demo.start.color.help", which locales/en-US/demo.json has' },
  ],
  'bad-message': [
    { file: 'locales/en-US/demo.json', pointer: '/messages/demo.done.title', message: "message does not compile as MessageFormat 2: Missing ' ' at 16" },
  ],
  'broken-condition': [
    { file: 'rules/routing/pick.json', pointer: '/rows/0/when', message: 'condition reads "form.colour", but screen "start" has no field "colour" (its fields: color)' },
  ],
  'closed-cycle': [
    { file: 'flows/demo/screens/other.json', pointer: '', message: 'screens "other" form a cycle with no way out: no row leads outside it and none of them is final' },
    ...['en-CA', 'en-US', 'fr-CA'].map(missingSubmit),
  ],
  'uncollected-read': [
    {
      file: 'flows/demo/screens/late.json',
      pointer: '/next/0/when',
      message: 'condition on screen "late" reads "application.source", which start collects but not on every path that reaches it (e.g. late)',
    },
  ],
  'market-dead-end': [
    {
      file: 'flows/demo/screens/other.json',
      pointer: '/variants/0',
      message: 'screen "other" has no way out for this market and portal: with the variant at /variants/0 applied it has no next row that can hold and is not final (in CA-domain, CA-terminal)',
    },
    ...['en-CA', 'en-US', 'fr-CA'].map((locale) => ({ ...missingSubmit(locale), pointer: '/variants/0/merge' })),
  ],
  'screen-variable': [
    {
      file: 'locales/en-US/demo.json',
      pointer: '/messages/demo.start.color.help',
      message: 'uses {$name}, but screen "start" shows this message (a title, intro, button, label, help, option or busy text) without variables',
    },
  ],
  // A field a conditional part of the schema adds (allOf/if/then) may be bound; one in no part may not.
  'unknown-binding': [
    { file: 'flows/demo/screens/start.json', pointer: '/form/bind/size', message: 'binds field "size", which the form schema does not have' },
  ],
  'wrong-namespace': [
    { file: 'locales/en-CA/demo.json', pointer: '/messages/other.title', message: 'has key "other.title", which locales/en-US/demo.json lacks' },
    { file: 'locales/en-CA/demo.json', pointer: '/messages/other.title', message: 'key "other.title" does not start with the file\'s namespace "demo."' },
  ],
};

describe('checkContent', () => {
  it('finds no problem in the good tree', async () => {
    expect(await checkContent(tree())).toEqual([]);
  });

  it('has a test for every broken fixture', () => {
    expect(readdirSync(join(REPO, 'tests/fixtures/content-broken')).sort()).toEqual(Object.keys(CASES).sort());
  });

  it.each(Object.entries(CASES))('reports exactly the problems of %s', async (name, expected) => {
    const problems = await checkContent(tree(name));
    expect(problems.map(({ file, pointer, message }) => ({ file, pointer, message }))).toEqual(expected);
    for (const problem of problems) expect(problem.fix.length).toBeGreaterThan(10);
  });

  it('runs over the real repository tree and prints what it finds', async () => {
    const problems = await checkContent(REPO);
    for (const problem of problems) console.log(`${problem.file}#${problem.pointer}: ${problem.message}`);
    expect(problems).toEqual([]);
  });
});
