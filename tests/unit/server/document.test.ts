import fc from 'fast-check';
import { atPointer, deepMerge, maskTail, newDocument, publicView } from '../../../server/domain/document.ts';

/** Oracle: merge by walking the patch's leaves onto a JSON copy of the target. */
function oracleMerge(target: unknown, patch: unknown): unknown {
  const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObj(patch) || !isObj(target)) return JSON.parse(JSON.stringify(patch));
  const out: Record<string, unknown> = JSON.parse(JSON.stringify(target));
  for (const key of Object.keys(patch)) out[key] = oracleMerge(out[key], patch[key]);
  return out;
}

const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    tie('object'),
  ),
  object: fc.dictionary(fc.constantFrom('a', 'b', 'c', 'name', 'x'), tie('value'), { maxKeys: 4 }),
})).object;

describe('deepMerge', () => {
  it('agrees with the oracle and changes neither input', () => {
    fc.assert(
      fc.property(json, json, (target, patch) => {
        const before = JSON.stringify([target, patch]);
        expect(deepMerge(target, patch)).toEqual(oracleMerge(target, patch));
        expect(JSON.stringify([target, patch])).toBe(before);
      }),
    );
  });
});

describe('maskTail', () => {
  it('keeps exactly the last four characters and the length', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,17}$/), (value) => {
        const masked = maskTail(value);
        expect(masked).toHaveLength(value.length);
        expect(masked.slice(-4)).toBe(value.slice(-4));
        if (value.length > 4) expect(masked.slice(0, -4)).toMatch(/^\*+$/);
      }),
    );
  });
});

describe('publicView', () => {
  it('masks account numbers and government ids, and leaves the stored document alone', () => {
    const doc = newDocument({
      applicant: { governmentIdentification: { type: 'SSN9', value: '123456789' }, sin: '130692544' },
      company: { governmentIdentification: { type: 'FEIN', value: '987654321' } },
    });
    doc.bank = { account: { accountNumber: '000123456789', routingNumber: '011000015' } };
    doc.owners = [{ governmentIdentification: { value: '111223333' } }, { firstName: 'Ann' }];
    const stored = structuredClone(doc);
    const view = publicView(doc);
    expect(atPointer(view, '/bank/account/accountNumber')).toBe('********6789');
    expect(atPointer(view, '/bank/account/routingNumber')).toBe('011000015');
    expect(atPointer(view, '/applicant/governmentIdentification/value')).toBe('*****6789');
    expect(atPointer(view, '/applicant/governmentIdentification/type')).toBe('SSN9');
    expect(atPointer(view, '/applicant/sin')).toBe('*****2544');
    expect(atPointer(view, '/company/governmentIdentification/value')).toBe('*****4321');
    expect(atPointer(view, '/owners/0/governmentIdentification/value')).toBe('*****3333');
    expect(atPointer(view, '/owners/1')).toEqual({ firstName: 'Ann' });
    expect(doc).toEqual(stored);
  });
});

describe('newDocument', () => {
  it('makes ids of the doc1 §2.1 shape and ignores a client id', () => {
    fc.assert(
      fc.property(fc.string(), (clientId) => {
        const doc = newDocument({ application: { id: clientId } });
        expect(doc.application.id).toMatch(/^urn:app:\w{4,12}-\w{4,12}-\w{4,12}-\w{4,12}-\w{4,12}$/);
        expect(doc.application.id).not.toBe(clientId);
      }),
      { numRuns: 50 },
    );
  });
});
