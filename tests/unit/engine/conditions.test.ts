import { evaluate, compute, firstMatch, variablesOf } from '../../../engine/conditions/index.ts';

describe('conditions (JSON Logic with named operators)', () => {
  it('an absent condition holds; a false one does not', () => {
    expect(evaluate(undefined, {})).toBe(true);
    expect(evaluate({ '==': [{ var: 'a' }, 1] }, { a: 2 })).toBe(false);
  });

  it('firstStepUp skips excluded kinds and reads strings or {type} objects', () => {
    const stepUps = [{ type: 'BO_VERIFICATION' }, { type: 'OTP_SMS' }, 'FULL_SSN'];
    expect(compute({ firstStepUp: [{ var: 's' }, ['BO_VERIFICATION']] }, { s: stepUps })).toBe('OTP_SMS');
    expect(compute({ firstStepUp: [{ var: 's' }, ['BO_VERIFICATION', 'OTP_SMS']] }, { s: stepUps })).toBe('FULL_SSN');
    expect(compute({ firstStepUp: [{ var: 's' }] }, { s: [] })).toBeNull();
    expect(compute({ firstStepUp: [{ var: 's' }] }, { s: 'nonsense' })).toBeNull();
  });

  it('present, count, startsWith and contains', () => {
    expect(evaluate({ present: { var: 'x' } }, { x: '  ' })).toBe(false);
    expect(evaluate({ present: { var: 'x' } }, { x: 'a' })).toBe(true);
    expect(evaluate({ present: { var: 'x' } }, { x: [] })).toBe(false);
    expect(compute({ count: { var: 'x' } }, { x: [1, 2] })).toBe(2);
    expect(evaluate({ startsWith: [{ var: 't' }, 'gopay.'] }, { t: 'gopay.x' })).toBe(true);
    expect(evaluate({ startsWith: [{ var: 't' }, 'gopay.'] }, { t: 'x.gopay.' })).toBe(false);
    expect(evaluate({ contains: [{ var: 't' }, 'signup-eu'] }, { t: '/a/signup-eu/b' })).toBe(true);
  });

  it('firstMatch takes the first row that holds, in order', () => {
    const rows = [
      { when: { '>': [{ var: 'n' }, 10] }, to: 'big' },
      { when: { '>': [{ var: 'n' }, 1] }, to: 'some' },
      { to: 'none' },
    ];
    expect(firstMatch(rows, { n: 20 })?.to).toBe('big');
    expect(firstMatch(rows, { n: 5 })?.to).toBe('some');
    expect(firstMatch(rows, { n: 0 })?.to).toBe('none');
  });

  it('lists the variables a condition reads', () => {
    expect(
      variablesOf({ and: [{ var: 'application.decision' }, { present: { var: 'query.completed' } }] }).sort(),
    ).toEqual(['application.decision', 'query.completed']);
  });
});
