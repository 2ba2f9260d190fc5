import { describe, expect, it } from 'vitest';
import { queryFor } from '../../../engine/flow/transitions.ts';

describe('a transition row adds query parameters to its target (flows/README.md)', () => {
  it('keeps fixed strings as they are, encoded', () => {
    expect(queryFor({ query: { completed: 'true', note: 'a b&c' } }, {})).toBe('?completed=true&note=a+b%26c');
  });
  it('computes expressions over the context and leaves out empty or missing values', () => {
    const row = {
      query: { invitation: { var: 'query.invitation' }, step: { var: 'form.step' }, empty: { var: 'form.empty' } },
    };
    expect(queryFor(row, { query: { invitation: 'tok' }, form: { step: 2, empty: '' } })).toBe(
      '?invitation=tok&step=2',
    );
    expect(queryFor(row, {})).toBe('');
  });
  it('never writes an object or a list into an address', () => {
    expect(queryFor({ query: { x: { var: 'data' } } }, { data: { secret: 1 } })).toBe('');
    expect(queryFor(undefined, {})).toBe('');
  });
});
