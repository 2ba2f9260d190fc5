import { readFileSync } from 'node:fs';
import {
  categoryType,
  decide,
  decisionContext,
  missingFields,
  type DecisioningRules,
} from '../../../server/domain/decisioning.ts';
import { newDocument } from '../../../server/domain/document.ts';
import { loadContent } from '../../../server/content.ts';

const rules = JSON.parse(
  readFileSync(new URL('../../../rules/decisioning.json', import.meta.url), 'utf8'),
) as DecisioningRules;

describe('rules/decisioning.json', () => {
  it('loads and passes its meta-schema', () => {
    expect(() => loadContent()).not.toThrow();
  });

  it.each(rules.fixtures ?? [])('fixture $expect', ({ context, expect: expected }) => {
    expect(decide(rules, context).rowId).toBe(expected);
  });

  it('has unique row ids', () => {
    const ids = rules.rows.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('can reach every decision and every step-up kind (doc1 §4.1, §4.2)', () => {
    const outcomes = [...rules.rows.map((r) => r.outcome), rules.default];
    const decisions = new Set(outcomes.map((o) => o.decision));
    const stepUps = new Set(outcomes.flatMap((o) => o.stepUps));
    for (const d of ['PENDING', 'APPROVED', 'DECLINED', 'APPROVED_PENDING', 'DECLINED_PENDING', 'ERROR'])
      expect(decisions).toContain(d);
    for (const s of [
      'BO_INFO',
      'BO_VERIFICATION',
      'BUSINESS_INFO',
      'GOV_ID_SELFIE',
      'OTP_SMS',
      'EIN_DOC',
      'FULL_ONBOARDING',
      'FULL_SSN',
      'PHONE_AUTH',
    ])
      expect(stepUps).toContain(s);
  });

  it('is rejected by the loader when broken (the meta-schema check can fail)', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, cpSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const root = mkdtempSync(join(tmpdir(), 'rules-'));
    mkdirSync(join(root, 'rules'));
    cpSync(new URL('../../../schemas', import.meta.url), join(root, 'schemas'), { recursive: true });
    cpSync(new URL('../../../rules/config.json', import.meta.url), join(root, 'rules/config.json'));
    writeFileSync(
      join(root, 'rules/decisioning.json'),
      JSON.stringify({ ...rules, default: { decision: 'MAYBE', stepUps: [], boStatus: 'NONE', level: 'FULL' } }),
    );
    expect(() => loadContent(root)).toThrow(/decisioning\.json does not match[\s\S]*\/default\/decision/);
  });
});

describe('categoryType', () => {
  it('is REGULAR for an unknown MCC', () => expect(categoryType(undefined, 'SUPER_PROHIBITED')).toBe('REGULAR'));
  it('believes a claimed type only when an industry with that MCC has it', () => {
    const facts = { mcc: '5999', types: ['REGULAR', 'PROHIBITED'] };
    expect(categoryType(facts, 'REGULAR')).toBe('REGULAR');
    expect(categoryType(facts, 'PROHIBITED')).toBe('PROHIBITED');
    expect(categoryType(facts, 'SUPER_PROHIBITED')).toBe('PROHIBITED');
    expect(categoryType(facts, undefined)).toBe('PROHIBITED');
  });
});

describe('missingFields', () => {
  it('lists the market-specific required fields of an empty document', () => {
    const doc = newDocument({});
    const us = missingFields(
      rules,
      doc,
      decisionContext(doc, 'US', () => undefined),
    );
    const ca = missingFields(
      rules,
      doc,
      decisionContext(doc, 'CA', () => undefined),
    );
    expect(us).toContain('/applicant/address/state');
    expect(us).not.toContain('/applicant/address/territory');
    expect(ca).toContain('/applicant/address/territory');
    expect(ca).not.toContain('/applicant/address/state');
  });

  it('treats blank strings as missing', () => {
    const doc = newDocument({ applicant: { name: { firstName: '   ', lastName: 'Lee' } } });
    const missing = missingFields(
      rules,
      doc,
      decisionContext(doc, 'US', () => undefined),
    );
    expect(missing).toContain('/applicant/name/firstName');
    expect(missing).not.toContain('/applicant/name/lastName');
  });
});
