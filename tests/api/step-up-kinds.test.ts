/**
 * Step-up kinds in one place (issue 25): "a new step-up kind that collects a form, or a document upload, is content
 * only". A temporary copy of the content adds two kinds to rules/step-ups.json and their sandbox triggers to
 * rules/decisioning.json; `npm run gen:types`'s step-up step (scripts/step-up-kinds.ts) writes the kinds into the
 * schemas; the server built on that copy asks for them and takes their answers, with no TypeScript added.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stepUpSchemaChanges, writeStepUpKinds } from '../../scripts/step-up-kinds.ts';
import { completeUs, startHarness, type Harness } from './harness.ts';

const REPO = join(import.meta.dirname, '../..');

/** A copy of rules/, schemas/ and locales/ with two new kinds, each asked for by a legal name containing its trigger. */
function contentWithNewKinds(): string {
  const root = mkdtempSync(join(tmpdir(), 'step-up-kinds-'));
  for (const folder of ['rules', 'schemas', 'locales'])
    cpSync(join(REPO, folder), join(root, folder), { recursive: true });
  const stepUpsFile = join(root, 'rules/step-ups.json');
  const stepUps = JSON.parse(readFileSync(stepUpsFile, 'utf8'));
  stepUps.kinds.TAX_FORM = {
    description: 'The tax year the business last filed (a form).',
    sandbox: 'sandbox-stepup-tax-form',
    answer: {
      route: 'tax-form',
      body: {
        type: 'object',
        required: ['taxYear'],
        additionalProperties: false,
        properties: { taxYear: { type: 'integer', minimum: 2000, maximum: 2100 } },
      },
    },
  };
  stepUps.kinds.TAX_DOC = {
    description: 'The last tax return of the business (a document upload).',
    sandbox: 'sandbox-stepup-tax-doc',
    answer: {
      route: 'tax-doc',
      body: {
        type: 'object',
        required: ['document'],
        additionalProperties: false,
        properties: { document: { type: 'string', maxLength: 200_000 } },
      },
      document: { property: 'document', maxBytes: 96 * 1024, mediaTypes: ['application/pdf', 'image/png'] },
    },
  };
  writeFileSync(stepUpsFile, JSON.stringify(stepUps));
  const decisioningFile = join(root, 'rules/decisioning.json');
  const decisioning = JSON.parse(readFileSync(decisioningFile, 'utf8'));
  const trigger = (kind: string, word: string) => ({
    id: `sandbox-stepup-${kind.toLowerCase().replace('_', '-')}`,
    description: `Sandbox: a legal business name containing ${word} asks for the ${kind} step-up`,
    when: { contains: [{ var: 'company.name' }, word] },
    outcome: { decision: 'APPROVED_PENDING', stepUps: [kind], boStatus: 'NONE', level: 'FULL' },
  });
  decisioning.rows.unshift(trigger('TAX_FORM', 'TAXFORM'), trigger('TAX_DOC', 'TAXDOC'));
  writeFileSync(decisioningFile, JSON.stringify(decisioning));
  writeStepUpKinds(root);
  return root;
}

const root = contentWithNewKinds();
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ root });
}, 180_000);
afterAll(async () => h?.close());
beforeEach(async () => h.t.reset());

async function onboardedAs(name: string) {
  const cookie = await h.signUp();
  const body = { applicant: completeUs.applicant, company: { ...completeUs.company, name } };
  const created = await h.call('POST', '/api/v2/applications', cookie, body);
  expect(created.statusCode).toBe(201);
  const id = created.json().application.id as string;
  const onboarded = await h.call('POST', `/api/v2/applications/${id}/onboard`, cookie);
  expect(onboarded.statusCode).toBe(200);
  return { id, cookie, document: onboarded.json() };
}

const types = (document: { application: { stepUpDetails: Array<{ type: string }> } }) =>
  document.application.stepUpDetails.map((stepUp) => stepUp.type);

describe('a step-up kind added by content alone', () => {
  it('is written into every schema that lists the kinds', () => {
    expect(stepUpSchemaChanges(root)).toEqual([]);
    const entity = readFileSync(join(root, 'schemas/entities/step-up-detail.schema.json'), 'utf8');
    expect(entity).toContain('"TAX_FORM", "TAX_DOC"');
  });

  it('collects a form: asked for by its sandbox trigger, refused with the field named, answered, then gone', async () => {
    const { id, cookie, document } = await onboardedAs('Tax TAXFORM Shop');
    expect(types(document)).toEqual(['TAX_FORM']);
    const refused = await h.call('POST', `/api/v2/applications/${id}/step-ups/tax-form`, cookie, { taxYear: 'x' });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json().details)).toContain('taxYear');
    const answered = await h.call('POST', `/api/v2/applications/${id}/step-ups/tax-form`, cookie, { taxYear: 2025 });
    expect(answered.statusCode).toBe(200);
    expect(types(answered.json())).toEqual([]);
    expect(answered.json().application.stepUpAnswers).toEqual({ TAX_FORM: { taxYear: 2025 } });
    const again = await h.call('POST', `/api/v2/applications/${id}/step-ups/tax-form`, cookie, { taxYear: 2025 });
    expect(again.statusCode).toBe(409);
  });

  it("takes a document upload as a data URL within its size and media types, with the browser widget's message keys otherwise", async () => {
    const { id, cookie, document } = await onboardedAs('Tax TAXDOC Shop');
    expect(types(document)).toEqual(['TAX_DOC']);
    const send = (body: unknown, locale = 'en-US') =>
      h.call('POST', `/api/v2/applications/${id}/step-ups/tax-doc`, cookie, body, { 'accept-language': locale });
    const pdf = `data:application/pdf;base64,${Buffer.alloc(80 * 1024, 1).toString('base64')}`;
    const big = `data:application/pdf;base64,${Buffer.alloc(100 * 1024, 1).toString('base64')}`;
    const text = `data:text/plain;base64,${Buffer.from('hello').toString('base64')}`;

    const tooLarge = await send({ document: big });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().details).toEqual([
      {
        field: '/document',
        key: 'validation.document.tooLarge',
        description: 'This file is too large. Choose a smaller file.',
      },
    ]);
    const wrongType = await send({ document: text }, 'fr-CA');
    expect(wrongType.statusCode).toBe(400);
    // One key for one problem, in the browser (the `document` format, tests/component/document-widget.test.tsx) and here.
    expect(wrongType.json().details[0]).toMatchObject({ field: '/document', key: 'validation.document' });
    expect(wrongType.json().details[0].description).toBe('Choisissez un PDF ou une image (JPEG, PNG).');
    const notAFile = await send({ document: 'hello' });
    expect(notAFile.statusCode).toBe(400);
    expect(notAFile.json().details[0]).toMatchObject({ field: '/document', key: 'validation.document' });

    const answered = await send({ document: pdf });
    expect(answered.statusCode).toBe(200);
    expect(types(answered.json())).toEqual([]);
    expect(answered.json().application.stepUpAnswers.TAX_DOC).toEqual({ document: pdf });
  });
});
