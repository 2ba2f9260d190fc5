import { firstNul } from '../../../server/http/no-nul.ts';

describe('NUL characters in input', () => {
  it('finds the first string or key holding one, by JSON pointer', () => {
    expect(firstNul({ a: 'ok', b: [{ c: 'x\u0000y' }] })).toBe('/b/0/c');
    expect(firstNul({ 'k\u0000': 1 })).toBe('/k\u0000');
    expect(firstNul('a\u0000')).toBe('/');
    expect(firstNul({ a: 'fine', b: [1, 2, { c: 'ok' }] })).toBeUndefined();
    expect(firstNul({ 'a/b': 'x\u0000' })).toBe('/a~1b');
    expect(firstNul({ a: { b: '\ud800' } })).toBe('/a/b');
    expect(firstNul({ a: 'emoji 😀 fine' })).toBeUndefined();
  });
});
