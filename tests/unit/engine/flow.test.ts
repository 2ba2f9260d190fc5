import { nextScreen } from '../../../engine/flow/transitions.ts';
import { pathFor, routePatterns } from '../../../engine/flow/paths.ts';
import { mergePatch } from '../../../engine/content/merge-patch.ts';
import { resolveScreen, possibleFormSchemas } from '../../../engine/content/resolve.ts';
import { formDataFrom, changesFrom } from '../../../engine/state/bind.ts';
import type { ContentBundle, Screen } from '../../../engine/content/types.ts';

const tables = {
  outcome: {
    description: 'd',
    rows: [{ when: { '==': [{ var: 'application.decision' }, 'ERROR'] }, to: 'error' }, { table: 'inner' }],
  },
  inner: {
    description: 'd',
    rows: [{ when: { '==': [{ var: 'application.decision' }, 'APPROVED'] }, to: 'approved' }],
  },
  loop: { description: 'd', rows: [{ table: 'loop' }] },
};

describe('transitions', () => {
  it('takes the first row that holds, following tables', () => {
    expect(nextScreen([{ table: 'outcome' }], { application: { decision: 'ERROR' } }, tables)).toBe('error');
    expect(nextScreen([{ table: 'outcome' }], { application: { decision: 'APPROVED' } }, tables)).toBe('approved');
    expect(
      nextScreen([{ table: 'outcome' }, { to: 'fallback' }], { application: { decision: 'PENDING' } }, tables),
    ).toBe('fallback');
    expect(nextScreen([{ table: 'outcome' }], { application: { decision: 'PENDING' } }, tables)).toBeUndefined();
  });

  it('refuses unknown and looping tables', () => {
    expect(() => nextScreen([{ table: 'nope' }], {}, tables)).toThrow(/unknown routing table/);
    expect(() => nextScreen([{ table: 'loop' }], {}, tables)).toThrow(/loop/);
  });
});

const bundle = {
  flows: { signup: { id: 'signup', entry: 'a', params: { applicationId: { var: 'application.id' } } } },
  screens: { a: { id: 'a', flow: 'signup', path: '/:applicationId/applicant', kind: 'form', messages: 'x' } },
  calls: {},
  tables: {},
} as unknown as ContentBundle;

describe('paths', () => {
  it('every path also answers under the co-brand prefix', () => {
    expect(routePatterns('/')).toEqual(['/', '/r/:referralUrlId']);
    expect(routePatterns('/:applicationId/bank')).toEqual([
      '/:applicationId/bank',
      '/r/:referralUrlId/:applicationId/bank',
    ]);
  });

  it('fills parameters from the flow expressions and keeps the co-brand prefix', () => {
    const id = 'urn:app:1111-2222-3333-4444-555566667777';
    expect(pathFor('a', { application: { id } }, bundle)).toBe(`/${id}/applicant`);
    expect(pathFor('a', { application: { id }, environment: { referralUrlId: 'acme' } }, bundle)).toBe(
      `/r/acme/${id}/applicant`,
    );
    expect(() => pathFor('a', { application: {} }, bundle)).toThrow(/no value for :applicationId/);
  });
});

describe('variants', () => {
  const screen: Screen = {
    id: 's',
    path: '/s',
    kind: 'form',
    messages: 'm',
    form: {
      schema: { type: 'object', properties: { n: { type: 'string', format: 'person-name' }, x: { type: 'string' } } },
    },
    variants: [
      {
        when: { '==': [{ var: 'environment.market' }, 'CA'] },
        merge: { form: { schema: { properties: { n: { format: 'person-name-accented' } } } } },
      },
      { when: { '==': [{ var: 'flags.short' }, true] }, merge: { form: { schema: { properties: { x: null } } } } },
      { when: { '==': [{ var: 'flags.other' }, true] }, merge: { messages: 'other' } },
    ],
  };

  it('merges every variant whose condition holds (RFC 7396: null deletes)', () => {
    const ca = resolveScreen(screen, { environment: { market: 'CA' }, flags: { short: true } });
    expect(ca.form!.schema).toEqual({
      type: 'object',
      properties: { n: { type: 'string', format: 'person-name-accented' } },
    });
    expect(resolveScreen(screen, { environment: { market: 'US' }, flags: {} })).toEqual(screen);
  });

  it('lists one schema per subset of the variants that change the schema', () => {
    const schemas = possibleFormSchemas(screen);
    expect(schemas).toHaveLength(4);
    expect(new Set(schemas.map((s) => JSON.stringify(s))).size).toBe(4);
  });

  it('merge patch replaces arrays and scalars, merges objects', () => {
    expect(mergePatch({ a: [1, 2], b: { c: 1, d: 2 } }, { a: [3], b: { d: null, e: 5 } })).toEqual({
      a: [3],
      b: { c: 1, e: 5 },
    });
  });
});

describe('bindings', () => {
  const bind = { first: 'applicant.name.firstName', zip: 'company.address.zip' };
  it('fills a form from the document and makes the partial document back', () => {
    const doc = { applicant: { name: { firstName: 'Ann' } }, company: {} };
    expect(formDataFrom(doc, bind)).toEqual({ first: 'Ann' });
    expect(changesFrom({ first: 'Bo', zip: '12345', stray: 1 }, bind)).toEqual({
      applicant: { name: { firstName: 'Bo' } },
      company: { address: { zip: '12345' } },
    });
  });

  it('a cleared field is sent as null so the API clears it', () => {
    expect(changesFrom({ first: undefined }, bind)).toEqual({ applicant: { name: { firstName: null } } });
  });
});

import { normalizeForm } from '../../../engine/form/normalize.ts';

describe('normalisers named in content', () => {
  it('digits keeps only digits; other fields are untouched; an unknown normaliser is an error', () => {
    expect(
      normalizeForm({ mobile: '(512) 555-0147', name: ' Ann ' }, { mobile: { 'ui:normalize': 'digits' } }),
    ).toEqual({ mobile: '5125550147', name: ' Ann ' });
    expect(() => normalizeForm({ a: 'x' }, { a: { 'ui:normalize': 'nope' } })).toThrow(/unknown normaliser/);
  });
});
