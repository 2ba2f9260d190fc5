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
  'missing-schema': [
    { file: 'flows/demo/screens/done.json', pointer: '/$schema', message: 'has no $schema naming its meta-schema' },
  ],
  'invalid-screen': [
    { file: 'flows/demo/screens/done.json', pointer: '/colour', message: 'property "colour" is not allowed here' },
    { file: 'flows/demo/screens/done.json', pointer: '/kind', message: 'must match pattern "^[a-z][a-z0-9-]*$"' },
  ],
  'wrong-id': [
    {
      file: 'flows/demo/screens/other.json',
      pointer: '/id',
      message: 'screen id "another" differs from its file name "other"',
    },
  ],
  'unknown-target': [
    ...['en-CA', 'en-US', 'fr-CA'].map(missingSubmit),
    {
      file: 'flows/demo/screens/other.json',
      pointer: '/next/0/to',
      message: 'goes to screen "nowhere", which does not exist',
    },
  ],
  'unknown-table': [
    {
      file: 'flows/demo/screens/done.json',
      pointer: '',
      message: `screen "done" cannot be reached from any flow's entry through next, onError or routing tables`,
    },
    {
      file: 'flows/demo/screens/other.json',
      pointer: '',
      message: `screen "other" cannot be reached from any flow's entry through next, onError or routing tables`,
    },
    {
      file: 'flows/demo/screens/start.json',
      pointer: '/next/0/table',
      message: 'names routing table "choose", which does not exist',
    },
  ],
  'unknown-call': [
    {
      file: 'flows/demo/screens/other.json',
      pointer: '/load/0',
      message: 'names call "loadThing", which flows/calls.json does not define',
    },
  ],
  'fixture-mismatch': [
    {
      file: 'rules/routing/pick.json',
      pointer: '/fixtures/0/expect',
      message: 'fixture 0 expects "other" but the table gives "done" (first matching row: /rows/0)',
    },
  ],
  'no-fixtures': [
    { file: 'rules/routing/pick.json', pointer: '/fixtures', message: 'must NOT have fewer than 1 items' },
  ],
  unreachable: [
    {
      file: 'flows/demo/screens/orphan.json',
      pointer: '',
      message: `screen "orphan" cannot be reached from any flow's entry through next, onError or routing tables`,
    },
  ],
  'dead-end': [
    {
      file: 'flows/demo/screens/other.json',
      pointer: '',
      message: 'screen "other" is a dead end: it has no next or onError rows and is not final',
    },
    ...['en-CA', 'en-US', 'fr-CA'].map(missingSubmit),
  ],
  'final-no-way-on': [
    {
      file: 'flows/demo/screens/done.json',
      pointer: '/options',
      message: 'screen "done" is final and offers nothing to do: no rows, actions, secondary actions or links',
    },
  ],
  'missing-key': [
    {
      file: 'flows/demo/screens/start.json',
      pointer: '/messages',
      message: 'needs message key "demo.start.color.help", which locales/fr-CA/ lacks',
    },
    {
      file: 'locales/fr-CA/demo.json',
      pointer: '/messages',
      message: 'lacks key "demo.start.color.help", which locales/en-US/demo.json has',
    },
  ],
  'bad-message': [
    {
      file: 'locales/en-US/demo.json',
      pointer: '/messages/demo.done.title',
      message: "message does not compile as MessageFormat 2: Missing ' ' at 16",
    },
  ],
  'broken-condition': [
    {
      file: 'rules/routing/pick.json',
      pointer: '/rows/0/when',
      message: 'condition reads "form.colour", but screen "start" has no field "colour" (its fields: color)',
    },
  ],
  'closed-cycle': [
    {
      file: 'flows/demo/screens/other.json',
      pointer: '',
      message: 'screens "other" form a cycle with no way out: no row leads outside it and none of them is final',
    },
    ...['en-CA', 'en-US', 'fr-CA'].map(missingSubmit),
  ],
  'uncollected-read': [
    {
      file: 'flows/demo/screens/late.json',
      pointer: '/next/0/when',
      message:
        'condition on screen "late" reads "application.source", which start collects but not on every path that reaches it (e.g. late)',
    },
  ],
  'market-dead-end': [
    {
      file: 'flows/demo/screens/other.json',
      pointer: '/variants/0',
      message:
        'screen "other" has no way out for this market and portal: with the variant at /variants/0 applied it has no next row that can hold and is not final (in CA-domain, CA-terminal)',
    },
    ...['en-CA', 'en-US', 'fr-CA'].map((locale) => ({ ...missingSubmit(locale), pointer: '/variants/0/merge' })),
  ],
  'screen-variable': [
    {
      file: 'locales/en-US/demo.json',
      pointer: '/messages/demo.start.color.help',
      message:
        'uses {$name}, but screen "start" shows this message (a title, intro, button, label, help, option or busy text) without variables',
    },
  ],
  // A field a conditional part of the schema adds (allOf/if/then) may be bound; one in no part may not.
  'unknown-binding': [
    {
      file: 'flows/demo/screens/start.json',
      pointer: '/form/bind/size',
      message: 'binds field "size", which the form schema does not have',
    },
  ],
  // Issue 25: the content check knows the API.
  'unknown-route': [
    {
      file: 'flows/calls.json',
      pointer: '/calls/readThing/method',
      message: 'call "readThing" is PATCH /api/v2/categories, but the API serves that path only with GET',
    },
    {
      file: 'flows/calls.json',
      pointer: '/calls/saveThing/path',
      message: 'call "saveThing" is PUT /api/v2/aplications/{applicationId}, a route the API does not serve',
    },
  ],
  'unsaved-field': [
    {
      file: 'flows/demo/screens/start.json',
      pointer: '/form/bind/color',
      message:
        'sends field "color" (bound to "application.sorce") through call "saveThing" (PUT /api/v2/applications/{id}), whose request schema has no property "sorce" at /application: the API refuses it (errors.unknownField)',
    },
  ],
  'required-message': [
    {
      file: 'flows/demo/screens/start.json',
      pointer: '/form/schema/properties/place/required/1',
      message:
        'screen "start": field "place.zip" is required but has no message of its own, so an applicant who leaves it empty reads only "This field is required."; "demo.start.place.zip.required" is missing from locales/en-US/, locales/en-CA/, locales/fr-CA/',
    },
    {
      file: 'flows/demo/screens/start.json',
      pointer: '/form/schema/required/0',
      message:
        'screen "start": field "color" is required but has no message of its own, so an applicant who leaves it empty reads only "This field is required."; "demo.start.color.required" is missing from locales/en-US/, locales/en-CA/, locales/fr-CA/',
    },
  ],
  'unenforceable-rule': [
    {
      file: 'flows/demo/screens/start.json',
      pointer: '/form/schema/allOf/0/then/properties/shade',
      message:
        'a rule that depends on other answers, which the API must enforce on the saved document, cannot be applied there: the field "shade" is not bound (form.bind), so the API never sees it',
    },
  ],
  'unknown-format': [
    {
      file: 'flows/demo/screens/start.json',
      pointer: '/form/schema/properties/color/format',
      message: 'names format "busines-name", which the format registry does not have',
    },
  ],
  'unknown-document-path': [
    {
      file: 'flows/demo/screens/other.json',
      pointer: '/variants/0/when/present/var',
      message:
        'reads "company.phone.localPhonNumber", but the application document has no "localPhonNumber" in company.phone (schemas/entities)',
    },
  ],
  'unknown-kind': [
    {
      file: 'flows/demo/screens/other.json',
      pointer: '/kind',
      message: 'kind "mesage" is not a registered screen kind',
    },
  ],
  'kind-option': [
    {
      file: 'flows/demo/screens/other.json',
      pointer: '/options/paragraphKey',
      message: 'option "paragraphKey" is not a setting of the message kind',
    },
  ],
  'unknown-widget': [
    {
      file: 'flows/demo/screens/start.json',
      pointer: '/form/uiSchema/color/ui:widget',
      message: 'names widget "radoi", which neither rjsf nor engine/form/theme.tsx has',
    },
  ],
  // rjsf's layout fields are left out of the build (engine/form/rjsf-replaced.ts): a uiSchema may not name one.
  'left-out-field': [
    {
      file: 'flows/demo/screens/start.json',
      pointer: '/form/uiSchema/color/ui:field',
      message: 'names rjsf\'s field "LayoutGridField", which the build leaves out of the form chunk',
    },
  ],
  // A widget's ui:options follow its schema (schemas/content/widget-options.schema.json): the explainer needs closeKey.
  'widget-option': [
    {
      file: 'flows/demo/screens/start.json',
      pointer: '/form/uiSchema/color/ui:options',
      message: 'is missing required property "closeKey"',
    },
  ],
  // Errors an editor can act on: line and column, one message for one mistake, the type a list value needs.
  'json-syntax': [{ file: 'rules/notes.json', pointer: '', message: 'is not valid JSON at line 3, column 18' }],
  'unknown-condition': [
    {
      file: 'rules/routing/pick.json',
      pointer: '/rows/0/when/condition',
      message: 'names condition "redChosn", which rules/conditions.json does not define',
    },
  ],
  'condition-cycle': [
    {
      file: 'rules/conditions.json',
      pointer: '/conditions/trialAllowed/when/or/1/==/0/condition',
      message: 'names condition "chosenColr", which rules/conditions.json does not define',
    },
    {
      file: 'rules/conditions.json',
      pointer: '/conditions/trialOffered',
      message: 'condition "trialOffered" names itself: trialOffered → trialAllowed → trialOffered',
    },
  ],
  'unknown-anchor': [
    {
      file: 'flows/demo/screens/start.json',
      pointer: '/variants/0/merge/form/uiSchema/ui:order/after',
      message: 'adds after "colour", which form.uiSchema.ui:order does not hold',
    },
  ],
  'step-up-screen': [
    {
      file: 'rules/step-ups.json',
      pointer: '/kinds/COLOR_CHECK/screen',
      message: 'step-up COLOR_CHECK names screen "othr", which flows/<flow>/screens/ does not have',
    },
  ],
  'broken-operator': [
    { file: 'rules/routing/pick.json', pointer: '/rows/0/when', message: 'condition fails: Unrecognized operation =' },
  ],
  'wrong-list-type': [
    {
      file: 'flows/demo/screens/start.json',
      pointer: '/form/schema/properties/color/enum/0',
      message: 'list value "red" is a string, but field "color" has type integer',
    },
    {
      file: 'flows/demo/screens/start.json',
      pointer: '/form/schema/properties/color/enum/1',
      message: 'list value "blue" is a string, but field "color" has type integer',
    },
  ],
  'comes-with': [
    {
      file: 'flows/demo/screens/done.json',
      pointer: '/busy/title',
      message:
        'names "field.colour.red", a message that comes with form screens only (locales/en-US/field.json), which this screen is not',
    },
    {
      file: 'locales/fr-CA/field.json',
      pointer: '/comesWith',
      message: 'comes with every page, but locales/en-US/field.json with form',
    },
  ],
  'server-only': [
    {
      file: 'flows/demo/screens/start.json',
      pointer: '/form/uiSchema/color/ui:enumLabels',
      message:
        'names "mail.welcome", a message only the server shows (locales/en-US/mail.json is serverOnly, so the browser lacks "mail.welcome.blue")',
    },
    {
      file: 'locales/fr-CA/mail.json',
      pointer: '/serverOnly',
      message: 'is not marked serverOnly, which locales/en-US/mail.json is',
    },
  ],
  'unnamed-step': [
    ...['en-CA', 'en-US', 'fr-CA'].map((locale) => ({
      file: 'flows/demo/flow.json',
      pointer: '/progress/stepKeys/other',
      message: `needs message key "demo.steps.other", which locales/${locale}/ lacks`,
    })),
    {
      file: 'flows/demo/screens/start.json',
      pointer: '/progress/flow',
      message: 'screen "start" is a step of flow "demo", which gives it no name in progress.stepKeys',
    },
  ],
  'wrong-namespace': [
    {
      file: 'locales/en-CA/demo.json',
      pointer: '/messages/other.title',
      message: 'has key "other.title", which locales/en-US/demo.json lacks',
    },
    {
      file: 'locales/en-CA/demo.json',
      pointer: '/messages/other.title',
      message: 'key "other.title" does not start with the file\'s namespace "demo."',
    },
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

  it('suggests the nearest route, format and saved field', async () => {
    const fixes = async (name: string) => (await checkContent(tree(name))).map((problem) => problem.fix).join('\n');
    expect(await fixes('unknown-route')).toContain('Did you mean "PUT /api/v2/applications/{id}"?');
    expect(await fixes('unknown-format')).toContain('Did you mean "business-name"?');
    expect(await fixes('unsaved-field')).toContain('(did you mean "source"?)');
    expect(await fixes('unsaved-field')).toContain('schemas/api/document-patch.schema.json');
    expect(await fixes('unknown-kind')).toContain('Did you mean "message"?');
    expect(await fixes('kind-option')).toContain('Did you mean "paragraphKeys"?');
    expect(await fixes('unknown-widget')).toContain('Did you mean "radio"?');
    expect(await fixes('unknown-document-path')).toContain('Did you mean "company.phone.localPhoneNumber"?');
    expect(await fixes('unknown-condition')).toContain('Did you mean "redChosen"?');
    expect(await fixes('condition-cycle')).toContain('Did you mean "chosenColor"?');
    expect(await fixes('unknown-anchor')).toContain('Did you mean "color"?');
    expect(await fixes('step-up-screen')).toContain('Did you mean "other"?');
  });

  it('runs over the real repository tree and prints what it finds', async () => {
    const problems = await checkContent(REPO);
    for (const problem of problems) console.log(`${problem.file}#${problem.pointer}: ${problem.message}`);
    expect(problems).toEqual([]);
  });
});
